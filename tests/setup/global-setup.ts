import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/lib/sqlite.server";
import { migrateToLatest } from "../../db/migrate";

const TMP = path.resolve(import.meta.dirname, "../.tmp");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Migrates one template database for this run (tests/.tmp/run-{pid}/base.sqlite); every test file and
 * createTestDb() works on its own copy in the same folder (see tests/helpers/db.ts). The folder goes when the run ends, and
 * folders of runs whose process is gone (a killed run) are swept at the start of the next.
 */
export default async function setup() {
  // With several vitest projects this may run once per project: the first makes the template, the rest share it.
  if (process.env.TEST_RUN_DIR) return;
  mkdirSync(TMP, { recursive: true });
  for (const name of readdirSync(TMP)) {
    const run = /^run-(\d+)$/.exec(name);
    if (run && !isAlive(Number(run[1]))) rmSync(path.join(TMP, name), { recursive: true, force: true });
  }
  const dir = path.join(TMP, `run-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.TEST_RUN_DIR = dir;
  const db = openDatabase(path.join(dir, "base.sqlite"));
  await migrateToLatest(db);
  // Fold the WAL into the main file so a plain copy is complete.
  await db.destroy();
  return () => rmSync(dir, { recursive: true, force: true });
}
