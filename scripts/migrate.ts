// npm run db:migrate: applies the migrations to DATABASE_PATH (the only setting it reads).
import { runOpsCommand } from "../app/lib/ops-env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { migrateToLatest } from "../db/migrate";

await runOpsCommand("Migration failed", ["DATABASE_PATH"], async (env) => {
  const db = openDatabase(env.DATABASE_PATH);
  try {
    await migrateToLatest(db, (line) => console.log(line));
    console.log(`Database ready: ${env.DATABASE_PATH}`);
  } finally {
    await db.destroy();
  }
});
