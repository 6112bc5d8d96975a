import { type ChangePasswordInput, SECURITY_TEXT } from "~/domain/auth/schemas";
import { checkCurrentPassword } from "~/domain/auth/current-password.server";
import { hashPassword } from "~/domain/auth/password.server";
import { assertPasswordAllowed } from "~/domain/auth/password-policy.server";
import { verifySecondFactor } from "~/domain/auth/totp.server";
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

export { PASSWORD_CHANGE_TRIES } from "~/domain/auth/current-password.server";

/**
 * The proof a sensitive change asks for, so a session alone is never enough
 * (docs/decisions/email-change-reauthentication.md): a code from the second factor when it is
 * on, else the current password. An account with neither (Google only) cannot prove itself here:
 * 400 with `SECURITY_TEXT.setPasswordByLink`. Throws 400 on `code` or `currentPassword`, 429.
 */
export async function verifyAccountOwner(db: DB, userId: number, proof: { currentPassword?: string | null; code?: string | null }): Promise<void> {
  const row = await db
    .selectFrom("users")
    .select(["password_hash as passwordHash", "totp_enabled_at as totpEnabledAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new DomainError("Account not found", 404);
  if (row.totpEnabledAt) {
    if (!proof.code) throw new DomainError(SECURITY_TEXT.codeRequired, 400, "code");
    await verifySecondFactor(db, userId, proof.code);
    return;
  }
  if (!row.passwordHash) throw new DomainError(SECURITY_TEXT.setPasswordByLink, 400, "currentPassword");
  await checkCurrentPassword(db, userId, row.passwordHash, proof.currentPassword);
}

/**
 * The account page's password change. Throws 400 on `currentPassword` when it is wrong, 400 on
 * `newPassword` for a common one; ends every other session of the account. An account without
 * a password (Google only) sets its first one through a link e-mailed to its address instead:
 * a session alone must not add a way in (400).
 */
export async function changePassword(db: DB, userId: number, input: ChangePasswordInput, currentSessionId: string): Promise<void> {
  const row = await db.selectFrom("users").select("password_hash as passwordHash").where("id", "=", userId).executeTakeFirst();
  if (!row) throw new DomainError("Account not found", 404);
  if (!row.passwordHash) throw new DomainError(SECURITY_TEXT.setPasswordByLink, 400);
  await checkCurrentPassword(db, userId, row.passwordHash, input.currentPassword);
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
