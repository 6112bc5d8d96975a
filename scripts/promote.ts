/**
 * Makes an existing account an admin, on purpose (db:seed never does):
 *   npm run db:promote -- owner@example.com
 */
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { promoteToAdmin } from "./seed-lib";

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) throw new Error("Usage: npm run db:promote -- EMAIL");
  const db = openDatabase(getEnv().DATABASE_PATH);
  try {
    const outcome = await promoteToAdmin(db, email);
    console.log(outcome === "promoted" ? `${email} is now an admin.` : `${email} was already an admin.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`Promotion failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
