import { statfs } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { getLastBackup } from "~/domain/ops/backup.server";
import { type DB } from "~/lib/sqlite.server";

export interface Health {
  db: "ok" | "error";
  lastBackupAt: string | null;
  outboxPending: number;
  disk: { freeBytes: number | null };
}

/** E-mails waiting in the outbox (issue 15's table); 0 while the shop has none. */
async function outboxPending(db: DB): Promise<number> {
  const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'outbox'`.execute(db);
  if (!exists.rows[0]?.n) return 0;
  const row = await sql<{ n: number }>`select count(*) as n from outbox where sent_at is null`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * What GET /healthz answers: the database answers a query, the last backup's time, the e-mails
 * waiting, and the free disk space where the database lives. A few indexed reads: cheap enough
 * to be called every 10 s. Names no path, version or secret.
 */
export async function checkHealth(db: DB, databasePath: string): Promise<{ ok: boolean; health: Health }> {
  const disk = await statfs(path.dirname(path.resolve(databasePath))).then(
    (s) => ({ freeBytes: Number(s.bavail) * Number(s.bsize) }),
    () => ({ freeBytes: null }),
  );
  try {
    await sql`select 1`.execute(db);
    const [last, pending] = await Promise.all([getLastBackup(db), outboxPending(db)]);
    return { ok: true, health: { db: "ok", lastBackupAt: last?.createdAt ?? null, outboxPending: pending, disk } };
  } catch {
    return { ok: false, health: { db: "error", lastBackupAt: null, outboxPending: 0, disk } };
  }
}
