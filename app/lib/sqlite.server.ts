import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, SqliteDialect } from "kysely";
import { type Database } from "~/lib/db-schema";

export type DB = Kysely<Database>;

/** The better-sqlite3 handle behind each Kysely instance opened here (for the read cache's version check). */
const handles = new WeakMap<DB, SQLite.Database>();
const versionStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * A value that changes whenever the database may have changed: `total_changes()` counts the
 * rows this connection inserted, updated or deleted, and `data_version` changes when another
 * connection (a script, a test, a second process) committed. Null for a transaction or a
 * Kysely instance not opened here: callers must then not cache.
 */
export function databaseVersion(db: DB): string | null {
  const sqlite = handles.get(db);
  if (!sqlite) return null;
  let statement = versionStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare("select total_changes() as changes, (select data_version from pragma_data_version) as version").raw(true);
    versionStatements.set(sqlite, statement);
  }
  const [changes, version] = statement.get() as [number, number];
  return `${changes}:${version}`;
}

/** Opens a SQLite file in WAL mode with foreign keys on and a busy timeout. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  return db;
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
