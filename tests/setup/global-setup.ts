import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/lib/sqlite.server";
import { migrateToLatest } from "../../scripts/migrate-lib";

export const TMP = path.resolve(import.meta.dirname, "../.tmp");
export const BASE_DB = path.join(TMP, "base.sqlite");

/** Migrates tests/.tmp/base.sqlite once; every test file works on its own copy. */
export default async function setup() {
  mkdirSync(TMP, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(BASE_DB + suffix, { force: true });
  const db = openDatabase(BASE_DB);
  await migrateToLatest(db);
  // Fold the WAL into the main file so a plain copy is complete.
  await db.destroy();
}
