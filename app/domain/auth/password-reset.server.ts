import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { assertPasswordAllowed } from "~/domain/auth/password-policy.server";
import { hashPassword } from "~/domain/auth/password.server";
import { voidUndoLinks } from "~/domain/auth/email-tokens.server";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { MAIL_TEXT, type ResetPasswordInput } from "~/domain/mail/schemas";
import { type DB } from "~/lib/sqlite.server";

/**
 * Forgot / reset password. A reset link carries 32 random bytes (base64url); only their SHA-256
 * is stored. A link works once, for one hour. Requests are limited like sign-in, in the same
 * login_attempts table under their own keys ('reset:' + e-mail, 'reset:' + address), so they
 * never count against sign-in.
 */

export const RESET_LIMITS = { windowMinutes: 15, perEmail: 3, perAddress: 20, tokenMinutes: 60 } as const;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Throws 429 when the address or the client reached its limit; runs in the caller's (IMMEDIATE) transaction, before the request is recorded. */
async function assertResetNotThrottled(db: DB, email: string, clientIp: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - RESET_LIMITS.windowMinutes * 60_000).toISOString();
  const count = async (column: "email" | "ip", value: string) =>
    (
      await db
        .selectFrom("login_attempts")
        .select(sql<number>`count(*)`.as("n"))
        .where(column, "=", value)
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow()
    ).n;
  const [byEmail, byIp] = await Promise.all([count("email", `reset:${email}`), count("ip", `reset:${clientIp}`)]);
  if (byEmail >= RESET_LIMITS.perEmail || byIp >= RESET_LIMITS.perAddress) {
    throw new DomainError(`Too many password reset requests. Please wait ${RESET_LIMITS.windowMinutes} minutes and try again.`, 429);
  }
}

/**
 * Queues a reset e-mail when the address has an account; does the same visible work and
 * answers the same either way (no enumeration). Throws DomainError 429 when throttled.
 */
export async function requestPasswordReset(db: DB, rawEmail: string, clientIp: string, now = new Date()): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    // Counted and recorded in one transaction: parallel requests cannot all pass the count.
    await assertResetNotThrottled(trx, email, clientIp, now);
    await trx
      .insertInto("login_attempts")
      .values({ email: `reset:${email}`, ip: `reset:${clientIp}`, created_at: now.toISOString() })
      .execute();
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "first_name as firstName", "password_hash as passwordHash"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (!user) return;
    await enqueuePasswordLink(trx, user, token, now);
  });
}

/**
 * Queues a reset link (valid one hour) to the account's own address, in the caller's
 * transaction. An account without a password gets the 'Set a password' wording.
 */
export async function enqueuePasswordLink(
  trx: DB,
  user: { id: number; email: string; firstName: string; passwordHash: string | null },
  token = randomBytes(32).toString("base64url"),
  now = new Date(),
): Promise<void> {
  const row = await trx
    .insertInto("password_reset_tokens")
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(now.getTime() + RESET_LIMITS.tokenMinutes * 60_000).toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueMail(trx, {
    eventKey: `password-reset:${row.id}`,
    to: user.email,
    kind: "password-reset",
    data: { firstName: user.firstName, token, firstPassword: !user.passwordHash },
    userId: user.id,
  });
}

export type ResetTokenState = "valid" | "invalid" | "used" | "expired";

/** What a reset link is now (the page says so before asking for a password). */
export async function getResetTokenState(db: DB, token: string | null | undefined, now = new Date()): Promise<ResetTokenState> {
  if (!token || token.length > 200) return "invalid";
  const row = await db
    .selectFrom("password_reset_tokens")
    .select(["used_at as usedAt", "expires_at as expiresAt"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt <= now.toISOString()) return "expired";
  return "valid";
}

const STATE_MESSAGE: Record<Exclude<ResetTokenState, "valid">, string> = {
  invalid: MAIL_TEXT.resetInvalid,
  used: MAIL_TEXT.resetUsed,
  expired: MAIL_TEXT.resetExpired,
};

export function resetTokenMessage(state: Exclude<ResetTokenState, "valid">): string {
  return STATE_MESSAGE[state];
}

/**
 * Sets the new password with a reset link, in one transaction: the link is used up (with every
 * other open link of the account), the password replaced, every session of the account ended,
 * every undo link of an earlier e-mail change voided (the address's owner proved it) and its
 * sign-in failures forgotten. Returns the user id (the caller signs them in with a fresh
 * session). Throws DomainError 400 for an invalid, used or expired link.
 */
export async function resetPassword(db: DB, input: ResetPasswordInput, now = new Date()): Promise<{ userId: number }> {
  // The password rule of every door: a common password is refused on the field.
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const nowIso = now.toISOString();
    const row = await trx
      .selectFrom("password_reset_tokens as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select(["t.id", "t.user_id as userId", "t.used_at as usedAt", "t.expires_at as expiresAt", "u.email"])
      .where("t.token_hash", "=", hashToken(input.token))
      .executeTakeFirst();
    if (!row) throw new DomainError(MAIL_TEXT.resetInvalid, 400);
    if (row.usedAt) throw new DomainError(MAIL_TEXT.resetUsed, 400);
    if (row.expiresAt <= nowIso) throw new DomainError(MAIL_TEXT.resetExpired, 400);
    const used = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: nowIso })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new DomainError(MAIL_TEXT.resetUsed, 400);
    await trx.updateTable("password_reset_tokens").set({ used_at: nowIso }).where("user_id", "=", row.userId).where("used_at", "is", null).execute();
    // The link came to this address: it is verified now.
    await trx
      .updateTable("users")
      .set((eb) => ({ password_hash: passwordHash, email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(nowIso)) }))
      .where("id", "=", row.userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", row.userId).execute();
    // The owner of the address proved it: nobody may pull the account back to an earlier address.
    await voidUndoLinks(trx, row.userId, nowIso);
    await trx.deleteFrom("login_attempts").where("email", "=", row.email).execute();
    return { userId: row.userId };
  });
}
