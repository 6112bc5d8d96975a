/** The 403 message of a write from another site (the contract's wording). */
export const CROSS_SITE_MESSAGE = "Cross-site request refused";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request is a state-changing one from another origin than the shop's (APP_URL's): the
 * server refuses those with 403 before anything reads them. Without an Origin header the browser's
 * Sec-Fetch-Site decides: `cross-site` is refused; with neither header (curl, scripts, old
 * browsers) the request passes, as SameSite=Lax cookies already keep other sites' posts
 * unauthenticated. APP_URL's origin only: the Host header is the client's to choose (DNS
 * rebinding), so it never vouches for the Origin.
 */
export function isCrossSiteWrite(method: string, headers: { origin?: string | null; secFetchSite?: string | null }, appUrl: string): boolean {
  if (READS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  if (!origin) return (headers.secFetchSite ?? "").toLowerCase() === "cross-site";
  return origin.replace(/\/$/, "") !== new URL(appUrl).origin;
}
