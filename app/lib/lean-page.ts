import { type ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * Lean pages: the catalogue pages (home, /shop, categories, search, product) ship no React or
 * Remix client code. Their route exports `handle = LEAN_PAGE`, which root.tsx reads (useMatches)
 * to leave out <Scripts/> and <ScrollRestoration/> and load the shop's one small browser module
 * instead (app/browser/enhance.ts), which enhances the server's markup.
 */
export const LEAN_PAGE = { hydrate: false } as const;

/**
 * Whether a path is one of the lean pages (the routes exporting LEAN_PAGE: _index, shop._index,
 * shop.$categorySlug, product.$slug). Hydrated pages' shop links to these let the browser load
 * them as documents (components/ui/shop-link.tsx); tests/unit/lib/lean-page.test.ts checks that
 * this list and the routes' handles agree.
 */
export function isLeanPath(pathname: string): boolean {
  return pathname === "/" || pathname === "/shop" || /^\/shop\/[^/]+\/?$/.test(pathname) || /^\/product\/[^/]+\/?$/.test(pathname);
}

export function isLeanMatch(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as { hydrate?: unknown } | undefined)?.hydrate === false);
}

/**
 * A lean page's clientLoader: a hydrated page (cart, checkout, account) that navigates to a lean
 * page on the client (a link, a redirect after a form) loads it as a document instead, so a lean
 * page is always the server's HTML plus the browser module, never a React render in the browser.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
