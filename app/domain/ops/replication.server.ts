import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { REPLICA_LAG_LIMIT_S } from "~/domain/ops/replication-limits";

/**
 * What the shop knows of the database's replication (docs/decisions/litestream-replication.md).
 * `npm run db:replicate` writes a small status file beside the database each time Litestream
 * reports a write to the replica; the shop (Settings → Maintenance, /healthz for an admin) reads it.
 * The file holds times and a position, never the replica's address or a credential.
 */

export interface ReplicationStatusFile {
  /** When Litestream last reported a WAL segment or snapshot written to the replica (ISO, UTC). */
  lastSyncAt: string;
  /** Litestream's position after that write (generation/index:offset). */
  position: string | null;
}

export type Replication = { configured: false } | { configured: true; lastSyncAt: string | null; lagSeconds: number | null; stale: boolean };

export function replicationStatusFile(databasePath: string): string {
  return `${databasePath}.replication.json`;
}

/** Replaces the status file in one step (a reader never sees half of it). */
export function writeReplicationStatus(databasePath: string, status: ReplicationStatusFile): void {
  const file = replicationStatusFile(databasePath);
  writeFileSync(`${file}.partial`, `${JSON.stringify(status)}\n`, { mode: 0o640 });
  renameSync(`${file}.partial`, file);
}

function readStatus(databasePath: string): ReplicationStatusFile | null {
  try {
    const parsed = JSON.parse(readFileSync(replicationStatusFile(databasePath), "utf8")) as Partial<ReplicationStatusFile>;
    return typeof parsed.lastSyncAt === "string" && !Number.isNaN(Date.parse(parsed.lastSyncAt))
      ? { lastSyncAt: parsed.lastSyncAt, position: parsed.position ?? null }
      : null;
  } catch {
    return null;
  }
}

/**
 * The replication as the admin sees it: not configured (no LITESTREAM_REPLICA_URL), or the last
 * sync the replicator reported (null before the first) and how long ago that was.
 */
export function readReplication(databasePath: string, replicaUrl: string | undefined, now = new Date()): Replication {
  if (!replicaUrl) return { configured: false };
  const status = readStatus(databasePath);
  if (!status) return { configured: true, lastSyncAt: null, lagSeconds: null, stale: true };
  const lagSeconds = Math.max(0, Math.round((now.getTime() - Date.parse(status.lastSyncAt)) / 1000));
  return { configured: true, lastSyncAt: status.lastSyncAt, lagSeconds, stale: lagSeconds > REPLICA_LAG_LIMIT_S };
}
