/**
 * What the measuring scripts (bench.ts, lighthouse.ts) share: build, seed a temporary
 * database, start the PayPal emulator and the production server on loopback, and undo all of
 * it on exit, failure or Ctrl-C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startNbpStandIn } from "../../tools/nbp-stand-in";
import { startPaypalEmulator } from "../../tools/paypal-emulator";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Node flags that keep module paths inside a root made of links (tests/bench/unpatched.ts) instead of following them back here. */
export const PRESERVE_SYMLINKS = "--preserve-symlinks --preserve-symlinks-main";

/** Debian's Chromium with the flags this machine needs (tests/chromium.ts, shared with Playwright's config). */
export const CHROMIUM = { executablePath: CHROMIUM_PATH, flags: CHROMIUM_FLAGS };

// ---------------------------------------------------------------------------------------------
// Everything started or made, so that it can always be undone.

const children = new Set<ChildProcess>();
const servers = new Set<ChildProcess>();
const madePaths = new Set<string>();
const stoppers = new Set<() => Promise<void>>();
let cleanedUp = false;

/** Removes this path (file or folder) when the script ends. */
export function removeOnExit(file: string): void {
  madePaths.add(file);
}

/** A temporary folder that is removed when the script ends. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  removeOnExit(dir);
  return dir;
}

export async function cleanup(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  for (const server of servers) await stopProcess(server);
  for (const stop of stoppers) await stop().catch(() => undefined);
  removeMadeFiles();
}

/** The last resort on process exit: synchronous only. */
function cleanupSync(): void {
  for (const child of [...children, ...servers]) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  removeMadeFiles();
}

function removeMadeFiles(): void {
  for (const file of madePaths) rmSync(file, { recursive: true, force: true });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM"); // the server closes and exits (which also writes a --cpu-prof profile)
  const timedOut = await Promise.race([exited.then(() => false), sleep(5000).then(() => true)]);
  if (timedOut) {
    child.kill("SIGKILL");
    await exited;
  }
}

for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing temporary files...`);
    void cleanup().finally(() => process.exit(code));
  });
}
process.on("exit", cleanupSync);

/** Runs main, always cleans up, and exits with its code (1 on a thrown error). */
export async function runScript(name: string, main: () => Promise<number>, onError?: () => void): Promise<never> {
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    onError?.();
    console.error(`\n${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function step(text: string): void {
  console.log(`\n== ${text}`);
}

/** Runs a command with inherited output; rejects unless it exits 0. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
    children.add(child);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("No free port"))));
    });
  });
}

export async function get(url: string): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

export async function getJson<T>(url: string): Promise<T> {
  return (await (await get(url)).json()) as T;
}

export function tail(file: string, lines = 30): string {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "(no server log)";
}

// ---------------------------------------------------------------------------------------------
// Build, seed, serve.

/** `npm run build`, unless BENCH_SKIP_BUILD=1 and a build exists. */
export async function buildApp(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(path.join(ROOT, "build/index.js"))) {
    step("build: skipped (BENCH_SKIP_BUILD=1)");
    return;
  }
  step("npm run build");
  await run("npm", ["run", "build"]);
}

export interface Site {
  dbPath: string;
  uploadDir: string;
  logFile: string;
  tmpDir: string;
}

/** Migrates and seeds a database in a new temporary folder (with `products` products, or the demo catalogue). Returns its paths and seconds taken. */
export async function seedSite(prefix: string, products?: number): Promise<Site & { seedSeconds: number }> {
  const tmpDir = makeTempDir(prefix);
  const site: Site = { tmpDir, dbPath: path.join(tmpDir, "shop.db"), uploadDir: path.join(tmpDir, "uploads"), logFile: path.join(tmpDir, "server.log") };
  step(`seeding ${products ?? "the demo"} products into ${site.dbPath}`);
  const started = Date.now();
  await run(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/seed.ts", ...(products ? ["--products", String(products)] : [])], {
    ...process.env,
    NODE_ENV: "production",
    // A demonstration shop: the built-in admin password is allowed (scripts/seed.ts).
    DEMO: "1",
    SESSION_SECRET: randomBytes(16).toString("hex"),
    DATABASE_PATH: site.dbPath,
    UPLOAD_DIR: site.uploadDir,
  });
  return { ...site, seedSeconds: (Date.now() - started) / 1000 };
}

type Env = Record<string, string>;

export interface PaypalEmulator {
  url: string;
  env: Env;
}

/** The PayPal emulator on a free loopback port, and the environment that points the shop at it. */
export async function startPaypal(): Promise<PaypalEmulator> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const clientId = "bench-paypal-client";
  const clientSecret = "bench-paypal-secret";
  const emulator = await startPaypalEmulator({ port, clientId, clientSecret, publicUrl: url });
  stoppers.add(() => emulator.close());
  return {
    url,
    env: {
      DEMO: "1",
      PAYPAL_MODE: "emulator",
      PAYPAL_API_BASE: emulator.url,
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_EMULATOR_PUBLIC_URL: url,
    },
  };
}

/**
 * The stand-in for the National Bank of Poland's API on a free loopback port: the server's rate
 * job reads it at start-up, so the Polish pages are measured with their złoty amounts.
 */
export async function startNbp(): Promise<{ env: Env }> {
  const standIn = await startNbpStandIn({ port: await freePort() });
  stoppers.add(() => standIn.close());
  return { env: { NBP_API_BASE: standIn.url } };
}

/**
 * Starts the shop's server (server/index.ts) on the build, on a free loopback port, against the site's database, and
 * waits until /about answers 200. BENCH_CPU_PROF=<dir> runs it with --cpu-prof. `unpatchedRoot`
 * (tests/bench/unpatched.ts) serves the same build with the packages patches/ changes unpatched.
 */
export async function startServer(
  site: Site,
  extraEnv: Env = {},
  { unpatchedRoot }: { unpatchedRoot?: string } = {},
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const root = unpatchedRoot ?? ROOT;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: base,
    SESSION_SECRET: randomBytes(16).toString("hex"),
    DATABASE_PATH: site.dbPath,
    UPLOAD_DIR: site.uploadDir,
    ...extraEnv,
  };
  // Module paths stay inside the unpatched root instead of following its links back here.
  if (unpatchedRoot) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} ${PRESERVE_SYMLINKS}`.trim();
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  // Served as `npm start` serves it (server/index.ts: one process per core, or
  // WEB_CONCURRENCY). A CPU profile needs one process run by node itself (--cpu-prof is not
  // allowed in NODE_OPTIONS): with WEB_CONCURRENCY=1 the server serves in its own process.
  if (profileDir) env.WEB_CONCURRENCY = "1";
  const serve = ["--import", "tsx", path.join(root, "server/index.ts"), "build/index.js"];
  const args = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...serve] : serve;
  const command = process.execPath;
  // The server writes its request log straight into a file, so reading it costs this process nothing.
  const log = openSync(site.logFile, "a");
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", log, log] });
  closeSync(log);
  servers.add(child);
  let exited = false;
  child.once("exit", () => (exited = true));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`The server exited while starting:\n${tail(site.logFile)}`);
    try {
      const response = await fetch(`${base}/about`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`GET /about did not answer 200 within 60 s:\n${tail(site.logFile)}`);
    await sleep(200);
  }
  console.log(`server pid ${child.pid} at ${base}${profileDir ? ` (CPU profile to ${profileDir})` : ""}`);
  const stop = async () => {
    await stopProcess(child);
    servers.delete(child);
  };
  return { base, pid: child.pid!, stop };
}
