import { randomBytes } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { sql } from "kysely";
import { renderToString } from "react-dom/server";
import { stopMailKicks } from "~/domain/mail/sender.server";
import { stopJobs } from "~/domain/ops/jobs.server";
import { startServerJobs } from "~/jobs.server";
import { limitRequestBody } from "~/lib/body-limit.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger, routeOf } from "~/lib/logger.server";
import { NonceContext } from "~/lib/nonce";
import { baseSecurityHeaders, documentCsp, NON_DOCUMENT_CSP } from "~/lib/security-headers.server";
import { startReadEpoch } from "~/lib/sqlite.server";
import { forwardedWithoutTrustCheck } from "~/lib/trust-proxy.server";

// scripts/serve.cjs reads these from the build (build.entry.module): one logger for the whole
// process, the same security headers for the responses Remix does not render, and shutdown().
export { baseSecurityHeaders, logger, NON_DOCUMENT_CSP, routeOf };

/*
 * Remix 2 refuses a cross-origin document POST by throwing inside its request handler,
 * which answers an empty 500. The shop's contract is a 403 that says why, so every
 * action calls assertSameOrigin() (checked against APP_URL) itself, and Remix's own
 * host-header check is switched off here. tests/integration/origin.test.ts makes sure
 * every route action refuses a foreign Origin.
 */
const remixActions = createRequire(import.meta.url)("@remix-run/server-runtime/dist/actions.js") as {
  throwIfPotentialCSRFAttack: (headers: Headers) => void;
};
remixActions.throwIfPotentialCSRFAttack = () => {};

/*
 * remix-serve gives loaders no access to the socket, yet sign-in throttling needs the
 * client's address. Every incoming request gets it written into a header here, from the
 * socket itself, so a client cannot choose it (a header of the same name is overwritten).
 * Every request also starts a new read epoch of the catalogue cache (app/lib/sqlite.server.ts),
 * so it sees whatever another process committed before it arrived.
 */
const CLIENT_IP_HEADER = "x-shop-client-ip";
// Production with TRUST_PROXY=0 behind a proxy would count every client as the proxy.
const startEnv = getEnv();
const checkForwarded =
  startEnv.NODE_ENV === "production" && startEnv.TRUST_PROXY === 0 ? forwardedWithoutTrustCheck({ error: (m) => logger.error(m) }) : null;
const serverEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
  if (event === "request") {
    const req = args[0] as http.IncomingMessage;
    req.headers[CLIENT_IP_HEADER] = req.socket?.remoteAddress ?? "unknown";
    checkForwarded?.(req.headers);
    startReadEpoch();
    if (limitRequestBody(req, args[1] as http.ServerResponse)) return true;
  }
  return serverEmit.apply(this, [event, ...args] as Parameters<typeof serverEmit>);
} as typeof http.Server.prototype.emit;

// Background jobs (app/jobs.server.ts) start with the first server module load of each process.
startServerJobs(db);

/**
 * Pages are rendered to one string: nothing in the shop suspends (no `defer`), and every page
 * waited for the whole render before (onAllReady) so bots and no-JavaScript shoppers get the
 * complete document. renderToString does the same work without the stream machinery, which
 * measured about a tenth faster per page (tests/bench).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // One nonce per page (scripts/serve.cjs makes it; anything else that renders gets its own).
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : randomBytes(16).toString("base64");
  const html = `<!DOCTYPE html>${renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} />
    </NonceContext.Provider>,
  )}`;
  const env = getEnv();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", documentCsp({ nonce, pathname: new URL(request.url).pathname, paypalMode: env.PAYPAL_MODE }));
  for (const [name, value] of Object.entries(baseSecurityHeaders(env.APP_URL))) {
    if (!responseHeaders.has(name)) responseHeaders.set(name, value);
  }
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Errors go to the log with their stack and the request id; the answer never carries them. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error(
    { err: error, reqId: request.headers.get("x-request-id") ?? undefined, method: request.method, route: routeOf(new URL(request.url).pathname) },
    "request failed",
  );
}

let stopping: Promise<void> | null = null;

/**
 * The last step of a graceful stop (scripts/serve.cjs calls it once the server has stopped
 * taking connections and the requests in flight are done): stops this process's background
 * jobs (waiting up to 10 s for a run in progress), checkpoints the WAL into the database file
 * and closes it.
 */
export function shutdown(): Promise<void> {
  stopping ??= (async () => {
    await stopMailKicks(10_000);
    await stopJobs(10_000);
    try {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    } catch (error) {
      logger.warn({ err: error }, "WAL checkpoint at shutdown failed");
    }
    await db.destroy();
  })();
  return stopping;
}
