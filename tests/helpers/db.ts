import { copyFileSync } from "node:fs";
import path from "node:path";
import { type DB, openDatabase } from "../../app/lib/sqlite.server";
import { type Database } from "../../app/lib/db-schema";
import { runDir } from "./run-dir";

/**
 * One database strategy for vitest: tests/setup/global-setup.ts migrates a template once per run, and
 * every database a test touches is a plain file copy of it.
 * - Each test file gets its own copy before any app module loads (tests/setup/per-file.ts points
 *   DATABASE_PATH at it), so the app's `db` from ~/lib/db.server is that file's database.
 * - A test that needs a database apart from it (empty for each test, or for a command to own) uses
 *   createTestDb() or copyTemplate().
 */

/** The migrated template of this run. */
export function templatePath(): string {
  return path.join(runDir(), "base.sqlite");
}

/** A new file name in this run's folder. */
export function newDbFile(prefix = "db"): string {
  return path.join(runDir(), `${prefix}-${process.pid}-${Math.random().toString(36).slice(2)}.sqlite`);
}

/** Copies the migrated template to `file` (a new file name when left out) and returns the path. */
export function copyTemplate(file = newDbFile()): string {
  copyFileSync(templatePath(), file);
  return file;
}

/** A database of its own, apart from the file's: a fresh copy of the migrated template. */
export function createTestDb() {
  return openDatabase(copyTemplate());
}

/** How many rows each of `tables` holds: what a seed or a step wrote, compared before and after. */
export async function rowCounts<T extends keyof Database>(db: DB, tables: readonly T[]): Promise<Record<T, number>> {
  const out = {} as Record<T, number>;
  for (const table of tables) {
    const row = await db
      .selectFrom(table as keyof Database)
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
