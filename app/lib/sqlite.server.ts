import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, SqliteDialect } from "kysely";
import { type Database } from "~/lib/db-schema";

export type DB = Kysely<Database>;

/** The better-sqlite3 handle behind each Kysely instance opened here (for the read cache's version check). */
const handles = new WeakMap<DB, SQLite.Database>();

interface VersionState {
  totalChanges: SQLite.Statement;
  dataVersion: SQLite.Statement;
  /** The read epoch `otherCommits` was read in. */
  epoch: number;
  otherCommits: number;
}
const versionStates = new WeakMap<SQLite.Database, VersionState>();

/**
 * Read epochs. `data_version` (has another connection committed?) costs about 3 µs, most of a
 * cached read, so it is read at most once per epoch. A new epoch starts with every incoming HTTP
 * request (`startReadEpoch`, the server pipeline's read-epoch step) and after every turn of the event loop
 * that read it. A commit that finished before a request arrived is therefore always seen by that
 * request; the request's later reads may reuse the value read at its start.
 */
let readEpoch = 0;
let epochEndScheduled = false;

export function startReadEpoch(): void {
  readEpoch++;
}

function endEpochAfterThisTurn(): void {
  if (epochEndScheduled) return;
  epochEndScheduled = true;
  setImmediate(() => {
    epochEndScheduled = false;
    readEpoch++;
  });
}

/**
 * A value that changes whenever the database may have changed: `total_changes()` counts the
 * rows this connection inserted, updated or deleted (read every time; it costs 0.1 µs, so a
 * process sees its own writes at once), and `data_version` changes when another connection (a
 * script, a test, a second server process) committed (read once per read epoch, above). Null
 * for a transaction or a Kysely instance not opened here: callers must then not cache.
 */
export function databaseVersion(db: DB): string | null {
  const sqlite = handles.get(db);
  if (!sqlite) return null;
  let state = versionStates.get(sqlite);
  if (!state) {
    state = {
      totalChanges: sqlite.prepare("select total_changes()").pluck(),
      dataVersion: sqlite.prepare("pragma data_version").pluck(),
      epoch: -1,
      otherCommits: 0,
    };
    versionStates.set(sqlite, state);
  }
  if (state.epoch !== readEpoch) {
    state.otherCommits = state.dataVersion.get() as number;
    state.epoch = readEpoch;
    endEpochAfterThisTurn();
  }
  return `${state.totalChanges.get() as number}:${state.otherCommits}`;
}

/**
 * Makes a database file (and its folder) readable by the owner only before SQLite opens it:
 * SQLite gives a new -wal and -shm the rights of the database file, so they follow. A file
 * that exists with looser rights is tightened; a file owned by someone else is left alone.
 */
export function ownerOnly(file: string): void {
  const dir = path.dirname(path.resolve(file));
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  closeSync(openSync(file, "a", 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if (existsSync(f) && (statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
    } catch {
      // Not ours to change (another user's file): SQLite reports it if it cannot open it.
    }
  }
}

/**
 * Opens a SQLite file in WAL mode with foreign keys on and a busy timeout. `readOnly` refuses
 * every write on this connection with SQLITE_READONLY (query_only), the file itself unchanged.
 */
export function openDatabase(file: string, opts: { readOnly?: boolean } = {}): DB {
  if (file !== ":memory:") ownerOnly(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  if (opts.readOnly) sqlite.pragma("query_only = ON");
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
 * docs/decisions/sqlite-wal-one-writer.md.
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
