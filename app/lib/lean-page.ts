/**
 * Lean pages: every shopper's page is server-rendered React that never hydrates. The document
 * carries no React or Remix client code, only the shop's browser module (app/browser/main.ts),
 * whose behaviours enhance the server's markup. The owner's admin area is the exception: it runs
 * as a React app, with its own styles. Why: docs/decisions/lean-pages.md.
 */

/**
 * The one rule: a page hydrates when its path is in the admin area (/admin, /admin/…, and
 * /admin-login), whichever route answers it, an error page or a 404 too. The server decides
 * with it (root.tsx's Layout), and so does the hydrated admin for the page it goes to next
 * (root.tsx's clientLoader), which is how it knows to load a shopper's page as a document.
 */
export function isLeanPath(pathname: string): boolean {
  return !/^\/admin(?:-login)?(?:\/|$)/.test(pathname);
}

/** /admin and every /admin/… page: the admin's own chrome (root.tsx). /admin-login is a sign-in page and keeps the shop's. */
export function isAdminAreaPath(pathname: string): boolean {
  return /^\/admin(?:\/|$)/.test(pathname);
}
