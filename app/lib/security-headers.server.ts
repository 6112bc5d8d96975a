/**
 * The security headers of every page. Documents get a Content-Security-Policy with
 * a fresh nonce per request for Remix's inline scripts; PayPal's hosts are added on the two
 * payment pages only, and only in sandbox or live (the emulator needs none: its approval page
 * is reached by a redirect, not a script). Responses that are not pages get a CSP that allows
 * nothing. The server sets these on every answer first (server/pipeline.ts); a page replaces the CSP.
 */
const PAYPAL = {
  live: { web: "https://www.paypal.com", api: "https://api-m.paypal.com" },
  sandbox: { web: "https://www.sandbox.paypal.com", api: "https://api-m.sandbox.paypal.com" },
} as const;

const PAYMENT_PAGE = /^\/(order\/\d+\/payment|order-payment\/\d+)\/?$/;

export function isPaymentPage(pathname: string): boolean {
  return PAYMENT_PAGE.test(pathname);
}

export function documentCsp(opts: { nonce: string; pathname: string; paypalMode?: string | null }): string {
  const mode = opts.paypalMode === "live" || opts.paypalMode === "sandbox" ? opts.paypalMode : null;
  const paypal = mode && isPaymentPage(opts.pathname) ? PAYPAL[mode] : null;
  // paypal-js loads the SDK from www.paypal.com in both modes; the buttons are frames of the mode's host.
  const payHosts = paypal ? ["https://www.paypal.com", paypal.web, "https://*.paypal.com", "https://*.paypalobjects.com"] : [];
  const unique = (list: string[]) => [...new Set(list)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${unique(["'self'", `'nonce-${opts.nonce}'`, ...payHosts])}`,
    `style-src ${unique(["'self'", "'unsafe-inline'", ...payHosts])}`,
    `img-src ${unique(["'self'", "data:", "blob:", ...payHosts])}`,
    `connect-src ${unique(["'self'", ...(paypal ? [...payHosts, paypal.api] : [])])}`,
    `frame-src ${paypal ? unique(payHosts) : "'none'"}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The CSP of anything that is not a page (JSON, CSV, files): nothing may run or embed it. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries (HSTS only when the shop is served over https). */
export function baseSecurityHeaders(appUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (appUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
