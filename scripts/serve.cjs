// npm start: remix-serve on the build, one process per CPU core (WEB_CONCURRENCY to choose;
// 1 runs remix-serve in this process). Node's cluster module shares the one listening port, so
// each worker is remix-serve, with its static middleware for public/ tuned
// (scripts/serve-static.cjs: pages skip a failing file lookup, product images get a year-long
// immutable cache). Everything shared lives in SQLite (sessions, carts, stock, sign-in limits;
// every write transaction takes the write lock up front), and each worker's catalogue read
// cache is exact (app/lib/read-cache.server.ts), so workers never disagree.
// A worker that dies is replaced; SIGTERM/SIGINT stop them all.
// Workers get a 32 MB young generation (V8's default is 16): a page render allocates a lot of
// short-lived objects, and fewer scavenges gave the shop and category pages about 5 % more
// requests per second in tests/bench (64 MB gave no more). NODE_OPTIONS or a flag of your own
// on the command line wins.
const cluster = require("node:cluster");
const os = require("node:os");
const path = require("node:path");
const { tunePublicStatic } = require("./serve-static.cjs");

const cli = require.resolve("@remix-run/serve/dist/cli.js");
const build = process.argv[2] ?? "build/index.js";
const requested = Number(process.env.WEB_CONCURRENCY);
const workers = Number.isInteger(requested) && requested > 0 ? requested : os.availableParallelism();

/** Runs remix-serve in this process, on the express instance it loads. */
function serve() {
  tunePublicStatic(require(require.resolve("express", { paths: [path.dirname(cli)] })));
  process.argv = [process.argv[0], cli, build];
  require(cli);
}

if (cluster.isWorker || workers === 1) {
  serve();
} else {
  const execArgv = [...process.execArgv];
  const ownFlags = `${process.env.NODE_OPTIONS ?? ""} ${execArgv.join(" ")}`;
  if (!ownFlags.includes("--max-semi-space-size")) execArgv.push("--max-semi-space-size=32");
  cluster.setupPrimary({ exec: __filename, args: [build], execArgv });
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
