import { isLocale, type Locale } from "~/i18n/locales";
import { jsonError } from "~/web/http.server";

/**
 * The language a public catalogue API answers in: `?locale=pl` gives the owner's Polish texts
 * (an empty one falls back to English, listed in `fallback`); left out or `en`, English as
 * before. Any other value: 400.
 */
export function apiLocale(request: Request): Locale {
  const value = new URL(request.url).searchParams.get("locale");
  if (value === null || value === "") return "en";
  if (!isLocale(value)) throw jsonError("locale must be en or pl", 400, { locale: ["locale must be en or pl"] });
  return value;
}

/** What a Polish answer adds at its top level: `locale: "pl"` (nothing in English, so English answers stay as they were). */
export function localeField(locale: Locale): { locale?: Locale } {
  return locale === "en" ? {} : { locale };
}
