import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type DB, openDatabase } from "../../../app/lib/sqlite.server";

/** The SQLite file the e2e server uses (tests/e2e/start-server.ts makes and seeds it). */
export const E2E_DB_PATH = process.env.E2E_DATABASE_PATH ?? fileURLToPath(new URL("../../.tmp/e2e.sqlite", import.meta.url));

let kitDb: DB | undefined;

/**
 * The e2e database for the fixture kit's functions (tests/helpers/kit): `makeProduct(e2eDb(), …)`.
 * One connection per test worker, opened on first use; SQLite's busy timeout waits out the server's writes.
 */
export function e2eDb(): DB {
  kitDb ??= openDatabase(E2E_DB_PATH);
  return kitDb;
}

/**
 * Opens the e2e database read-only for one synchronous look (waiting up to 5 s for SQLite's lock), then
 * closes it. Tests write through the kit's functions, never here.
 */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_PATH, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}
