import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { checkHealth } from "~/domain/ops/health.server";
import { readReplication, replicationStatusFile, writeReplicationStatus } from "~/domain/ops/replication.server";
import { db } from "~/lib/db.server";
import { loadFunctionsTab } from "~/web/admin/store-tabs.server";
import { copyTemplate } from "../helpers/db";
import { runDir } from "../helpers/run-dir";

// Continuous replication with Litestream (the npm package's v0.3.13) to a file:// replica, through
// the commands as production runs them: db:replicate, db:replica-check, db:restore -- --from-replica.
const repo = path.resolve(import.meta.dirname, "../..");
const root = path.join(runDir(), `replication-${process.pid}`);
const started: ChildProcess[] = [];
afterAll(async () => {
  await db.destroy();
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

/** A shop's folder with a migrated database, its uploads folder and a file:// replica beside it. */
function shopIn(name: string) {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  const settings = {
    DATABASE_PATH: copyTemplate(path.join(dir, "shop.db")),
    UPLOAD_DIR: path.join(dir, "uploads"),
    LITESTREAM_REPLICA_URL: `file://${path.join(dir, "replica")}`,
  };
  return { dir, replica: path.join(dir, "replica"), settings };
}

const baseEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "production" };
/** Exactly these variables, nothing inherited. */
const only = (env: Record<string, string>) => env as NodeJS.ProcessEnv;

/** `npm run -s <command>` as cron or an owner runs it, with these settings and nothing else. */
function npmRun(command: string, settings: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", command, ...(args.length ? ["--", ...args] : [])], { cwd: repo, env: only({ ...baseEnv, ...settings }) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** A long-running command as systemd starts it (node --import tsx, no npm in between), its stdout read line by line. */
function startNode(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: repo,
    env: only({ ...baseEnv, ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  const lines: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    lines.push(line);
    for (const listener of listeners) listener(line);
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, lines, onLine: (listener: (line: string) => void) => listeners.push(listener), stderr: () => stderr, exited };
}

async function until<T>(what: string, probe: () => T | null | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function lastSyncAt(databasePath: string): number | null {
  try {
    return Date.parse((JSON.parse(readFileSync(replicationStatusFile(databasePath), "utf8")) as { lastSyncAt: string }).lastSyncAt);
  } catch {
    return null;
  }
}

function paidOrderIds(file: string): Set<number> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return new Set(sqlite.prepare("select id from orders where status = 'paid' and paypal_capture_id is not null").pluck().all() as number[]);
  } finally {
    sqlite.close();
  }
}

/** Litestream ships WAL pages once a second: what was paid this long before a sync it reported is in the replica. */
const SYNC_MARGIN_MS = 2_000;

describe("replication to a file:// replica", () => {
  it("kill -9 of the shop and the replicator mid-writes: the replica restores every order paid before the last sync, intact", async () => {
    const shop = shopIn("crash");
    const replicator = startNode("scripts/replicate.ts", shop.settings);
    const litestreamPid = Number(
      /\(pid (\d+)\)/.exec(await until("the replicator's first line", () => replicator.lines.find((l) => l.startsWith("Replicating"))))![1],
    );
    await until("the first sync", () => lastSyncAt(shop.settings.DATABASE_PATH));

    // The shop: every order is paid through the PayPal emulator; "paid N" once it has committed.
    const writer = startNode(
      "tests/integration/replication-writer.ts",
      { NODE_ENV: "test", DATABASE_PATH: shop.settings.DATABASE_PATH, APP_URL: "http://localhost:3000", SESSION_SECRET: "replication-test-session-secret" },
      [shop.settings.DATABASE_PATH],
    );
    const reported = new Map<number, number>();
    writer.onLine((line) => {
      const m = /^paid (\d+)$/.exec(line);
      if (m) reported.set(Number(m[1]), Date.now());
    });
    await until("20 paid orders", () => reported.size >= 20 || writer.child.exitCode !== null, 20_000);
    expect(writer.stderr()).toBe("");

    // While both run: the check restores the replica and finds it current; a restore is refused.
    const [check, refused] = await Promise.all([npmRun("db:replica-check", shop.settings), npmRun("db:restore", shop.settings, "--from-replica")]);
    expect(check.stderr).toBe("");
    expect(check.stdout).toMatch(/integrity ok/);
    const lag = Number(/^replica lag: (\d+) s$/m.exec(check.stdout)?.[1]);
    expect(lag).toBeLessThanOrEqual(5);
    expect(check.status).toBe(0);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^Restore refused: .*shop\.db is in use \(is the shop or db:replicate running\?\)/);

    // Paid so far; then a sync reported well after them, with the writes still going.
    const confirmed = new Set(reported.keys());
    const mark = Date.now();
    await until("a sync after the orders paid so far", () => (lastSyncAt(shop.settings.DATABASE_PATH) ?? 0) >= mark + SYNC_MARGIN_MS);
    const before = reported.size;
    await until("more orders paid", () => reported.size >= before + 5);

    process.kill(writer.child.pid!, "SIGKILL");
    process.kill(litestreamPid, "SIGKILL");
    process.kill(replicator.child.pid!, "SIGKILL");
    await Promise.all([writer.exited, replicator.exited]);
    const killedAt = Date.now();
    const finalSync = lastSyncAt(shop.settings.DATABASE_PATH)!;

    const restored = await npmRun("db:restore", shop.settings, "--from-replica");
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/Restored the replica at file:\/\/.* \(integrity ok\)/);
    const crashed = restored.stdout.match(/kept as (.+)\.$/m)![1]!;

    const sqlite = new SQLite(shop.settings.DATABASE_PATH, { readonly: true });
    expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(sqlite.prepare("select beat_at from _replication_heartbeat").pluck().get()).toMatch(/^\d{4}-/);
    sqlite.close();
    const replicated = paidOrderIds(shop.settings.DATABASE_PATH);
    // Every order paid before the confirmed sync is there, and every one paid 2 s before the last sync recorded.
    expect([...confirmed].filter((id) => !replicated.has(id))).toEqual([]);
    const due = [...reported].filter(([, at]) => at < finalSync - SYNC_MARGIN_MS).map(([id]) => id);
    expect(due.length).toBeGreaterThanOrEqual(confirmed.size);
    expect(due.filter((id) => !replicated.has(id))).toEqual([]);
    // Nothing the shop never committed, and at most the last couple of seconds missing.
    const local = paidOrderIds(crashed);
    expect([...replicated].filter((id) => !local.has(id))).toEqual([]);
    const missing = [...reported].filter(([id]) => !replicated.has(id));
    for (const [, at] of missing) expect(killedAt - at).toBeLessThan(5_000);
  }, 60_000);

  it("db:replica-check exits 1 when the replica is older than 60 s, and when there is none", async () => {
    const shop = shopIn("stale");
    const replicator = startNode("scripts/replicate.ts", shop.settings);
    await until("the first sync", () => lastSyncAt(shop.settings.DATABASE_PATH));
    replicator.child.kill("SIGTERM");
    expect(await replicator.exited).toBe(0);
    // A replica last written two hours ago: Litestream dates a file replica's segments by their files.
    const old = new Date(Date.now() - 2 * 3600_000);
    const age = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) age(file);
        utimesSync(file, old, old);
      }
    };
    age(shop.replica);

    const [stale, none] = await Promise.all([
      npmRun("db:replica-check", shop.settings),
      npmRun("db:replica-check", { ...shop.settings, LITESTREAM_REPLICA_URL: `file://${path.join(shop.dir, "no-replica")}` }),
    ]);
    expect(stale.stdout).toMatch(/integrity ok/);
    const lag = Number(/^replica lag: (\d+) s$/m.exec(stale.stdout)?.[1]);
    expect(lag).toBeGreaterThan(7000);
    expect(stale.stderr.trim()).toMatch(/^Replica check failed: the replica is \d+ s behind, more than 60 s \(is db:replicate running\?\)$/);
    expect(stale.status).toBe(1);
    expect(none.status).toBe(1);
    expect(none.stderr.trim()).toMatch(/^Replica check failed: There is no replica at file:\/\/.*no-replica yet \(has db:replicate run\?\)$/);
    // The check leaves nothing behind beside the database.
    expect(readdirSync(shop.dir).filter((f) => f.includes("replica-check"))).toEqual([]);
  }, 60_000);

  it("without LITESTREAM_REPLICA_URL every replica command refuses in one line; the database is left alone", async () => {
    const shop = shopIn("not-configured");
    const settings = { DATABASE_PATH: shop.settings.DATABASE_PATH, UPLOAD_DIR: shop.settings.UPLOAD_DIR };
    const replicate = startNode("scripts/replicate.ts", settings);
    const [check, restore, empty] = await Promise.all([
      npmRun("db:replica-check", settings),
      npmRun("db:restore", settings, "--from-replica"),
      // A replica with nothing in it yet: refused, and the database stays where it is.
      npmRun("db:restore", shop.settings, "--from-replica"),
    ]);
    expect(await replicate.exited).toBe(78);
    expect(replicate.stderr().trim()).toBe(
      "Replication refused: LITESTREAM_REPLICA_URL is not set: say where to replicate to (file:///…, sftp://… or s3://…; docs/deploy.md)",
    );
    expect(check.status).toBe(1);
    expect(check.stderr.trim()).toMatch(/^Replica check failed: LITESTREAM_REPLICA_URL is not set/);
    expect(restore.status).toBe(1);
    expect(restore.stderr.trim()).toMatch(/^Restore refused: LITESTREAM_REPLICA_URL is not set/);
    expect(empty.status).toBe(1);
    expect(empty.stderr.trim()).toMatch(/^Restore refused: There is no replica at file:\/\/.* yet/);
    expect(readdirSync(shop.dir).filter((f) => f.includes("replaced") || f.includes("from-replica"))).toEqual([]);
    expect(existsSync(settings.DATABASE_PATH)).toBe(true);
  }, 60_000);

  it("db:replicate refuses a Litestream that is not 0.3, whose config it cannot read", async () => {
    const shop = shopIn("wrong-version");
    const bin = path.join(shop.dir, "bin");
    mkdirSync(bin);
    writeFileSync(path.join(bin, "litestream"), "#!/bin/sh\necho v0.5.2\n");
    chmodSync(path.join(bin, "litestream"), 0o755);
    const replicate = startNode("scripts/replicate.ts", { ...shop.settings, PATH: `${bin}:${baseEnv.PATH}` });
    expect(await replicate.exited).toBe(78);
    expect(replicate.stderr().trim()).toMatch(/^Replication refused: .*litestream is Litestream v0\.5\.2: deploy\/litestream\.yml is written for 0\.3/);
  }, 30_000);
});

