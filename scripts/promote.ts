/**
 * Makes an existing account an admin, on purpose (db:seed never does):
 *   npm run db:promote -- owner@example.com
 * Reads only DATABASE_PATH.
 */
import { runOpsCommand } from "../app/lib/ops-env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { promoteToAdmin } from "./seed-lib";

await runOpsCommand("Promotion failed", ["DATABASE_PATH"], async (env) => {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) throw new Error("Usage: npm run db:promote -- EMAIL");
  const db = openDatabase(env.DATABASE_PATH);
  try {
    const outcome = await promoteToAdmin(db, email);
    console.log(outcome === "promoted" ? `${email} is now an admin.` : `${email} was already an admin.`);
  } finally {
    await db.destroy();
  }
});
