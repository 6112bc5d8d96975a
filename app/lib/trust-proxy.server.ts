import type http from "node:http";

export const FORWARDED_WITHOUT_TRUST_MESSAGE =
  "A request came with X-Forwarded-For but TRUST_PROXY is 0: behind a proxy? set TRUST_PROXY to the number of proxies in front of the shop. Until then every client has the proxy's address, and each per-address limit is one limit for the whole shop.";

/**
 * For production with TRUST_PROXY=0: returns the check the server runs on every request. A
 * request carrying X-Forwarded-For means a proxy the shop does not count; it is logged as an
 * error at most once per `intervalMs` in this process, so a busy shop's log stays readable.
 * See docs/decisions/behind-a-proxy.md.
 */
export function forwardedWithoutTrustCheck(log: { error: (message: string) => void }, intervalMs = 60_000) {
  let lastAt = Number.NEGATIVE_INFINITY;
  return function check(headers: http.IncomingHttpHeaders, now = Date.now()): void {
    if (headers["x-forwarded-for"] === undefined) return;
    if (now - lastAt < intervalMs) return;
    lastAt = now;
    log.error(FORWARDED_WITHOUT_TRUST_MESSAGE);
  };
}
