import { withMailLocale } from "~/domain/mail/mail-locale.server";
import { localeOf } from "~/i18n/i18n.server";
import { rememberedLocale } from "~/i18n/language-cookie.server";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";

/**
 * The language of the e-mails a request asks for: the page's that asked ("/pl/forgot-password"
 * → Polish); for an API call, which has no page, the language the `lang` cookie remembers; else
 * English. The admin (its pages and its API) is English, and so is what it causes to be sent.
 */
export function mailLocaleOf(request: Request): Locale {
  const path = new URL(request.url).pathname;
  if (/^\/api\/admin(?:\/|$)/.test(path)) return DEFAULT_LOCALE;
  if (/^\/api(?:\/|$)/.test(path)) return rememberedLocale(request) ?? DEFAULT_LOCALE;
  return localeOf(request);
}

/** Runs a loader or an action in its request's mail language (server/remix.ts wraps every one). */
export function inRequestLanguage<T>(request: Request, fn: () => T): T {
  return withMailLocale(mailLocaleOf(request), fn);
}
