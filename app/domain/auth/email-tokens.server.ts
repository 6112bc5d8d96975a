import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Single-use e-mail links of the account (issue 20), kept in `auth_tokens` like reset links:
 * 32 random bytes in the link, only their SHA-256 stored.
 *
 * - `verify-email`: sent at registration and after an e-mail change, to the new address. It
 *   proves the address reached its owner, which decides whether a later Google sign-in may take
 *   the account over (accounts.server.ts). Confirming takes a click on the page (a POST), so a
 *   mail scanner that opens the link confirms nothing for a stranger who registered the address.
 * - `undo-email-change`: sent to the old address when the address changes. It restores the old
 *   address and ends every session, so whoever took the session over is out.
 */

export const EMAIL_TOKEN_LIMITS = { verifyDays: 7, undoDays: 14, resendPerHour: 3 } as const;

const PURPOSE = { verify: "verify-email", undo: "undo-email-change" } as const;
type Purpose = (typeof PURPOSE)[keyof typeof PURPOSE];

export type EmailTokenState = "valid" | "invalid" | "used" | "expired";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A password hash as an undo link remembers it: enough to tell whether it changed, nothing to crack. */
function passwordFingerprint(hash: string | null): string {
  return createHash("sha256").update(`undo-email-change:${hash ?? ""}`).digest("hex").slice(0, 32);
}

async function issueToken(trx: DB, userId: number, purpose: Purpose, data: Record<string, string>, days: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("auth_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      data: JSON.stringify(data),
      expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

interface TokenRow {
  hash: string;
  userId: number;
  data: Record<string, string>;
  usedAt: string | null;
  expiresAt: string;
}

async function findToken(db: DB, purpose: Purpose, token: string | null | undefined): Promise<TokenRow | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("auth_tokens")
    .select(["token_hash as hash", "user_id as userId", "data", "used_at as usedAt", "expires_at as expiresAt"])
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return null;
  let data: Record<string, string> = {};
  try {
    data = JSON.parse(row.data) as Record<string, string>;
  } catch {
    return null;
  }
  return { ...row, data };
}

function stateOf(row: TokenRow | null, now: Date): EmailTokenState {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt <= now.toISOString()) return "expired";
  return "valid";
}

/** Uses a token up, once: false when another request used it first. */
async function useToken(trx: DB, hash: string, nowIso: string): Promise<boolean> {
  const used = await trx.updateTable("auth_tokens").set({ used_at: nowIso }).where("token_hash", "=", hash).where("used_at", "is", null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Queues a confirmation link for the account's current address, in the caller's transaction.
 * Earlier open links of the account are closed: only the newest address can be confirmed.
 */
export async function enqueueEmailVerification(trx: DB, user: { id: number; email: string; firstName: string }, now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  await trx
    .updateTable("auth_tokens")
    .set({ used_at: nowIso })
    .where("user_id", "=", user.id)
    .where("purpose", "=", PURPOSE.verify)
    .where("used_at", "is", null)
    .execute();
  const token = await issueToken(trx, user.id, PURPOSE.verify, { email: user.email }, EMAIL_TOKEN_LIMITS.verifyDays, now);
  await enqueueMail(trx, {
    eventKey: `verify-email:${hashToken(token).slice(0, 32)}`,
    to: user.email,
    kind: "verify-email",
    data: { firstName: user.firstName, token },
  });
}

/** What a confirmation link is now, and the address it confirms (the page shows it before the click). */
export async function readVerifyToken(db: DB, token: string | null | undefined, now = new Date()): Promise<{ state: EmailTokenState; email: string | null }> {
  const row = await findToken(db, PURPOSE.verify, token);
  const state = stateOf(row, now);
  return { state, email: state === "valid" ? (row!.data.email ?? null) : null };
}

/**
 * Confirms the address of a link, once. The account's address must still be the one the link
 * was sent to (a link to an address changed since confirms nothing). Throws DomainError 400.
 */
export async function confirmEmail(db: DB, token: string, now = new Date()): Promise<{ userId: number; email: string }> {
  return db.transaction().execute(async (trx) => {
    const nowIso = now.toISOString();
    const row = await findToken(trx, PURPOSE.verify, token);
    const state = stateOf(row, now);
    if (state !== "valid") throw new DomainError(EMAIL_TOKEN_TEXT.verify[state], 400);
    const email = row!.data.email ?? "";
    const user = await trx.selectFrom("users").select(["id", "email"]).where("id", "=", row!.userId).executeTakeFirst();
    if (!user || user.email !== email) throw new DomainError(EMAIL_TOKEN_TEXT.verify.invalid, 400);
    if (!(await useToken(trx, row!.hash, nowIso))) throw new DomainError(EMAIL_TOKEN_TEXT.verify.used, 400);
    await trx
      .updateTable("users")
      .set((eb) => ({ email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(nowIso)) }))
      .where("id", "=", user.id)
      .execute();
    return { userId: user.id, email };
  });
}

/**
 * A signed-in customer asks for a new confirmation link (at most 3 an hour). Throws 400 when the
 * address is confirmed already, 429 when asked too often.
 */
export async function resendEmailVerification(db: DB, userId: number, now = new Date()): Promise<{ email: string }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "first_name as firstName", "email_verified_at as verifiedAt"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new DomainError("Account not found", 404);
    if (user.verifiedAt) throw new DomainError(EMAIL_TOKEN_TEXT.alreadyVerified, 400);
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    const recent = await trx
      .selectFrom("auth_tokens")
      .select(sql<number>`count(*)`.as("n"))
      .where("user_id", "=", userId)
      .where("purpose", "=", PURPOSE.verify)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    if (recent.n >= EMAIL_TOKEN_LIMITS.resendPerHour) throw new DomainError(EMAIL_TOKEN_TEXT.resendLimited, 429);
    await enqueueEmailVerification(trx, user, now);
    return { email: user.email };
  });
}

