// npm start: the shop's HTTP server on the build, one process per CPU core (WEB_CONCURRENCY to
// choose; 1 serves in this process). Node's cluster module shares the one listening port.
// Everything shared lives in SQLite (sessions, carts, stock, sign-in limits; every write
// transaction takes the write lock up front), and each worker's catalogue read cache is exact
// (app/lib/read-cache.server.ts), so workers never disagree. A worker that dies is replaced,
// after a wait that doubles while workers keep dying within 30 s of their start.
//
// Each worker is the express app remix-serve would build (compression, the build's assets with
// a year-long immutable cache, public/ with an hour, then Remix), built here so that the server
// also:
//   - gives every request an id (X-Request-Id answer header, the request's log line and the
//     errors it logs) and logs one JSON line per request with pino (method, route without
//     query or tokens, status, duration);
//   - makes the per-request nonce of the page's Content-Security-Policy (load context
//     `cspNonce`; entry.server.tsx sets the policy) and adds the security headers to every
//     answer that lacks them (files, JSON, CSV);
//   - stops gracefully on SIGTERM/SIGINT: no new connections, the requests in flight finish
//     (up to 10 s), then the build's shutdown() stops the jobs, checkpoints the WAL and closes
//     the database, and the process exits 0.
// remix-serve's static middleware for public/ is tuned (scripts/serve-static.cjs: pages skip a
// failing file lookup, product images get a year-long immutable cache).
// Workers get a 32 MB young generation (V8's default is 16): a page render allocates a lot of
// short-lived objects, and fewer scavenges gave the shop and category pages about 5 % more
// requests per second in tests/bench (64 MB gave no more). NODE_OPTIONS or a flag of your own
// on the command line wins.
const cluster = require("node:cluster");
const crypto = require("node:crypto");
const os = require("node:os");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { tunePublicStatic } = require("./serve-static.cjs");
const { bridgeConsole, withRequestId } = require("./console-to-log.cjs");

const buildArg = process.argv[2] ?? "build/index.js";
const requested = Number(process.env.WEB_CONCURRENCY);
const workers = Number.isInteger(requested) && requested > 0 ? requested : os.availableParallelism();
const DRAIN_MS = 10_000;
/** A worker that dies younger than youngMs doubles the wait before the next restart (from firstMs up to maxMs). */
const RESTART = { firstMs: 500, maxMs: 30_000, youngMs: 30_000 };
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Serves the build in this process until SIGTERM/SIGINT. */
async function serve() {
  process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
  const express = require("express");
  const compression = require("compression");
  const { createRequestHandler } = require("@remix-run/express");
  const { installGlobals } = require("@remix-run/node");
  tunePublicStatic(express);

  const build = await import(pathToFileURL(path.resolve(buildArg)).href);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const entry = build.entry.module;
  const log = entry.logger;
  bridgeConsole(log);
  const securityHeaders = entry.baseSecurityHeaders(process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`);
  const port = Number(process.env.PORT) || 3000;

  let inFlight = 0;
  let draining = false;
  let drained = () => {};

  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    req.headers["x-request-id"] = id;
    res.locals.requestId = id;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", id);
    if (draining) res.setHeader("Connection", "close");
    // Set just before the head goes out, so whatever Remix answered (the page's own CSP) wins.
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadWithDefaults(...args) {
      for (const [name, value] of Object.entries(securityHeaders)) if (!res.hasHeader(name)) res.setHeader(name, value);
      if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", entry.NON_DOCUMENT_CSP);
      return writeHead.apply(this, args);
    };
    inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const line = { reqId: id, method: req.method, route: entry.routeOf(req.originalUrl ?? req.url), status: res.statusCode, durationMs };
      if (!res.writableFinished) log.info({ ...line, aborted: true }, "request aborted");
      else if (res.statusCode >= 500) log.error(line, "request");
      else log.info(line, "request");
      if (draining && inFlight === 0) drained();
    };
    res.once("finish", finish);
    res.once("close", finish);
    withRequestId(id, next);
  });
  // Issue 20's request-body size limit belongs here: after the request id (so a 413 is logged
  // with one) and before anything reads a body.
  app.use(compression());
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce, requestId: res.locals.requestId }),
    }),
  );
  // Errors outside Remix (a static file that fails to read...): logged with the stack, answered without it.
  app.use((error, req, res, _next) => {
    log.error({ err: error, reqId: res.locals.requestId, method: req.method, route: entry.routeOf(req.originalUrl ?? req.url) }, "request failed");
    if (res.headersSent) return res.destroy();
    res.status(500).type("text/plain").send("Something went wrong. Please try again in a moment.");
  });

  // Production listens on loopback unless HOST says otherwise: the proxy in front (deploy/Caddyfile)
  // is the only way in, so nobody reaches the shop around it with a forged X-Forwarded-For.
  const host = process.env.HOST || (process.env.NODE_ENV === "production" ? "127.0.0.1" : undefined);
  const server = host ? app.listen(port, host) : app.listen(port);
  server.on("listening", () => log.info({ port, host: host ?? "*" }, `listening on http://${host ?? "localhost"}:${port}`));

  const stop = async (signal) => {
    if (draining) return;
    draining = true;
    log.info({ signal, inFlight }, "stopping: no new connections, finishing the requests in flight");
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const finished = inFlight === 0 ? Promise.resolve(true) : new Promise((resolve) => (drained = () => resolve(true)));
    const inTime = await Promise.race([finished, new Promise((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref())]);
    if (!inTime) log.warn({ inFlight }, `requests still running after ${DRAIN_MS / 1000} s: closing them`);
    server.closeAllConnections();
    await closed;
    try {
      await entry.shutdown();
      log.info("stopped");
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
    }
    // pino writes synchronously to stdout: nothing is left in a buffer.
    process.exit(0);
  };
  // `on`, not `once`: a process group's SIGTERM reaches a worker twice (from the supervisor and
  // from the primary); a second signal must not end a worker that is still draining.
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

function start() {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

if (cluster.isWorker || workers === 1) {
  start();
} else {
  const execArgv = [...process.execArgv];
  const ownFlags = `${process.env.NODE_OPTIONS ?? ""} ${execArgv.join(" ")}`;
  if (!ownFlags.includes("--max-semi-space-size")) execArgv.push("--max-semi-space-size=32");
  cluster.setupPrimary({ exec: __filename, args: [buildArg], execArgv });
  let stopping = false;
  // Restarts back off while workers keep dying young (a bad build or setting would otherwise
  // respawn twice a second for ever); a stop cancels the ones still waiting, so no worker
  // starts during a stop and keeps this process alive.
  const pending = new Set();
  let youngDeaths = 0;
  const bornAt = new Map();
  const fork = () => {
    const worker = cluster.fork();
    bornAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < workers; i++) fork();
  const alive = () => Object.keys(cluster.workers ?? {}).length;
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (bornAt.get(worker.id) ?? Date.now());
    bornAt.delete(worker.id);
    if (stopping) {
      if (alive() === 0) process.exit(0);
      return;
    }
    youngDeaths = lived < RESTART.youngMs ? youngDeaths + 1 : 0;
    const delay = Math.min(RESTART.firstMs * 2 ** Math.max(0, youngDeaths - 1), RESTART.maxMs);
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${delay} ms`);
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      // Every worker may be dead, waiting for a restart: nothing left to wait for.
      if (alive() === 0) process.exit(0);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      // Each worker drains for up to 10 s and then stops its jobs (up to 10 s more).
      setTimeout(() => process.exit(0), 2 * DRAIN_MS + 5_000).unref();
    });
  }
}
