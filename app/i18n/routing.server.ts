import { DEFAULT_LOCALE, isLocalisedPath, LOCALES, localeOfPath, stripLocale } from "./locales";

/** The path prefixes of the languages other than English ("/pl"), each answered under its basename. */
export const LOCALE_PREFIXES: readonly string[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => `/${l}`);

/**
 * The prefix a request's path is answered under, or null for English. A prefixed path that
 * exists in one language only ("/pl/api/...", "/pl/admin") is not a page of that language: the
 * English handler answers it, with its 404.
 */
export function localePrefixOf(pathname: string): string | null {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return null;
  return isLocalisedPath(stripLocale(pathname)) ? `/${locale}` : null;
}
