/**
 * Makes an existing account an admin, on purpose (db:seed never does):
 *   npm run db:promote -- owner@example.com
 * Reads only DATABASE_PATH. The account's password, Google sign-in and sessions are cleared, and
 * its address is mailed a link to set a password (app/domain/auth/promote.server.ts).
 */
import { runOpsCommand } from "../app/lib/ops-env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { promoteToAdmin } from "../app/domain/auth/promote.server";

await runOpsCommand("Promotion failed", ["DATABASE_PATH"], async (env) => {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) throw new Error("Usage: npm run db:promote -- EMAIL");
  const db = openDatabase(env.DATABASE_PATH);
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
});
