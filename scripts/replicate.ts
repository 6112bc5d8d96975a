// npm run db:replicate: replicates DATABASE_PATH to LITESTREAM_REPLICA_URL with Litestream, in
// the foreground, until SIGTERM (deploy/doll-boutique-replicate.service runs it). Reads only
// DATABASE_PATH, LITESTREAM_REPLICA_URL and the replica's credentials. Beside the database it keeps
// <DATABASE_PATH>.replication.json, the last sync the shop shows; into it, a heartbeat every 30 s.
import { createInterface } from "node:readline";
import type SQLite from "better-sqlite3";
import { findLitestream, HEARTBEAT_MS, openForHeartbeat, parseLogLine, startReplicate, writeHeartbeat } from "../app/domain/ops/litestream.server";
import { writeReplicationStatus } from "../app/domain/ops/replication.server";
import { parseOpsEnv } from "../app/lib/ops-env.server";

// sysexits' EX_CONFIG: the unit does not restart on it (RestartPreventExitStatus), a restart cannot help.
const EX_CONFIG = 78;
const SYNC_MESSAGES = new Set(["wal segment written", "snapshot written"]);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, " ");

let setup;
try {
  const env = parseOpsEnv(process.env, ["DATABASE_PATH", "LITESTREAM_REPLICA_URL"]);
  setup = { databasePath: env.DATABASE_PATH, replicaUrl: env.LITESTREAM_REPLICA_URL!, litestream: findLitestream() };
} catch (error) {
  console.error(`Replication refused: ${message(error)}`);
  process.exit(EX_CONFIG);
}
const { databasePath, replicaUrl, litestream } = setup;

const child = startReplicate(litestream, { databasePath, replicaUrl });
console.log(`Replicating ${databasePath} to ${replicaUrl} with Litestream ${litestream.version} (pid ${child.pid}).`);

// Litestream's log goes on to the journal as it is; a write to the replica is the last sync.
for (const stream of [child.stdout!, child.stderr!]) {
  createInterface({ input: stream }).on("line", (line) => {
    process.stderr.write(`${line}\n`);
    const fields = parseLogLine(line);
    if (!SYNC_MESSAGES.has(fields.msg ?? "")) return;
    const at = Date.parse(fields.time ?? "");
    try {
      writeReplicationStatus(databasePath, { lastSyncAt: new Date(Number.isNaN(at) ? Date.now() : at).toISOString(), position: fields.position ?? null });
    } catch (error) {
      console.error(`Could not record the last sync: ${message(error)}`);
    }
  });
}

let sqlite: SQLite.Database | null = null;
function beat() {
  try {
    sqlite ??= openForHeartbeat(databasePath);
    if (sqlite) writeHeartbeat(sqlite);
  } catch (error) {
    console.error(`Heartbeat failed: ${message(error)}`);
    sqlite?.close();
    sqlite = null;
  }
}
beat();
const heartbeat = setInterval(beat, HEARTBEAT_MS);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    stopping = true;
    // Litestream syncs what it has before it exits.
    child.kill("SIGTERM");
  });
}
child.on("error", (error) => {
  console.error(`Replication failed: ${message(error)}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  clearInterval(heartbeat);
  sqlite?.close();
  if (stopping) {
    console.log("Replication stopped.");
    process.exit(0);
  }
  console.error(`Replication failed: litestream stopped by itself (${signal ?? `exit ${code}`})`);
  process.exit(1);
});