describe("what the shop shows of the replication", () => {
  const url = "file:///srv/shop-replica";

  it("reads the last sync db:replicate recorded beside the database: not configured, none yet, current, stale", () => {
    const { dir } = shopIn("status");
    const databasePath = path.join(dir, "shop.db");
    const now = new Date("2026-11-29T12:00:00.000Z");
    expect(readReplication(databasePath, undefined, now)).toEqual({ configured: false });
    expect(readReplication(databasePath, url, now)).toEqual({ configured: true, lastSyncAt: null, lagSeconds: null, stale: true });
    writeReplicationStatus(databasePath, { lastSyncAt: "2026-11-29T11:59:55.400Z", position: "cc2138bdc856c63d/00000000:0" });
    expect(readReplication(databasePath, url, now)).toEqual({ configured: true, lastSyncAt: "2026-11-29T11:59:55.400Z", lagSeconds: 5, stale: false });
    // Even with a status file, no LITESTREAM_REPLICA_URL means replication is off.
    expect(readReplication(databasePath, undefined, now)).toEqual({ configured: false });
    writeReplicationStatus(databasePath, { lastSyncAt: "2026-11-29T11:58:59.000Z", position: null });
    expect(readReplication(databasePath, url, now)).toMatchObject({ lagSeconds: 61, stale: true });
    writeFileSync(replicationStatusFile(databasePath), "{ not json");
    expect(readReplication(databasePath, url, now)).toMatchObject({ lastSyncAt: null, stale: true });
  });

  it("/healthz's details and the Functions tab carry it, naming no path or address", async () => {
    const databasePath = process.env.DATABASE_PATH!;
    expect((await checkHealth(db, databasePath)).health.replication).toEqual({ configured: false });
    expect((await loadFunctionsTab(db, new URL("http://localhost/admin?tab=functions"))).replication).toEqual({ configured: false });
    writeReplicationStatus(databasePath, { lastSyncAt: new Date(Date.now() - 3000).toISOString(), position: "cc2138bdc856c63d/00000001:4152" });
    try {
      const { ok, health } = await checkHealth(db, databasePath, url);
      expect(ok).toBe(true);
      expect(health.replication).toMatchObject({ configured: true, stale: false });
      expect((health.replication as { lagSeconds: number }).lagSeconds).toBeLessThanOrEqual(5);
      expect(JSON.stringify(health)).not.toMatch(/shop-replica|file:|\.sqlite|\.db/);
    } finally {
      rmSync(replicationStatusFile(databasePath), { force: true });
    }
  });
});
