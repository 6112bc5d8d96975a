import { type ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * What a lean page's route exports (see lib/lean-page.ts): `handle = LEAN_PAGE`, which root.tsx
 * reads (useMatches) to leave out <Scripts/> and <ScrollRestoration/> and load the shop's browser
 * module instead, and `clientLoader = loadAsDocument`. Kept apart from lean-page.ts so that the
 * React pages' bundle (which imports isLeanPath) does not carry them.
 */
export const LEAN_PAGE = { hydrate: false } as const;

/**
 * A lean page's clientLoader: a hydrated page (cart, checkout, account) that navigates to a lean
 * page on the client (a link, a redirect after a form) loads it as a document instead, so a lean
 * page is always the server's HTML plus the browser module, never a React render in the browser.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/**
 * The payment pages' clientLoader: reached from another page on the client (a link or redirect
 * that did not ask for a new document), they load as a document, because the payment page's
 * Content-Security-Policy (PayPal's hosts, in sandbox and live) comes with its own document.
 * The page's own revalidation (after its forms) stays on the client.
 */
export function loadPaymentAsDocument({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<unknown> {
  if (new URL(request.url).pathname === window.location.pathname) return serverLoader();
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
