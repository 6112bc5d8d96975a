import { getEnv } from "~/lib/env.server";
import { type DB, openDatabase } from "~/lib/sqlite.server";

export type { DB };

const globalForDb = globalThis as unknown as { __shopDb?: DB };

/** The one shared database of the running app. */
export const db: DB = globalForDb.__shopDb ?? (globalForDb.__shopDb = openDatabase(getEnv().DATABASE_PATH, { readOnly: getEnv().DATABASE_READ_ONLY }));
