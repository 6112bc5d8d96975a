import http from "node:http";
import { createRequire } from "node:module";
import { type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { startServerJobs } from "~/jobs.server";
import { limitRequestBody } from "~/lib/body-limit.server";
import { db } from "~/lib/db.server";
import { startReadEpoch } from "~/lib/sqlite.server";

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
const serverEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
  if (event === "request") {
    const req = args[0] as http.IncomingMessage;
    req.headers[CLIENT_IP_HEADER] = req.socket?.remoteAddress ?? "unknown";
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
) {
  const html = `<!DOCTYPE html>${renderToString(<RemixServer context={remixContext} url={request.url} />)}`;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("X-Content-Type-Options")) responseHeaders.set("X-Content-Type-Options", "nosniff");
  if (!responseHeaders.has("Referrer-Policy")) responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!responseHeaders.has("X-Frame-Options")) responseHeaders.set("X-Frame-Options", "DENY");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
