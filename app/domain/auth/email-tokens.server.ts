import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { AUTH_TEXT } from "~/domain/auth/schemas";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { forgetKnownSignIns, moveKnownSignIns } from "~/domain/auth/known-signins.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Single-use e-mail links of the account, kept in `auth_tokens` like reset links:
 * 32 random bytes in the link, only their SHA-256 stored.
 *
 * - `verify-email`: sent at registration and after an e-mail change, to the new address. It
 *   proves the address reached its owner, which decides whether a later Google sign-in may take
 *   the account over (accounts.server.ts). Confirming takes a click on the page (a POST), so a
 *   mail scanner that opens the link confirms nothing for a stranger who registered the address.
 * - `confirm-email-change`: sent to the new address when a signed-in customer asks to change it.
 *   The address changes only when this link is confirmed.
 * - `undo-email-change`: sent to the old address once the address changed. It restores the old
 *   address and ends every session, so whoever took the session over is out. While it is open,
 *   the old address stays reserved for the account (docs/decisions/email-change-reauthentication.md).
 *   It records whether the account had confirmed the old address (`oldConfirmed`): only a link
 *   to an address never confirmed can be voided by the new address's owner (voidUndoLinks).
 */

export const EMAIL_TOKEN_LIMITS = { verifyDays: 7, changeDays: 1, undoDays: 14, resendPerHour: 3, changesPerHour: 5, changesPerAddressPerHour: 3 } as const;

const PURPOSE = { verify: "verify-email", change: "confirm-email-change", undo: "undo-email-change" } as const;
type Purpose = (typeof PURPOSE)[keyof typeof PURPOSE];

export type EmailTokenState = "valid" | "invalid" | "used" | "expired";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
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
  /** SQLite's rowid: the order in which links were made (timestamps can tie). */
  seq: number;
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
    .select([sql<number>`rowid`.as("seq"), "token_hash as hash", "user_id as userId", "data", "used_at as usedAt", "expires_at as expiresAt"])
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
    userId: user.id,
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
    // Someone moved the account onto this unconfirmed address and kept an undo link: the
    // address's owner has now proved it, so the mover's links, sessions and password go.
    if ((await voidUndoLinks(trx, user.id, nowIso)) > 0) {
      await trx.updateTable("users").set({ password_hash: null }).where("id", "=", user.id).execute();
      await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      await forgetKnownSignIns(trx, user.id);
    }
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
 * Closes the open undo links of the account whose old address it never confirmed, in the
 * caller's transaction: the owner of the account's current address proved it (a reset link,
 * Google, a confirmation link), so a squatter may not pull the account back to her own unproved
 * address. A link to an address the account had confirmed stays: its owner may be the one who
 * was robbed, and whoever moved the account can prove the new address just as well. Returns how
 * many were closed.
 */
