import crypto from "node:crypto";
import { type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Application, type Handler, type NextFunction, type Request, type Response } from "express";
import { withRequestId } from "./console-to-log";
import { type ShopEntry } from "./entry";
import { remixHandler } from "./remix";
import { buildAssets, publicFiles } from "./static-files";

// The shop's one request pipeline: a chain of express middleware in front of Remix, the same in
// development and production. Why a chain and why this order: docs/decisions/one-request-pipeline.md.

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface PipelineOptions {
  build: ServerBuild;
  /** The build's entry module. */
  entry: () => ShopEntry;
  /** Where the build's browser assets are served from and found (build.publicPath, build.assetsBuildDirectory). */
  assets: { publicPath: string; directory: string };
  mode: string;
  /** The shop's public origin: the same-origin check and HSTS. */
  appUrl: string;
  /** TRUST_PROXY: how many reverse proxies in front of the shop append to X-Forwarded-For. */
  trustProxyHops: number;
  /** Production with TRUST_PROXY=0: log when a request carries X-Forwarded-For (at most once a minute). */
  warnUntrustedForwarded: boolean;
  /** Paths of the API's routes ("/api/cart/:itemId"...): any other /api/ path answers 404 JSON. */
  apiRoutes: string[];
}

/** Requests in flight, for a graceful stop. */
export interface Tracker {
  inFlight: number;
  draining: boolean;
  /** Called when the last request in flight finishes while draining. */
  onDrained: () => void;
}

export function createPipeline(options: PipelineOptions): { app: Application; tracker: Tracker } {
  const { entry } = options;
  const tracker: Tracker = { inFlight: 0, draining: false, onDrained: () => {} };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxyHops);

  app.use(requestLog(entry, tracker));
  app.use(securityHeaders(entry, options.appUrl));
  app.use(compression());
  app.use(readEpoch(entry));
  app.use(clientAddress(entry, options.warnUntrustedForwarded));
  app.use(bodyLimit(entry));
  app.use(sameOrigin(entry, options.appUrl));
  app.use(options.assets.publicPath, buildAssets(options.assets.directory));
  app.use(publicFiles());
  app.use(unknownApiPath(options.apiRoutes));
  app.all(
    "*",
    remixHandler(options.build, entry, options.mode, (_req, res): AppLoadContext => ({
      cspNonce: res.locals.cspNonce as string,
      requestId: res.locals.requestId as string,
      clientAddress: res.locals.clientAddress as string,
    })),
  );
  // Errors outside Remix (a static file that fails to read...): logged with the stack, answered without it.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    entry().logger.error({ err: error, reqId: res.locals.requestId, method: req.method, route: entry().routeOf(req.originalUrl) }, "request failed");
    if (res.headersSent) return void res.destroy();
    res.status(500).type("text/plain").send("Something went wrong. Please try again in a moment.");
  });
  return { app, tracker };
}

/**
 * Request id and log line: every request gets an id (a well-formed X-Request-Id of the client's,
 * or a new one), answered in X-Request-Id and carried by its log line and the errors it logs;
 * one JSON line per request (method, route without query or tokens, status, duration).
 */
export function requestLog(entry: () => ShopEntry, tracker: Tracker): Handler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    req.headers["x-request-id"] = id;
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    if (tracker.draining) res.setHeader("Connection", "close");
    tracker.inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      tracker.inFlight--;
      const { logger, routeOf } = entry();
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const line = { reqId: id, method: req.method, route: routeOf(req.originalUrl ?? req.url), status: res.statusCode, durationMs };
      if (!res.writableFinished) logger.info({ ...line, aborted: true }, "request aborted");
      else if (res.statusCode >= 500) logger.error(line, "request");
      else logger.info(line, "request");
      if (tracker.draining && tracker.inFlight === 0) tracker.onDrained();
    };
    res.once("finish", finish);
    res.once("close", finish);
    withRequestId(id, next);
  };
}

/**
 * Security headers on every answer, set first so that the answers of the steps below (413, 403,
 * files) carry them too; a page's answer from Remix replaces the Content-Security-Policy with
 * its own, which uses this request's nonce (load context `cspNonce`).
 */
export function securityHeaders(entry: () => ShopEntry, appUrl: string): Handler {
  return (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    const { baseSecurityHeaders, NON_DOCUMENT_CSP } = entry();
    for (const [name, value] of Object.entries(baseSecurityHeaders(appUrl))) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
    next();
  };
}

/** Every request starts a new read epoch of the catalogue cache, so it sees what any process committed before it arrived. */
export function readEpoch(entry: () => ShopEntry): Handler {
  return (_req, _res, next) => {
    entry().startReadEpoch();
    next();
  };
}

