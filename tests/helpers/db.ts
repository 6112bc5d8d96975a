import { copyFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/lib/sqlite.server";

/** A fresh copy of the migrated base database for one test or file. */
export function createTestDb() {
  const tmp = path.resolve(import.meta.dirname, "../.tmp");
  const file = path.join(tmp, `db-${process.pid}-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(path.join(tmp, "base.sqlite"), file);
  return openDatabase(file);
}
