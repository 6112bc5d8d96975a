import type http from "node:http";

/** Request bodies (JSON and forms) above this get 413: nothing the shop takes is near it. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Image uploads: 10 MB per image (checked in lib/multipart.server.ts), 100 MB per request, plus the form's text. */
export const MAX_UPLOAD_BODY_BYTES = 101 * 1024 * 1024;
const UPLOAD_PATHS = [/^\/api\/upload\/temp\/?$/, /^\/admin\/products\/add\/?$/, /^\/admin\/products\/edit\/[^/]+\/?$/];
/** Up to this much of a refused body is discarded so the client can read the 413; beyond it the connection is closed. */
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";

/** The error a request body stream fails with once it passed its limit (see limitRequestBody). */
export class BodyTooLargeError extends Error {
  /** Kept when the fetch implementation wraps the stream's error (@remix-run/web-fetch's FetchError copies `code`). */
  readonly code = BODY_TOO_LARGE_CODE;
  constructor() {
    super(BODY_TOO_LARGE_MESSAGE);
    this.name = "BodyTooLargeError";
  }
}

const BODY_TOO_LARGE_CODE = "SHOP_BODY_TOO_LARGE";

export function isBodyTooLarge(error: unknown): boolean {
  if (error instanceof BodyTooLargeError) return true;
  if (!(error instanceof Error)) return false;
  // Remix's fetch wraps the stream's error in a FetchError that keeps its code; undici keeps it as cause.
  return (error as { code?: unknown }).code === BODY_TOO_LARGE_CODE || error.cause instanceof BodyTooLargeError;
}

function bodyLimitFor(url: string | undefined, contentType: string | undefined): number {
  const path = (url ?? "/").split("?")[0]!;
  const multipart = (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart && UPLOAD_PATHS.some((re) => re.test(path)) ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}

function answerTooLarge(req: http.IncomingMessage, res: http.ServerResponse, close: boolean): void {
  const wantsJson = (req.url ?? "").startsWith("/api/") || (req.headers.accept ?? "").includes("application/json");
  const body = wantsJson
    ? JSON.stringify({ message: BODY_TOO_LARGE_MESSAGE })
    : `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Request too large</title></head><body><h1>Request too large</h1><p>${BODY_TOO_LARGE_MESSAGE} <a href="/">Back to the shop</a></p></body></html>`;
  if (close) res.shouldKeepAlive = false;
  res.writeHead(413, {
    "Content-Type": wantsJson ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...(close ? { Connection: "close" } : {}),
  });
  res.end(body);
}

/**
 * Called for every incoming HTTP request before the app sees it (entry.server). A declared
 * Content-Length over the limit is answered 413 at once, without reading the body, and true is
 * returned (the app must not handle the request). Otherwise the body's bytes are counted as they
 * arrive; once past the limit the rest is dropped and the body stream fails with
 * BodyTooLargeError, which the body readers (lib/http.server.ts, lib/multipart.server.ts) answer
 * with 413; the client may finish sending (discarded) up to 16 MB, then its connection is closed.
 */
export function limitRequestBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const limit = bodyLimitFor(req.url, req.headers["content-type"]);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    // A client still sending a moderately large body gets to finish and read the answer (its bytes
    // are discarded unread); a huge one has its connection closed after the answer.
    const drain = declared <= MAX_DRAIN_BYTES;
    answerTooLarge(req, res, !drain);
    if (drain) req.resume();
    else req.socket.destroySoon();
    return true;
  }
  let seen = 0;
  let over = false;
  const push = req.push;
  req.push = function countedPush(this: http.IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      seen += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
    }
    if (over) {
      // The rest is discarded, up to a bound; past it the connection is closed.
      if (seen > MAX_DRAIN_BYTES) this.socket?.destroy();
      return chunk === null ? push.call(this, null) : true;
    }
    if (chunk !== null && chunk !== undefined) {
      if (seen > limit) {
        over = true;
        // Fails the reader (the app's body stream listens for it); with nobody listening, the data is simply dropped.
        if (this.listenerCount("error") > 0) this.emit("error", new BodyTooLargeError());
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  } as typeof req.push;
  return false;
}
