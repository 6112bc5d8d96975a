import { randomBytes } from "node:crypto";
import { type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { sql } from "kysely";
import { renderToString } from "react-dom/server";
import { stopMailKicks } from "~/domain/mail/sender.server";
import { stopJobs } from "~/domain/ops/jobs.server";
import { startServerJobs } from "~/jobs.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger, routeOf } from "~/lib/logger.server";
import { stripLocale } from "~/i18n/locales";
import { NonceContext } from "~/lib/nonce";
import { baseSecurityHeaders, documentCsp, NON_DOCUMENT_CSP } from "~/lib/security-headers.server";
import { startReadEpoch } from "~/lib/sqlite.server";
import { isStorageFault, STORAGE_FAULT_RETRY_AFTER_SECONDS } from "~/lib/storage-fault";
import { answersActionAsJson, formJsonAnswer } from "~/web/form-answer.server";
import { storageFaultResponse } from "~/web/storage-fault.server";

// The shop's server (server/) takes what its request pipeline needs from here
// (build.entry.module), so it uses the build's one instance of each: the logger, the read
// epoch of the catalogue cache, the jobs and shutdown(). The pure rules come along for the same
// reason. Importing the build starts nothing: the server calls startJobs().
export { baseSecurityHeaders, getEnv, logger, NON_DOCUMENT_CSP, routeOf, startReadEpoch };
export { bodyLimitFor, countedBody, MAX_BODY_BYTES, MAX_DRAIN_BYTES, tooLargeAnswer } from "~/lib/body-limit.server";
export { addressKey } from "~/lib/address";
export { CLIENT_IP_HEADER } from "~/web/http.server";
export { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "~/lib/same-origin";
export { wantsJson } from "~/lib/wants-json";
export { forwardedWithoutTrustCheck } from "~/lib/trust-proxy.server";
export { LOCALE_PREFIXES, localePrefixOf } from "~/i18n/routing.server";
export { inRequestLanguage } from "~/web/mail-locale.server";

/**
 * Starts this process's background jobs (app/jobs.server.ts); the server calls it once it
 * listens. A shop on a read-only database (DATABASE_READ_ONLY) runs none: each would be refused.
 */
export function startJobs(): void {
  if (getEnv().DATABASE_READ_ONLY) return;
  startServerJobs(db);
}

/**
 * Pages are rendered to one string: nothing in the shop suspends, and bots and no-JavaScript
 * shoppers need the complete document anyway (docs/decisions/render-to-string.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  if (answersActionAsJson(request)) return formJsonAnswer(remixContext.staticHandlerContext, responseStatusCode, responseHeaders);
  // One nonce per page (the server's security-headers step makes it; anything else that renders gets its own).
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : randomBytes(16).toString("base64");
  const html = `<!DOCTYPE html>${renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} />
    </NonceContext.Provider>,
  )}`;
  const env = getEnv();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The page of a write the database refused (storageFaultAnswer): come back later, not never.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(STORAGE_FAULT_RETRY_AFTER_SECONDS));
  responseHeaders.set("Content-Security-Policy", documentCsp({ nonce, pathname: stripLocale(new URL(request.url).pathname), paypalMode: env.PAYPAL_MODE }));
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

/**
 * A write the database refused (read-only, full or failing disk, the lock held too long) becomes
 * a 503 answer to throw, logged like any error; anything else is null. The server wraps every
 * loader and action with it (server/remix.ts).
 */
export function storageFaultAnswer(error: unknown, request: Request): Response | null {
  if (!isStorageFault(error)) return null;
  handleError(error, { request });
  return storageFaultResponse();
}

let stopping: Promise<void> | null = null;

/**
 * The last step of a graceful stop (server/worker.ts calls it once the server has stopped
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
