import { copyFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/lib/sqlite.server";
import { runDir } from "./run-dir";

/** A fresh copy of the migrated base database for one test or file. */
export function createTestDb() {
  const file = path.join(runDir(), `db-${process.pid}-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(path.join(runDir(), "base.sqlite"), file);
  return openDatabase(file);
}
