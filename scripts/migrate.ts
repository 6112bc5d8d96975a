import { openDatabase } from "../app/lib/sqlite.server";
import { getEnv } from "../app/lib/env.server";
import { migrateToLatest } from "./migrate-lib";

const file = getEnv().DATABASE_PATH;
const db = openDatabase(file);
try {
  await migrateToLatest(db, (line) => console.log(line));
  console.log(`Database ready: ${file}`);
} catch (error) {
  console.error("Migration failed:", error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
