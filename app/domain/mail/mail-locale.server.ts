import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";

/**
 * The language of the e-mails the request being answered asks for (a reset link, an address to
 * confirm, a back-in-stock confirmation): the server runs every loader and action inside
 * withMailLocale (app/web/mail-locale.server.ts says which language a request has), so
 * enqueueMail finds it without every account function passing it along. An order's e-mails do
 * not use it: they go in the order's own language, whoever causes them.
 */
const requestLocale = new AsyncLocalStorage<Locale>();

/** Runs `fn` with `locale` as the language of the e-mails it queues. */
export function withMailLocale<T>(locale: Locale, fn: () => T): T {
  return requestLocale.run(locale, fn);
}

/** The mail language of the request being answered; English outside any request (a job, a script). */
export function requestMailLocale(): Locale {
  return requestLocale.getStore() ?? DEFAULT_LOCALE;
}
