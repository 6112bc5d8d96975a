import { verifyPassword } from "~/domain/auth/password.server";
import { takeRateSlot } from "~/domain/auth/rate-limit.server";
import { SECURITY_TEXT } from "~/domain/auth/schemas";
import { DomainError } from "~/domain/common/errors";
import { type DB } from "~/lib/sqlite.server";

/** Checks of the current password (password change, e-mail change, second factor) per account in 15 minutes. */
export const PASSWORD_CHANGE_TRIES = 10;

/**
 * Checks the password a signed-in person typed against the account's. Tries are counted before
 * the check, like sign-ins: a stolen session must not become a way to guess the password.
 * Throws 400 on `currentPassword`, 429 after too many tries.
 */
export async function checkCurrentPassword(db: DB, userId: number, hash: string, given: string | null | undefined): Promise<void> {
  if (!given) throw new DomainError(SECURITY_TEXT.currentPasswordRequired, 400, "currentPassword");
  await takeRateSlot(
    db,
    [{ bucket: "password-change", key: String(userId), max: PASSWORD_CHANGE_TRIES, windowMs: 15 * 60_000 }],
    "Too many password change attempts.",
  );
  if (!(await verifyPassword(given, hash))) throw new DomainError(SECURITY_TEXT.currentPasswordWrong, 400, "currentPassword");
}