/** Whether the account's current address is confirmed. */
export async function isEmailVerified(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("email_verified_at as verifiedAt").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.verifiedAt);
}

/**
 * The account's address changed from `oldEmail`: in the caller's transaction, the new address
 * is unconfirmed and gets a confirmation link, and the old address is told, with a link that
 * undoes the change.
 */
export async function onEmailChanged(
  trx: DB,
  user: { id: number; firstName: string; oldEmail: string; newEmail: string },
  now = new Date(),
): Promise<void> {
  // The Google sign-in was the old address's: a Google account linked to an address that is no
  // longer the account's would stay a way in after the address's owner takes the account back.
  const before = await trx.selectFrom("users").select("password_hash as passwordHash").where("id", "=", user.id).executeTakeFirst();
  await trx.updateTable("users").set({ email_verified_at: null, google_id: null }).where("id", "=", user.id).execute();
  const token = await issueToken(
    trx,
    user.id,
    PURPOSE.undo,
    { oldEmail: user.oldEmail, newEmail: user.newEmail, password: passwordFingerprint(before?.passwordHash ?? null) },
    EMAIL_TOKEN_LIMITS.undoDays,
    now,
  );
  await enqueueMail(trx, {
    eventKey: `email-changed:${hashToken(token).slice(0, 32)}`,
    to: user.oldEmail,
    kind: "email-changed",
    data: { firstName: user.firstName, newEmail: user.newEmail, token },
  });
  await enqueueEmailVerification(trx, { id: user.id, email: user.newEmail, firstName: user.firstName }, now);
}

/** What an undo link is now, and the two addresses (the page shows them before the click). */
export async function readUndoToken(
  db: DB,
  token: string | null | undefined,
  now = new Date(),
): Promise<{ state: EmailTokenState; oldEmail: string | null; newEmail: string | null }> {
  const row = await findToken(db, PURPOSE.undo, token);
  const state = stateOf(row, now);
  if (state !== "valid") return { state, oldEmail: null, newEmail: null };
  return { state, oldEmail: row!.data.oldEmail ?? null, newEmail: row!.data.newEmail ?? null };
}

/**
 * Undoes an e-mail change with the link sent to the old address, in one transaction: the old
 * address comes back (confirmed: the link reached it), every session of the account ends, every
 * open link of the account (confirmation, reset, other undo links) is closed, and a Google sign-in
 * or a password set since the change is removed. Throws
 * DomainError 400 for a bad link, 409 when another account took the old address meanwhile.
 */
export async function undoEmailChange(db: DB, token: string, now = new Date()): Promise<{ userId: number; email: string }> {
  return db.transaction().execute(async (trx) => {
    const nowIso = now.toISOString();
    const row = await findToken(trx, PURPOSE.undo, token);
    const state = stateOf(row, now);
    if (state !== "valid") throw new DomainError(EMAIL_TOKEN_TEXT.undo[state], 400);
    const oldEmail = row!.data.oldEmail ?? "";
    const userId = row!.userId;
    const other = await trx.selectFrom("users").select("id").where("email", "=", oldEmail).where("id", "!=", userId).executeTakeFirst();
    if (other) throw new DomainError(EMAIL_TOKEN_TEXT.undoTaken, 409);
    if (!(await useToken(trx, row!.hash, nowIso))) throw new DomainError(EMAIL_TOKEN_TEXT.undo.used, 400);
    const account = await trx.selectFrom("users").select("password_hash as passwordHash").where("id", "=", userId).executeTakeFirst();
    if (!account) throw new DomainError(EMAIL_TOKEN_TEXT.undo.invalid, 400);
    // Whoever changed the address may have linked their Google account or set a password since:
    // both go. A password untouched since the change stays.
    const passwordChanged = row!.data.password !== undefined && row!.data.password !== passwordFingerprint(account.passwordHash);
    await trx
      .updateTable("users")
      .set({ email: oldEmail, email_verified_at: nowIso, google_id: null, ...(passwordChanged ? { password_hash: null } : {}) })
      .where("id", "=", userId)
      .execute();
    await trx.updateTable("auth_tokens").set({ used_at: nowIso }).where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx.updateTable("password_reset_tokens").set({ used_at: nowIso }).where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return { userId, email: oldEmail };
  });
}
