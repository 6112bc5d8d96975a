/**
 * The shop's languages and the paths that carry them (browser-safe: no messages here).
 *
 * English lives at the unprefixed paths, every other language under its own prefix ("/pl/cart").
 * Only the shopper's pages have a second language: the admin, the API, uploads and the files
 * the server answers itself stay at one path each. docs/languages.md.
 */
export const LOCALES = ["en", "pl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that remembers the language the shopper last read the shop in. */
export const LANG_COOKIE = "lang";

/** Each language's name in itself, for the link to it ('Polski' on an English page). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", pl: "Polski" };

/** The BCP 47 tag given to Intl for dates, numbers and plurals. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", pl: "pl-PL" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Paths that exist in one language only: never prefixed, and a 404 under a prefix. */
const UNLOCALISED = /^\/(?:api|admin|admin-login|uploads|build|healthz|robots\.txt|sitemap\.xml|favicon\.[a-z]+)(?:[/?#.]|$)/;

export function isLocalisedPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNLOCALISED.test(path);
}

const PREFIX = /^\/([a-z]{2})(?=\/|\?|#|$)/;

/** The language a path is in: its prefix when that is one of ours (not English's), else English. */
export function localeOfPath(pathname: string): Locale {
  const prefix = PREFIX.exec(pathname)?.[1];
  return prefix && prefix !== DEFAULT_LOCALE && isLocale(prefix) ? prefix : DEFAULT_LOCALE;
}

/** The path without its language prefix ("/pl/cart" → "/cart", "/pl" → "/"). */
export function stripLocale(path: string): string {
  const locale = localeOfPath(path);
  if (locale === DEFAULT_LOCALE) return path;
  const rest = path.slice(locale.length + 1);
  if (rest === "" || rest.startsWith("?") || rest.startsWith("#")) return `/${rest}`;
  // "/pl//evil.example" must not become another site's address ("//evil.example").
  return rest.replace(/^\/{2,}/, "/");
}

/**
 * A shop path in a language: "/cart" → "/pl/cart", "/" → "/pl", "/?q=1" → "/pl?q=1". Paths of one
 * language only (the admin, the API, uploads), other sites and fragments stay as they are.
 */
export function localizePath(path: string, locale: Locale): string {
  const plain = stripLocale(path);
  if (locale === DEFAULT_LOCALE || !isLocalisedPath(plain)) return plain === path ? path : plain;
  if (plain === "/") return `/${locale}`;
  if (plain.startsWith("/?") || plain.startsWith("/#")) return `/${locale}${plain.slice(1)}`;
  return `/${locale}${plain}`;
}
