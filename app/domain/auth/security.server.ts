import { type ChangePasswordInput, SECURITY_TEXT } from "~/domain/auth/schemas";
import { hashPassword, verifyPassword } from "~/domain/auth/password.server";
import { assertPasswordAllowed } from "~/domain/auth/password-policy.server";
import { takeRateSlot } from "~/domain/auth/rate-limit.server";
import { DomainError } from "~/domain/common/errors";
import { type DB } from "~/lib/sqlite.server";

/**
 * Sets a new password (the one way every door changes a password: account page, reset link):
 * refuses a common one (400 on `password`), stores its hash and ends every session of the
 * account except `keepSessionId` (none when null), in one transaction.
 */
export async function setPassword(db: DB, userId: number, password: string, keepSessionId: string | null): Promise<void> {
  assertPasswordAllowed(password);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new DomainError("Account not found", 404);
    await endSessions(trx, userId, keepSessionId);
  });
}

/** Password changes (current password checked) per account in 15 minutes. */
export const PASSWORD_CHANGE_TRIES = 10;

/**
 * The account page's password change. Throws 400 on `currentPassword` when the account has a
 * password and the one given is wrong, 400 on `newPassword` for a common one; ends every other
 * session of the account.
 */
export async function changePassword(db: DB, userId: number, input: ChangePasswordInput, currentSessionId: string): Promise<void> {
  const row = await db.selectFrom("users").select("password_hash as passwordHash").where("id", "=", userId).executeTakeFirst();
  if (!row) throw new DomainError("Account not found", 404);
  if (row.passwordHash) {
    if (!input.currentPassword) throw new DomainError(SECURITY_TEXT.currentPasswordRequired, 400, "currentPassword");
    // A stolen session must not become a way to guess the password: tries are counted (before
    // the check) like sign-ins.
    await takeRateSlot(db, [{ bucket: "password-change", key: String(userId), max: PASSWORD_CHANGE_TRIES, windowMs: 15 * 60_000 }], "Too many password change attempts.");
    if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
      throw new DomainError(SECURITY_TEXT.currentPasswordWrong, 400, "currentPassword");
    }
  }
  try {
    await setPassword(db, userId, input.newPassword, currentSessionId);
  } catch (error) {
    if (error instanceof DomainError && error.field === "password") throw new DomainError(error.message, 400, "newPassword");
    throw error;
  }
}

/** Ends every session of the account except `keepSessionId` (every one when null). */
export async function endSessions(db: DB, userId: number, keepSessionId: string | null): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
