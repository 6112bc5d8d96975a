import { stripLocale } from "~/i18n/locales";
import type http from "node:http";
import { Transform, type Readable } from "node:stream";
import { type AnswerRequest, wantsJson } from "~/lib/wants-json";

/** Request bodies (JSON and forms) above this get 413: nothing the shop takes is near it. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** One uploaded image: anything larger is refused before it reaches sharp. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Image uploads: 10 MB per image (checked in web/multipart.server.ts), 100 MB per request, plus the form's text. */
export const MAX_UPLOAD_BODY_BYTES = 101 * 1024 * 1024;
const UPLOAD_PATHS = [
  /^\/api\/upload\/temp\/?$/,
  /^\/admin\/products\/add\/?$/,
  /^\/admin\/products\/edit\/[^/]+\/?$/,
  // The page editor (its 'Add photo') and the page photos API.
  /^\/admin\/pages\/[^/]+\/?$/,
  /^\/api\/admin\/pages\/photos\/?$/,
];
/** A review with its photos: three photos of 10 MB each (REVIEW_LIMITS.photos, web/multipart.server.ts), plus the form's text. */
export const MAX_REVIEW_BODY_BYTES = 3 * MAX_FILE_BYTES + MAX_BODY_BYTES;
/** The review form's two doors: the product page (its only multipart form) and the reviews API. */
const REVIEW_PATHS = [/^\/product\/[^/]+\/?$/i, /^\/api\/products\/[^/]+\/reviews\/?$/i];
/** Up to this much of a refused body is discarded so the client can read the 413; beyond it the connection is closed. */
export const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";

const BODY_TOO_LARGE_CODE = "SHOP_BODY_TOO_LARGE";

/** The error a request body stream fails with once it passed its limit (see countedBody). */
export class BodyTooLargeError extends Error {
  /** Kept when the fetch implementation wraps the stream's error (@remix-run/web-fetch's FetchError copies `code`). */
  readonly code = BODY_TOO_LARGE_CODE;
  constructor() {
    super(BODY_TOO_LARGE_MESSAGE);
    this.name = "BodyTooLargeError";
  }
}

export function isBodyTooLarge(error: unknown): boolean {
  if (error instanceof BodyTooLargeError) return true;
  if (!(error instanceof Error)) return false;
  // Remix's fetch wraps the stream's error in a FetchError that keeps its code; undici keeps it as cause.
  return (error as { code?: unknown }).code === BODY_TOO_LARGE_CODE || error.cause instanceof BodyTooLargeError;
}

/**
 * The largest body a request may send: 1 MB, or for a multipart post 101 MB to an image upload
 * path and 31 MB to a review form's.
 */
export function bodyLimitFor(requestPath: string, contentType: string | undefined): number {
  // A page's form in another language ("/pl/product/x") posts where its English one does.
  const path = stripLocale(requestPath);
  if (!(contentType ?? "").toLowerCase().startsWith("multipart/form-data")) return MAX_BODY_BYTES;
  if (UPLOAD_PATHS.some((re) => re.test(path))) return MAX_UPLOAD_BODY_BYTES;
  return REVIEW_PATHS.some((re) => re.test(path)) ? MAX_REVIEW_BODY_BYTES : MAX_BODY_BYTES;
}

/** The 413 answer: `{message}` to whoever wants JSON (lib/wants-json.ts), a short page to a form post. */
export function tooLargeAnswer(request: AnswerRequest): { contentType: string; body: string } {
  return wantsJson(request)
    ? { contentType: "application/json; charset=utf-8", body: JSON.stringify({ message: BODY_TOO_LARGE_MESSAGE }) }
    : {
        contentType: "text/html; charset=utf-8",
        body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Request too large</title></head><body><h1>Request too large</h1><p>${BODY_TOO_LARGE_MESSAGE} <a href="/">Back to the shop</a></p></body></html>`,
      };
}

/**
 * The request's body as the app reads it: the same bytes, counted. Past `limit` the stream fails
 * with BodyTooLargeError (the body readers in web/http.server.ts and web/multipart.server.ts answer
 * 413), the rest is discarded so the client can read that answer, and past MAX_DRAIN_BYTES the
 * connection is closed. A declared Content-Length over the limit never gets here (the server's
 * body-limit step answers 413 before reading).
 */
export function countedBody(req: http.IncomingMessage, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > limit) return done(new BodyTooLargeError());
      done(null, chunk);
    },
  });
  counter.once("error", () => {
    req.unpipe(counter);
    req.on("data", (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > MAX_DRAIN_BYTES) req.socket?.destroy();
    });
    req.resume();
  });
  // pipe() does not pass the source's errors on: a client that drops the connection fails the body.
  req.once("error", (error) => counter.destroy(error));
  req.pipe(counter);
  return counter;
}
