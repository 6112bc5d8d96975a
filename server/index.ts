import cluster from "node:cluster";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { serve } from "./worker";

// `npm start`: the shop's HTTP server on the build (argument, default build/index.js), one
// process per CPU core (WEB_CONCURRENCY to choose; 1 serves in this process). Node's cluster
// module shares the one listening port; everything shared lives in SQLite and each worker's
// catalogue cache is exact, so workers never disagree. docs/decisions/one-request-pipeline.md.

const buildArg = process.argv[2] ?? "build/index.js";
const requested = Number(process.env.WEB_CONCURRENCY);
const workers = Number.isInteger(requested) && requested > 0 ? requested : os.availableParallelism();
const DRAIN_MS = 10_000;
/** A worker that dies younger than youngMs doubles the wait before the next restart (from firstMs up to maxMs). */
const RESTART = { firstMs: 500, maxMs: 30_000, youngMs: 30_000 };

function start() {
  serve(buildArg).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

if (cluster.isWorker || workers === 1) {
  start();
} else {
  const execArgv = [...process.execArgv];
  // A page render allocates many short-lived objects: a 32 MB young generation (V8's default is
  // 16) gave the shop and category pages about 5 % more requests per second. Your own flag wins.
  const ownFlags = `${process.env.NODE_OPTIONS ?? ""} ${execArgv.join(" ")}`;
  if (!ownFlags.includes("--max-semi-space-size")) execArgv.push("--max-semi-space-size=32");
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [buildArg], execArgv });
  let stopping = false;
  // Restarts back off while workers keep dying young (a bad build or setting would otherwise
  // respawn twice a second for ever); a stop cancels the ones still waiting, so no worker
  // starts during a stop and keeps this process alive.
  const pending = new Set<NodeJS.Timeout>();
  let youngDeaths = 0;
  const bornAt = new Map<number, number>();
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
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
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
