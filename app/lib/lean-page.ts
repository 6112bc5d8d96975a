/**
 * Lean pages: every shopper's page is server-rendered React that never hydrates. The document
 * carries no React or Remix client code, only the shop's browser module (app/browser/main.ts),
 * whose behaviours enhance the server's markup. The owner's admin area is the exception: its
 * routes export `handle = HYDRATED_PAGE` and run as a React app. Why: docs/decisions/lean-pages.md.
 */

/** The admin area's routes export this handle; root.tsx then renders <Scripts/> instead of the browser module. */
export const HYDRATED_PAGE = { hydrate: true } as const;

/**
 * Whether a path is a lean page: anything outside the admin area. The hydrated admin loads such a
 * page as a document (root.tsx's clientLoader); tests/unit/lib/lean-page.test.ts checks this
 * rule against the routes' handles.
 */
export function isLeanPath(pathname: string): boolean {
  return !/^\/admin(?:$|[/_-])/.test(pathname);
}

export function isLeanMatch(matches: { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as { hydrate?: unknown } | undefined)?.hydrate === true);
}
