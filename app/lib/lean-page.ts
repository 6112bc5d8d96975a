/**
 * Lean pages: the catalogue pages (home, /shop, categories, search, product) ship no React or
 * Remix client code. Their route exports `handle = LEAN_PAGE` (lib/lean-route.ts), which root.tsx
 * reads (isLeanMatch) to leave out <Scripts/> and <ScrollRestoration/> and load the shop's one
 * small browser module instead (app/browser/enhance.ts), which enhances the server's markup.
 * Why: docs/decisions/lean-pages.md.
 */

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
