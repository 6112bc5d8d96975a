import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runDir } from "../helpers/run-dir";

// The cluster primary of `npm start` (server/index.ts), spawned for real with a build whose
// workers die at start while a marker file exists (tests/fixtures/crashing-build.mjs).

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(runDir(), `serve-${process.pid}`);
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const started: ChildProcess[] = [];
afterEach(() => {
  // The primary and any worker it left: the whole process group of the one we spawned.
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

function startPrimary(marker: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/index.ts"), path.join(root, "tests/fixtures/crashing-build.mjs")], {
    cwd: root,
    env: { ...process.env, WEB_CONCURRENCY: "2", CRASH_MARKER: marker, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  started.push(child);
  const exits: string[] = [];
  let waiters: Array<() => void> = [];
  child.stderr!.setEncoding("utf8");
  let buffer = "";
  child.stderr!.on("data", (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop()!;
    for (const line of lines) if (/^worker \d+ exited/.test(line)) exits.push(line);
    for (const w of waiters) w();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  /** Resolves once `n` worker exits were reported. */
  const exitsReported = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (exits.length >= n) {
          waiters = waiters.filter((w) => w !== check);
          resolve();
        }
      };
      waiters.push(check);
      check();
    });
  return { child, exits, exitsReported, exited };
}

describe("the server's cluster primary", () => {
  it("backs off while workers keep dying at start: each restart waits twice as long as the one before", async () => {
    const marker = path.join(dir, "crash-always");
    writeFileSync(marker, "");
    const primary = startPrimary(marker);
    await primary.exitsReported(6);
    const delays = primary.exits.slice(0, 6).map((line) => Number(/starting another in (\d+) ms/.exec(line)?.[1] ?? NaN));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000]);
    // The next restart is 8 s away (then 16 s): in the next 3 s no worker starts or dies.
    const seen = primary.exits.length;
    await new Promise((r) => setTimeout(r, 3000));
    expect(primary.exits.length).toBe(seen);
  }, 40_000);

  it("a stop cancels the restarts still waiting: SIGTERM while every worker is dead exits at once, and no worker starts after it", async () => {
    const marker = path.join(dir, "crash-first");
    writeFileSync(marker, "");
    const primary = startPrimary(marker);
    await primary.exitsReported(2);
    // Both workers are dead and their restarts wait. From now on a new worker would stay up,
    // so a restart that fired during the stop would keep the primary alive (for 25 s).
    rmSync(marker);
    primary.child.kill("SIGTERM");
    const code = await Promise.race([primary.exited, new Promise<"still running">((r) => setTimeout(() => r("still running"), 10_000))]);
    expect(code).toBe(0);
    expect(primary.exits).toHaveLength(2);
  }, 30_000);
});
