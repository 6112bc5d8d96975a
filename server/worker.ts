import path from "node:path";
import { pathToFileURL } from "node:url";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { bridgeConsole } from "./console-to-log";
import { type ShopEntry } from "./entry";
import { apiRoutePaths, createPipeline } from "./pipeline";

const DRAIN_MS = 10_000;

/** Loads the build (a file path) with its entry module. */
export async function loadBuild(buildPath: string): Promise<{ build: ServerBuild; entry: ShopEntry }> {
  const build = (await import(pathToFileURL(path.resolve(buildPath)).href)) as ServerBuild;
  return { build, entry: build.entry.module as unknown as ShopEntry };
}

/**
 * Serves the build in this process until SIGTERM/SIGINT, then stops gracefully: no new
 * connections, the requests in flight finish (up to 10 s), then the build's shutdown() stops the
 * jobs, checkpoints the WAL and closes the database, and the process exits 0.
 * `onListening` runs once it listens (development tells `remix dev` it is ready).
 */
export async function serve(buildPath: string, onListening?: (build: ServerBuild) => void): Promise<void> {
  process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
  const current = await loadBuild(buildPath);
  installGlobals({ nativeFetch: Boolean(current.build.future.v3_singleFetch) });
  const log = current.entry.logger;
  bridgeConsole(log);
  const env = current.entry.getEnv();
  const port = Number(process.env.PORT) || 3000;

  const { app, tracker } = createPipeline({
    build: current.build,
    entry: () => current.entry,
    assets: { publicPath: current.build.publicPath, directory: current.build.assetsBuildDirectory },
    mode: process.env.NODE_ENV,
    appUrl: env.APP_URL,
    trustProxyHops: env.TRUST_PROXY,
    // Production with TRUST_PROXY=0 behind a proxy would count every client as the proxy.
    warnUntrustedForwarded: env.NODE_ENV === "production" && env.TRUST_PROXY === 0,
    apiRoutes: apiRoutePaths(current.build.routes),
  });

  // Production listens on loopback unless HOST says otherwise: the proxy in front (deploy/Caddyfile)
  // is the only way in, so nobody reaches the shop around it with a forged X-Forwarded-For.
  const host = process.env.HOST || (process.env.NODE_ENV === "production" ? "127.0.0.1" : undefined);
  const server = host ? app.listen(port, host) : app.listen(port);
  server.on("listening", () => {
    log.info({ port, host: host ?? "*" }, `listening on http://${host ?? "localhost"}:${port}`);
    current.entry.startJobs();
    onListening?.(current.build);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    tracker.draining = true;
    log.info({ signal, inFlight: tracker.inFlight }, "stopping: no new connections, finishing the requests in flight");
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const finished = tracker.inFlight === 0 ? Promise.resolve(true) : new Promise<boolean>((resolve) => (tracker.onDrained = () => resolve(true)));
    const inTime = await Promise.race([finished, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref())]);
    if (!inTime) log.warn({ inFlight: tracker.inFlight }, `requests still running after ${DRAIN_MS / 1000} s: closing them`);
    server.closeAllConnections();
    await closed;
    try {
      await current.entry.shutdown();
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
