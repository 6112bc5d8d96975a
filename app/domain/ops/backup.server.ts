import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { type DB, ownerOnly } from "~/lib/sqlite.server";

/**
 * Backups. BACKUP_DIR holds one SQLite file per backup, named by its UTC time
 * (`shop-2026-11-24T03-00-00Z.db`), and `uploads/`: a mirror of UPLOAD_DIR that each backup
 * brings up to date by copying only the files that are new or changed since the last one.
 * Retention deletes database copies, never the uploads mirror, so every kept copy can be
 * restored with its images.
 */
export const BACKUP_PREFIX = "shop-";
const NAME = /^shop-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z\.db$/;

export interface BackupResult {
  file: string;
  sizeBytes: number;
  uploadsCopied: number;
  durationMs: number;
  createdAt: string;
}

export interface BackupOptions {
  databasePath: string;
  uploadDir: string;
  backupDir: string;
  now?: Date;
  /** Called as the copy advances, with the share done (0..1). */
  onProgress?: (done: number) => void;
}

export function backupFileName(now: Date): string {
  return `${BACKUP_PREFIX}${now
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.(\d{3})Z$/, "-$1Z")}.db`;
}

/** The UTC time in a backup's file name, or null for a file that is not a backup. */
export function backupTime(file: string): Date | null {
  const m = NAME.exec(path.basename(file));
  if (!m) return null;
  return new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5] ?? "000"}Z`);
}

/** `PRAGMA integrity_check` of a SQLite file (opened read-only): "ok", or what is wrong. */
export function checkIntegrity(file: string): string {
  let sqlite: SQLite.Database | null = null;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    const rows = sqlite.pragma("integrity_check") as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== "ok");
    if (problems.length) return problems.slice(0, 5).join("; ");
    const hasProducts = sqlite.prepare("select count(*) from sqlite_master where type = 'table' and name = 'products'").pluck().get() as number;
    return hasProducts === 1 ? "ok" : "not a database of the shop (no products table)";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    sqlite?.close();
  }
}

/**
 * Makes an online, consistent copy of the database (SQLite's backup API, while the shop keeps
 * running), checks it with integrity_check, and only then gives it its final name; then copies
 * the uploads that are new since the last backup. Throws when the copy is not sound (and removes it).
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  // The backups hold every customer's data: the folder and the files are the owner's only.
  if (!existsSync(opts.backupDir)) mkdirSync(opts.backupDir, { recursive: true, mode: 0o700 });
  const file = path.join(opts.backupDir, backupFileName(now));
  const partial = `${file}.partial`;
  ownerOnly(partial);
  const source = new SQLite(opts.databasePath, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(partial, {
      progress({ totalPages, remainingPages }) {
        opts.onProgress?.(totalPages ? (totalPages - remainingPages) / totalPages : 1);
        return 2000;
      },
    });
    opts.onProgress?.(1);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  // The copy keeps WAL mode in its header; a backup is one self-contained file instead.
  const copy = new SQLite(partial);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  const integrity = checkIntegrity(partial);
  if (integrity !== "ok") {
    rmSync(partial, { force: true });
    throw new Error(`The backup failed its integrity check: ${integrity}`);
  }
  renameSync(partial, file);
  const uploadsCopied = mirrorFiles(opts.uploadDir, path.join(opts.backupDir, "uploads"));
  return { file, sizeBytes: statSync(file).size, uploadsCopied, durationMs: Date.now() - started, createdAt: now.toISOString() };
}

/**
 * Copies every file of `from` (recursively) that `to` lacks or holds with another size;
 * returns how many were copied. Files only in `to` stay.
 */
export function mirrorFiles(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copied += mirrorFiles(src, dest);
      continue;
    }
    if (!entry.isFile()) continue;
    // Upload names are new random ones for every image, so a file of the same name and size is the same file.
    if (existsSync(dest) && statSync(dest).size === statSync(src).size) continue;
    mkdirSync(to, { recursive: true });
    copyFileSync(src, dest);
    copied++;
  }
  return copied;
}

/** The backups in a folder, newest first. */
export function listBackupFiles(backupDir: string): { file: string; time: Date; sizeBytes: number }[] {
  if (!existsSync(backupDir)) return [];
  return readdirSync(backupDir)
    .map((name) => ({ name, time: backupTime(name) }))
    .filter((b): b is { name: string; time: Date } => b.time !== null)
    .map((b) => {
      const file = path.join(backupDir, b.name);
      return { file, time: b.time, sizeBytes: statSync(file).size };
    })
    .sort((a, b) => b.time.getTime() - a.time.getTime());
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  return `${t.getUTCFullYear()}-W${Math.ceil(((t.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7)}`;
}

/**
 * Which backups to keep: the newest of each of the 7 most recent days that have one, and the
 * newest of each of the 4 most recent ISO weeks that have one (beyond those days). Pure: takes
 * the times, newest first or in any order; returns the ones to delete.
 */
export function backupsToDelete<T extends { time: Date }>(backups: T[], daily = 7, weekly = 4): T[] {
  const sorted = [...backups].sort((a, b) => b.time.getTime() - a.time.getTime());
  const keep = new Set<T>();
  const days = new Set<string>();
  for (const b of sorted) {
    const day = b.time.toISOString().slice(0, 10);
    if (days.has(day)) continue;
    if (days.size >= daily) break;
    days.add(day);
    keep.add(b);
  }
  const weeks = new Set<string>();
  for (const b of sorted) {
    const week = isoWeek(b.time);
    if (weeks.has(week)) continue;
    if (weeks.size >= weekly) break;
    weeks.add(week);
    keep.add(b);
  }
  return sorted.filter((b) => !keep.has(b));
}

/** Deletes the database copies the retention rule does not keep; returns their paths. */
export function pruneBackups(backupDir: string): string[] {
  const gone = backupsToDelete(listBackupFiles(backupDir));
  for (const b of gone) rmSync(b.file, { force: true });
  return gone.map((b) => b.file);
}

/** Records a finished backup in the database it copied (the admin and /healthz read it). */
export async function recordBackup(db: DB, result: BackupResult, trigger: "schedule" | "admin" | "script", actor?: Actor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await insertBackupRow(trx, result, trigger);
    if (actor) {
      await logActivity(trx, {
        actor,
        kind: "backup.run",
        subjectType: "backup",
        subjectId: id,
        summary: `Backup ${path.basename(result.file)} (${(result.sizeBytes / 1_048_576).toFixed(1)} MB, ${result.uploadsCopied} new upload files)`,
      });
    }
    return id;
  });
}

async function insertBackupRow(db: DB, result: BackupResult, trigger: string): Promise<number> {
  const row = await db
    .insertInto("backups")
    .values({
      created_at: result.createdAt,
      file: path.basename(result.file),
      size_bytes: result.sizeBytes,
      uploads_copied: result.uploadsCopied,
      duration_ms: result.durationMs,
      trigger,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function getLastBackup(db: DB) {
  return (
    (await db
      .selectFrom("backups")
      .select(["id", "created_at as createdAt", "file", "size_bytes as sizeBytes", "uploads_copied as uploadsCopied", "duration_ms as durationMs", "trigger"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** "0 3 * * *" from "03:00": the daily backup's cron pattern (UTC). */
export function backupCron(backupAt: string): string {
  const [h, m] = backupAt.split(":").map(Number);
  return `${m} ${h} * * *`;
}

/**
 * Checks whether any other connection has the database open: leaving WAL mode needs the file
 * to itself, so it fails at once (busy) while a server (or any script) is using it. On success
 * the file is left in rollback-journal mode, closed, with its WAL merged in.
 */
export function isDatabaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const sqlite = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    const mode = sqlite.pragma("journal_mode = DELETE", { simple: true });
    return String(mode).toLowerCase() === "wal";
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return true;
    // A damaged file (not a database any more) is what a restore is for: nobody can be using it.
    if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") return false;
    throw error;
  } finally {
    sqlite.close();
  }
}

export interface RestoreResult {
  restored: string;
  keptAside: string | null;
  uploadsCopied: number;
  /** Sessions deleted from the restored copy: everyone signs in again. */
  sessionsEnded: number;
  /** Open e-mail links (tokens) deleted from the restored copy. */
  linksVoided: number;
}

/**
 * Restores a backup into `databasePath`: checks the backup's integrity, refuses while the
 * database is in use, moves the current file (and its -wal/-shm) aside as
 * `<file>.replaced-<UTC time>`, copies the backup in, and copies back the uploads of the backup
 * folder's mirror that UPLOAD_DIR lacks. The restored copy keeps no session and no open e-mail
 * link (endSessionsAndLinks). Throws with a message a person can act on.
 */
export function restoreBackup(opts: { backupFile: string; databasePath: string; uploadDir: string; now?: Date }): RestoreResult {
  const backupFile = path.resolve(opts.backupFile);
  if (!existsSync(backupFile)) throw new Error(`No such backup: ${opts.backupFile}`);
  const integrity = checkIntegrity(backupFile);
  if (integrity !== "ok") throw new Error(`The backup failed its integrity check: ${integrity}`);
  if (isDatabaseInUse(opts.databasePath)) {
    throw new Error(`${opts.databasePath} is in use (is the shop running?). Stop the shop first, then restore.`);
  }
  const stamp = (opts.now ?? new Date()).toISOString().replace(/:/g, "-");
  let keptAside: string | null = null;
  if (existsSync(opts.databasePath)) {
    keptAside = `${opts.databasePath}.replaced-${stamp}`;
    renameSync(opts.databasePath, keptAside);
    for (const suffix of ["-wal", "-shm"]) {
      if (existsSync(opts.databasePath + suffix)) renameSync(opts.databasePath + suffix, keptAside + suffix);
    }
  }
  const partial = `${opts.databasePath}.restoring`;
  rmSync(partial, { force: true });
  ownerOnly(partial);
  copyFileSync(backupFile, partial);
  const voided = endSessionsAndLinks(partial);
  renameSync(partial, opts.databasePath);
  const uploadsCopied = mirrorFiles(path.join(path.dirname(backupFile), "uploads"), opts.uploadDir);
  return { restored: backupFile, keptAside, uploadsCopied, ...voided };
}

/**
 * In the restored copy, before it takes the database's place: deletes every session (a session
 * signed out or revoked after the backup would otherwise live again) and every open e-mail link
 * (every `*_tokens` table: resets, confirmations, undo links, deletions; and the confirmation
 * links of unconfirmed back-in-stock requests). A link used or voided after the backup would
 * otherwise work again. One transaction.
 */
function endSessionsAndLinks(file: string): { sessionsEnded: number; linksVoided: number } {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    return sqlite.transaction(() => {
      const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
      const sessionsEnded = tables.includes("sessions") ? sqlite.prepare("delete from sessions").run().changes : 0;
      let linksVoided = 0;
      for (const table of tables.filter((t) => t.endsWith("_tokens"))) linksVoided += sqlite.prepare(`delete from "${table}"`).run().changes;
      const bisColumns = tables.includes("back_in_stock_requests")
        ? (sqlite.prepare("select name from pragma_table_info('back_in_stock_requests')").pluck().all() as string[])
        : [];
      if (bisColumns.includes("confirmed_at")) {
        linksVoided += sqlite.prepare("delete from back_in_stock_requests where confirmed_at is null and closed_at is null").run().changes;
      }
      return { sessionsEnded, linksVoided };
    })();
  } finally {
    sqlite.close();
  }
}

/**
 * One backup as the shop takes it (the daily job, 'Back up now', `npm run db:backup`): the
 * checked copy and new uploads, a row in `backups`, then the retention rule.
 */
export async function runBackup(
  db: DB,
  opts: Omit<BackupOptions, "now"> & { trigger: "schedule" | "admin" | "script"; now?: Date; actor?: Actor },
): Promise<BackupResult & { id: number; pruned: string[] }> {
  const result = await createBackup(opts);
  const id = await recordBackup(db, result, opts.trigger, opts.actor);
  const pruned = pruneBackups(opts.backupDir);
  return { ...result, id, pruned };
}
