import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Database } from "../../app/lib/db-schema";

/*
 * Whether a database is a demonstration shop is a fact of the database, not of the shell that
 * runs a command on it (docs/decisions/demo-marker.md): the demo marker, one row that only a
 * demo seed writes. The built-in admin and the demo year go only into a database that carries it.
 */

type DB = Kysely<Database>;

/** What the shell says: NODE_ENV, DEMO (only `1` or `true` is a demo) and whether the owner gave her own password. */
export type ShellEnv = { NODE_ENV?: string; DEMO?: string; ADMIN_PASSWORD?: string };

export function shellSaysDemo(env: ShellEnv): boolean {
  return env.DEMO === "1" || env.DEMO?.toLowerCase() === "true";
}

/** Production without DEMO=1: a real shop whatever the database holds. */
export function shellSaysRealShop(env: ShellEnv): boolean {
  return env.NODE_ENV === "production" && !shellSaysDemo(env);
}

async function hasTable(db: DB, name: string): Promise<boolean> {
  const found = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}

/** Whether the database carries the demo marker (a database not migrated that far does not). */
export async function hasDemoMarker(db: DB): Promise<boolean> {
  if (!(await hasTable(db, "demo_marker"))) return false;
  return (await db.selectFrom("demo_marker").select("id").executeTakeFirst()) !== undefined;
}

/** No account and no order: nobody has used this database yet (a new file has neither table). */
async function isUnused(db: DB): Promise<boolean> {
  for (const table of ["users", "orders"] as const) {
    if (!(await hasTable(db, table))) continue;
    if (await db.selectFrom(table).select("id").limit(1).executeTakeFirst()) return false;
  }
  return true;
}

/**
 * A development shell: says neither production nor anything about DEMO, and gives no owner's
 * password. Its seed of a new database is the demo, with the built-in admin (the contract's
 * `npm run db:seed`); the deploy guide's `ops` wrapper says production, so it never is one.
 */
function shellSaysDevelopment(env: ShellEnv): boolean {
  return env.NODE_ENV !== "production" && env.DEMO === undefined && !env.ADMIN_PASSWORD;
}

/**
 * Whether a seed on this database makes, or keeps, a demonstration shop: never when the shell
 * says a real shop; yes when the database carries the marker; yes when the shell says DEMO=1 or
 * is a development shell and nobody has used the database yet (no account, no order); no
 * otherwise. Asked before the seed migrates or writes anything.
 */
export async function isDemoSeed(db: DB, env: ShellEnv): Promise<boolean> {
  if (shellSaysRealShop(env)) return false;
  if (await hasDemoMarker(db)) return true;
  return (shellSaysDemo(env) || shellSaysDevelopment(env)) && (await isUnused(db));
}

/** Marks the database a demonstration shop (once; a second call changes nothing). */
export async function writeDemoMarker(db: DB, now = new Date()): Promise<void> {
  await db
    .insertInto("demo_marker")
    .values({ id: 1, seeded_at: now.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export const NOT_A_DEMO_MESSAGE = "this database carries no demo marker, so it is a real shop's (a demo is a new database seeded with DEMO=1)";