export async function voidUndoLinks(trx: DB, userId: number, nowIso: string): Promise<number> {
  const result = await trx
    .updateTable("auth_tokens")
    .set({ used_at: nowIso })
    .where("user_id", "=", userId)
    .where("purpose", "=", PURPOSE.undo)
    .where("used_at", "is", null)
    .where(sql<string>`json_extract(data, '$.oldConfirmed')`, "=", "no")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Whether `email` may become an account's address: no other account uses it, and no other
 * account holds it through an open undo link (the old address stays its account's while the
 * link can bring it back). Throws DomainError 409 on the `email` field otherwise.
 */
export async function assertEmailAvailable(trx: DB, email: string, userId: number | null, now = new Date()): Promise<void> {
  let users = trx.selectFrom("users").select("id").where("email", "=", email);
  if (userId !== null) users = users.where("id", "!=", userId);
  if (await users.executeTakeFirst()) throw new DomainError(AUTH_TEXT.emailTaken, 409, "email");
  let reserved = trx
    .selectFrom("auth_tokens")
    .select("user_id")
    .where("purpose", "=", PURPOSE.undo)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where(sql<string>`json_extract(data, '$.oldEmail')`, "=", email);
  if (userId !== null) reserved = reserved.where("user_id", "!=", userId);
  if (await reserved.executeTakeFirst()) throw new DomainError(AUTH_TEXT.emailTaken, 409, "email");
}

/**
 * Queues, in the caller's transaction, the link that confirms an address change: to the new
 * address, carrying nothing the requester typed but the address itself. An earlier pending
 * change of the account stops counting. The account keeps its address until the link is used.
 */
export async function requestEmailChange(trx: DB, user: { id: number; oldEmail: string; newEmail: string }, now = new Date()): Promise<void> {
  await trx
    .updateTable("auth_tokens")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", user.id)
    .where("purpose", "=", PURPOSE.change)
    .where("used_at", "is", null)
    .execute();
  const token = await issueToken(trx, user.id, PURPOSE.change, { oldEmail: user.oldEmail, newEmail: user.newEmail }, EMAIL_TOKEN_LIMITS.changeDays, now);
  await enqueueMail(trx, {
    eventKey: `email-change:${hashToken(token).slice(0, 32)}`,
    to: user.newEmail,
    kind: "email-change-confirm",
    data: { token },
    userId: user.id,
  });
}

/** The new address an account waits to confirm, if any. */
export async function getPendingEmail(db: DB, userId: number, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom("auth_tokens")
    .select("data")
    .where("user_id", "=", userId)
    .where("purpose", "=", PURPOSE.change)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy(sql`rowid`, "desc")
    .executeTakeFirst();
  if (!row) return null;
  try {
    return (JSON.parse(row.data) as { newEmail?: string }).newEmail ?? null;
  } catch {
    return null;
  }
}

/** What a change link is now, and its two addresses (the page shows them before the click). */
export async function readEmailChangeToken(
  db: DB,
  token: string | null | undefined,
  now = new Date(),
): Promise<{ state: EmailTokenState; oldEmail: string | null; newEmail: string | null }> {
  const row = await findToken(db, PURPOSE.change, token);
  const state = stateOf(row, now);
  if (state !== "valid") return { state, oldEmail: null, newEmail: null };
  return { state, oldEmail: row!.data.oldEmail ?? null, newEmail: row!.data.newEmail ?? null };
}

/**
 * The new address confirms a change, once, in one transaction: the account takes the address
 * (confirmed: the link reached it), loses its Google sign-in (that was the old address's), and
 * the old address gets a notice with an undo link. Throws DomainError 400 for a bad link or one
 * whose change no longer applies (the account's address moved since), 409 when the new address
 * was taken or reserved meanwhile.
 */
export async function confirmEmailChange(db: DB, token: string, now = new Date()): Promise<{ userId: number; email: string }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const nowIso = now.toISOString();
      const row = await findToken(trx, PURPOSE.change, token);
      const state = stateOf(row, now);
      if (state !== "valid") throw new DomainError(EMAIL_TOKEN_TEXT.change[state], 400);
      const { oldEmail = "", newEmail = "" } = row!.data;
      const user = await trx
        .selectFrom("users")
        .select(["id", "email", "first_name as firstName", "email_verified_at as verifiedAt"])
        .where("id", "=", row!.userId)
        .executeTakeFirst();
      if (!user || user.email !== oldEmail) throw new DomainError(EMAIL_TOKEN_TEXT.change.invalid, 400);
      await assertEmailAvailable(trx, newEmail, user.id, now);
      if (!(await useToken(trx, row!.hash, nowIso))) throw new DomainError(EMAIL_TOKEN_TEXT.change.used, 400);
      await trx.updateTable("users").set({ email: newEmail, email_verified_at: nowIso, google_id: null }).where("id", "=", user.id).execute();
      await moveKnownSignIns(trx, user.id, newEmail);
      // Confirmation links of the old address confirm nothing now.
      await trx
        .updateTable("auth_tokens")
        .set({ used_at: nowIso })
        .where("user_id", "=", user.id)
        .where("purpose", "=", PURPOSE.verify)
        .where("used_at", "is", null)
        .execute();
      const oldConfirmed = user.verifiedAt ? "yes" : "no";
      const undo = await issueToken(trx, user.id, PURPOSE.undo, { oldEmail, newEmail, oldConfirmed }, EMAIL_TOKEN_LIMITS.undoDays, now);
      await enqueueMail(trx, {
        eventKey: `email-changed:${hashToken(undo).slice(0, 32)}`,
        to: oldEmail,
        kind: "email-changed",
        data: { firstName: user.firstName, newEmail, token: undo },
        userId: user.id,
      });
      return { userId: user.id, email: newEmail };
    });
  } catch (error) {
    if (error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("SQLITE_CONSTRAINT")) {
      throw new DomainError(AUTH_TEXT.emailTaken, 409, "email");
    }
    throw error;
  }
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
 * Undoes an e-mail change with the link sent to the old address, in one transaction: the
 * address the link was sent to comes back (confirmed: the link reached it), every session of the
 * account ends, its password and Google sign-in are removed (whoever made the change knew the
 * password or held a session), and every open link of the account is closed except earlier undo
 * links: a later change can never close the undo link of an earlier one. Throws DomainError 400
 * for a bad link, 409 when another account took the old address meanwhile.
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
    const result = await trx
      .updateTable("users")
      .set({ email: oldEmail, email_verified_at: nowIso, google_id: null, password_hash: null })
      .where("id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new DomainError(EMAIL_TOKEN_TEXT.undo.invalid, 400);
    await moveKnownSignIns(trx, userId, oldEmail);
    await trx
      .updateTable("auth_tokens")
      .set({ used_at: nowIso })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .where((eb) => eb.or([eb("purpose", "!=", PURPOSE.undo), eb(sql<number>`rowid`, ">", row!.seq)]))
      .execute();
    await trx.updateTable("password_reset_tokens").set({ used_at: nowIso }).where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return { userId, email: oldEmail };
  });
}

/** The toast's description after a profile save that asked the new address to confirm. */
export function emailChangeRequestedNotice(pendingEmail: string): string {
  return `${EMAIL_TOKEN_TEXT.changeRequested} (${pendingEmail})`;
}
