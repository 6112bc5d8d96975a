import { statfs } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { getLastBackup } from "~/domain/ops/backup.server";
import { readReplication, type Replication } from "~/domain/ops/replication.server";
import { type DB } from "~/lib/sqlite.server";

export interface Health {
  db: "ok" | "error";
  lastBackupAt: string | null;
  outboxPending: number;
  disk: { freeBytes: number | null };
  /** The last sync of the database's replica, or { configured: false }. */
  replication: Replication;
}

/** E-mails not sent yet: waiting for their turn or failing and retried. */
async function outboxPending(db: DB): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", ["pending", "failing"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What GET /healthz answers: the database answers a query, the last backup's time, the e-mails
 * waiting, the free disk space where the database lives and the replica's last sync. A few
 * indexed reads and one small file: cheap enough to be called every 10 s. Names no path,
 * version or secret. A stale replica does not make the shop unhealthy: it still serves.
 */
export async function checkHealth(db: DB, databasePath: string, replicaUrl?: string): Promise<{ ok: boolean; health: Health }> {
  const replication = readReplication(databasePath, replicaUrl);
  const disk = await statfs(path.dirname(path.resolve(databasePath))).then(
    (s) => ({ freeBytes: Number(s.bavail) * Number(s.bsize) }),
    () => ({ freeBytes: null }),
  );
  try {
    await sql`select 1`.execute(db);
    const [last, pending] = await Promise.all([getLastBackup(db), outboxPending(db)]);
    return { ok: true, health: { db: "ok", lastBackupAt: last?.createdAt ?? null, outboxPending: pending, disk, replication } };
  } catch {
    return { ok: false, health: { db: "error", lastBackupAt: null, outboxPending: 0, disk, replication } };
  }
}
