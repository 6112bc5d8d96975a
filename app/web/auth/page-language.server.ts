import { type ShopI18n } from "~/i18n/context";
import { i18nFor, i18nOf, localeOf } from "~/i18n/i18n.server";
import { getEnv } from "~/lib/env.server";
import { DEFAULT_LOCALE, isLocalisedPath, localizePath, stripLocale } from "~/i18n/locales";
import { type MetaArgsLike, seoContext } from "~/lib/meta";
import { type Toast } from "~/lib/toast";
import { safeRedirect } from "~/web/http.server";

// Where a sign-in page sends the browser next, and what it tells her, in the language of the page.

/**
 * The Location to give Remix's redirect() for `to` (a shop path, with or without a language
 * prefix) from this request's page. Under a language's basename Remix puts the prefix on every
 * path it is given: a shop path goes without one, and a path of one language only (the admin)
 * goes as an absolute URL on the shop's public address (APP_URL, not the request's Host or
 * scheme behind a proxy), which Remix leaves alone — "/admin" from /pl/login must not become the
 * 404 "/pl/admin".
 */
export function redirectTarget(request: Request, to: string): string {
  if (localeOf(request) === DEFAULT_LOCALE) return to;
  const plain = plainPath(to);
  return isLocalisedPath(plain) ? plain : new URL(plain, getEnv().APP_URL).href;
}

/** The same place as the browser module opens it itself (location.assign): with the page's prefix. */
export function browserTarget(request: Request, to: string): string {
  const locale = localeOf(request);
  return locale === DEFAULT_LOCALE ? to : localizePath(plainPath(to), locale);
}

/**
 * A shop path without its language prefix, checked again: "/pl//evil.example" passed
 * safeRedirect, but without "/pl" it is another site's address.
 */
function plainPath(to: string): string {
  return safeRedirect(stripLocale(to), "/");
}

/**
 * A notification in the language of the page it is shown on: the request's, or English when it
 * goes to a page of one language only (the admin stays English).
 */
export function pageToast(request: Request, toast: Toast, to?: string): Toast {
  if (to !== undefined && !isLocalisedPath(plainPath(to))) return { ...toast };
  const { text } = i18nOf(request);
  return { ...toast, title: text(toast.title), ...(toast.description ? { description: text(toast.description) } : {}) };
}

/** Field errors (Conform's reply) in the page's language, for the browser module that shows them as sent. */
export function pageErrors<E extends Record<string, string[] | null | undefined> | null | undefined>(request: Request, errors: E): E {
  if (!errors || localeOf(request) === DEFAULT_LOCALE) return errors;
  const { text } = i18nOf(request);
  return Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, list?.map(text) ?? list])) as E;
}

/** A page's `meta` words: meta runs on the server, and the root's data says the page's language. */
export function metaI18n(matches: MetaArgsLike["matches"]): ShopI18n {
  return i18nFor(seoContext(matches).locale ?? DEFAULT_LOCALE);
}
