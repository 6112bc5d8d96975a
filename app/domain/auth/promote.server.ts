import { sql } from "kysely";
import { enqueuePasswordLink } from "~/domain/auth/password-reset.server";
import { DomainError } from "~/domain/common/errors";
import { type DB } from "~/lib/sqlite.server";

export type PromoteOutcome = "promoted" | "unchanged";

/**
 * `npm run db:promote -- EMAIL`: makes an existing account an admin, on purpose (the seed never
 * does). Anyone can register an address, so whoever set up the account may not be the address's
 * owner (a squatter): in one transaction the account loses every way in it had (password,
 * Google sign-in, second factor, sessions, open links) and its address gets a link to set a
 * password. Only the address's owner can then sign in. An admin already is left as it is.
 * Throws DomainError 404 when no account uses the address.
 */
export async function promoteToAdmin(db: DB, rawEmail: string, now = new Date()): Promise<PromoteOutcome> {
  const email = rawEmail.trim();
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "first_name as firstName", "is_admin as isAdmin"])
      .where(sql<boolean>`email = ${email} COLLATE NOCASE`)
      .executeTakeFirst();
    if (!user) throw new DomainError(`No account uses ${email}`, 404);
    if (user.isAdmin === 1) return "unchanged";
    const nowIso = now.toISOString();
    await trx
      .updateTable("users")
      .set({ is_admin: 1, password_hash: null, google_id: null, totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", user.id)
      .execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await trx.updateTable("auth_tokens").set({ used_at: nowIso }).where("user_id", "=", user.id).where("used_at", "is", null).execute();
    await trx.updateTable("password_reset_tokens").set({ used_at: nowIso }).where("user_id", "=", user.id).where("used_at", "is", null).execute();
    await enqueuePasswordLink(trx, { id: user.id, email: user.email, firstName: user.firstName, passwordHash: null }, undefined, now);
    return "promoted";
  });
}