/**
 * The client's address from express's `trust proxy` (TRUST_PROXY hops of X-Forwarded-For), keyed
 * per address (IPv6 per /56, web/http.server.ts addressKey). It reaches loaders as the load
 * context's `clientAddress` and in the x-shop-client-ip header, which is overwritten here so a
 * client can never choose it.
 */
export function clientAddress(entry: () => ShopEntry, warnUntrustedForwarded: boolean): Handler {
  const checkForwarded = warnUntrustedForwarded ? entry().forwardedWithoutTrustCheck({ error: (m) => entry().logger.error(m) }) : null;
  return (req, res, next) => {
    const key = entry().addressKey(req.ip ?? req.socket.remoteAddress ?? "unknown");
    req.headers[entry().CLIENT_IP_HEADER] = key;
    res.locals.clientAddress = key;
    checkForwarded?.(req.headers);
    next();
  };
}

/**
 * The body limit: a declared Content-Length over the request's limit is answered 413 before
 * anything reads the body (a client still sending a moderate body may finish, unread; a huge
 * one has its connection closed). A body without a declared length is counted as Remix reads
 * it (server/remix.ts, entry.countedBody).
 */
export function bodyLimit(entry: () => ShopEntry): Handler {
  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    const { bodyLimitFor, MAX_DRAIN_BYTES, tooLargeAnswer } = entry();
    const limit = bodyLimitFor(req.path, req.headers["content-type"]);
    res.locals.bodyLimit = limit;
    const declared = Number(req.headers["content-length"]);
    if (!(Number.isFinite(declared) && declared > limit)) return next();
    const drain = declared <= MAX_DRAIN_BYTES;
    const answer = tooLargeAnswer(answerRequest(req));
    res.statusCode = 413;
    res.setHeader("Content-Type", answer.contentType);
    res.setHeader("Content-Length", Buffer.byteLength(answer.body));
    res.setHeader("Cache-Control", "no-store");
    if (!drain) {
      res.shouldKeepAlive = false;
      res.setHeader("Connection", "close");
    }
    res.end(answer.body);
    if (drain) req.resume();
    else req.socket.destroySoon();
  };
}

/** What the app's one JSON-or-page rule (wantsJson, app/lib/wants-json.ts) reads from a request. */
function answerRequest(req: Request): { path: string; accept: string | undefined; contentType: string | undefined } {
  return { path: req.originalUrl, accept: req.headers.accept, contentType: req.headers["content-type"] };
}

/**
 * The same-origin check, once for every write (POST, PUT, PATCH, DELETE), JSON or form: another
 * origin than APP_URL's is refused with 403 before anything reads or changes anything. Remix's
 * own check stays on behind it.
 */
export function sameOrigin(entry: () => ShopEntry, appUrl: string): Handler {
  return (req, res, next) => {
    const { isCrossSiteWrite, CROSS_SITE_MESSAGE, wantsJson } = entry();
    const origin = req.headers.origin;
    const secFetchSite = req.headers["sec-fetch-site"];
    if (!isCrossSiteWrite(req.method, { origin, secFetchSite: typeof secFetchSite === "string" ? secFetchSite : null }, appUrl)) return next();
    res.status(403).setHeader("Cache-Control", "no-store");
    if (wantsJson(answerRequest(req))) res.type("application/json; charset=utf-8").send(JSON.stringify({ message: CROSS_SITE_MESSAGE }));
    else
      res
        .type("text/html; charset=utf-8")
        .send(
          `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head><body><h1>Request refused</h1><p>${CROSS_SITE_MESSAGE}. <a href="/">Back to the shop</a></p></body></html>`,
        );
  };
}

/** An /api/ path no API route has answers 404 `{message}` like every other API error (not the HTML 'Page Not Found'). */
export function unknownApiPath(apiRoutes: string[]): Handler {
  const patterns = apiRoutes.map(routePattern);
  return (req, res, next) => {
    if (!/^\/api(\/|$)/i.test(req.path) || patterns.some((re) => re.test(req.path))) return next();
    res.status(404).setHeader("Cache-Control", "no-store");
    res.type("application/json; charset=utf-8").send(JSON.stringify({ message: "Not found" }));
  };
}

/** "/api/cart/:itemId" → a RegExp matching it as Remix does (case-insensitive, optional trailing slash). */
export function routePattern(path: string): RegExp {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const optional = segment.endsWith("?");
      const name = optional ? segment.slice(0, -1) : segment;
      const part = name === "*" ? "(?:/.*)?" : name.startsWith(":") ? "/[^/]+" : `/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return optional ? `(?:${part})?` : part;
    });
  return new RegExp(`^${segments.join("")}/?$`, "i");
}

/** The full paths of the build's routes under /api/ (for unknownApiPath). */
export function apiRoutePaths(routes: ServerBuild["routes"]): string[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes)
    .map((id) => `/${fullPath(id)}`)
    .filter((p) => /^\/api(\/|$)/i.test(p));
}
