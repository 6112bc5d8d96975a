import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, type Locale } from "./locales";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language the `lang` cookie remembers; any other value than a language of ours is ignored. */
export function rememberedLocale(request: Request): Locale | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANG_COOKIE) {
      const value = decodeURIComponent(rest.join("=").trim());
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

function hasLanguageCookie(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${LANG_COOKIE}=`));
}

/**
 * The Set-Cookie that remembers the page's language, or null when nothing needs remembering.
 * The shop moves between languages only by the link to the other one, so the language last read
 * is the one chosen; e-mails asked for outside a page (the API) go in it. English is what no
 * cookie means: an English page sets none (its answers stay free of cookies for caches) unless
 * the cookie says otherwise or the Polish hint was just shown, which then shows only once.
 */
export function languageCookie(request: Request, locale: Locale, opts: { hinted?: boolean } = {}): string | null {
  if (rememberedLocale(request) === locale) return null;
  if (locale === DEFAULT_LOCALE && !opts.hinted && !hasLanguageCookie(request)) return null;
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The first language a browser asks for in Accept-Language, if it is one of ours. */
function preferredLocale(request: Request): Locale | null {
  const first = (request.headers.get("Accept-Language") ?? "").split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const language = first.split("-")[0];
  return isLocale(language) ? language : null;
}

/**
 * A first visit (no `lang` cookie yet) to an English page by a browser that prefers Polish gets
 * one line, in Polish, pointing at the Polish page. Never a redirect: the address decides the language.
 */
export function languageHint(request: Request, locale: Locale): { locale: Locale; text: string } | null {
  if (locale !== DEFAULT_LOCALE || rememberedLocale(request)) return null;
  const preferred = preferredLocale(request);
  return preferred === "pl" ? { locale: "pl", text: "Ten sklep jest też po polsku:" } : null;
}
