/**
 * Makes an existing account an admin, on purpose (db:seed never does):
 *   npm run db:promote -- owner@example.com
 * The account's password, Google sign-in and sessions are cleared, and its address is mailed a
 * link to set a password (app/domain/auth/promote.server.ts).
 */
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { promoteToAdmin } from "../app/domain/auth/promote.server";

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) throw new Error("Usage: npm run db:promote -- EMAIL");
  const db = openDatabase(getEnv().DATABASE_PATH);
  try {
    const outcome = await promoteToAdmin(db, email);
    console.log(
      outcome === "promoted"
        ? `${email} is now an admin. Its password and sessions were cleared: the shop e-mails that address a link to set a password (it works for one hour; 'Forgot password' sends a new one).`
        : `${email} was already an admin.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`Promotion failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
