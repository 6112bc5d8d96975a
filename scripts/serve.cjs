// npm start: remix-serve on the build, one process per CPU core (WEB_CONCURRENCY to choose;
// 1 runs remix-serve in this process). Node's cluster module shares the one listening port, so
// each worker is a plain remix-serve. Everything shared lives in SQLite (sessions, carts, stock,
// sign-in limits; every write transaction takes the write lock up front), and each worker's
// catalogue read cache is exact (app/lib/read-cache.server.ts), so workers never disagree.
// A worker that dies is replaced; SIGTERM/SIGINT stop them all.
const cluster = require("node:cluster");
const os = require("node:os");

const cli = require.resolve("@remix-run/serve/dist/cli.js");
const build = process.argv[2] ?? "build/index.js";
const requested = Number(process.env.WEB_CONCURRENCY);
const workers = Number.isInteger(requested) && requested > 0 ? requested : os.availableParallelism();

if (workers === 1) {
  process.argv = [process.argv[0], cli, build];
  require(cli);
} else {
  cluster.setupPrimary({ exec: cli, args: [build] });
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 500);
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}
