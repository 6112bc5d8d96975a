import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, SqliteDialect } from "kysely";
import { type Database } from "~/lib/db-schema";

export type DB = Kysely<Database>;

/** Opens a SQLite file in WAL mode with foreign keys on and a busy timeout. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
}

/**
 * Kysely begins SQLite transactions as DEFERRED: one that reads first and writes later then
 * fails at once with SQLITE_BUSY_SNAPSHOT when another connection (a script, a test helper, a
 * second process) wrote in between, and busy_timeout cannot help. Every transaction here
 * begins IMMEDIATE instead: it waits for the write lock up front (within busy_timeout), so what
 * it reads stays current until it commits. The shop's transactions all write, so nothing is lost.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}
