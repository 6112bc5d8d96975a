import { createHash, randomBytes } from "node:crypto";
import { deleteReviewPhotoFiles, deleteReviewsOfUser } from "~/domain/reviews/reviews.server";
import { sql } from "kysely";
import { verifyPassword } from "~/domain/auth/password.server";
import { takeRateSlot } from "~/domain/auth/rate-limit.server";
import { PASSWORD_CHANGE_TRIES } from "~/domain/auth/security.server";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { type MailKind } from "~/domain/mail/templates";
import { EXPORT_LIMIT } from "~/domain/privacy/export.server";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { type DeleteAccountInput } from "~/domain/privacy/schemas";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { type Database } from "~/lib/db-schema";
import { type DB } from "~/lib/sqlite.server";

/**
 * The right to erasure (GDPR Art. 17). What goes and what stays is argued in
 * docs/decisions/account-deletion.md: the account and everything hung on it goes; orders stay
 * for the accounting period, detached from the account, and reachable by their token links.
 */

/** The e-mailed link of accounts without a password: one hour, single use, only its SHA-256 stored. */
export const DELETE_LINK = { purpose: "delete-account", minutes: 60, perHour: 3 } as const;

/**
 * Account-only e-mails already delivered: they go with the account (order e-mails stay with their
 * orders). Only the account's own rows (outbox.user_id) are removed, whatever their address.
 */
export const ACCOUNT_MAIL_KINDS = [
  "welcome",
  "points-awarded",
  "password-reset",
  "verify-email",
  "email-change-confirm",
  "email-changed",
  "back-in-stock",
  "back-in-stock-confirm",
  "account-delete-link",
  "review-request",
] as const satisfies readonly MailKind[];

/**
 * Every table that holds a person's data, and what deleteAccount does to it: the rows it removes,
 * or why they stay (a table may be in both: the outbox loses the account's mail, keeps the orders').
 * tests/integration/privacy-coverage.test.ts reads the live schema: a table with a column naming a
 * person that is in neither list fails it, so a new feature's table is decided here.
 */
export const DELETION_COVERAGE = {
  removed: {
    users: "the account row",
    sessions: "every session: all devices are signed out",
    favorites: "the favorites",
    reviews: "the account's reviews (their photo files once the deletion has committed)",
    review_photos: "with their reviews (foreign key, on delete cascade)",
    carts: "the account's cart",
    cart_items: "with the cart (foreign key, on delete cascade)",
    loyalty_events: "the loyalty history",
    recovery_codes: "the second factor's recovery codes",
    auth_tokens: "e-mailed link tokens",
    password_reset_tokens: "reset link tokens",
    back_in_stock_requests: "the requests keyed to the account (never others made with its address)",
    known_signins: "the network addresses the account signed in from (its keyed rows)",
    login_attempts: "refused sign-ins of the address since the account was made, and its reset throttling rows",
    rate_events: "the password tries and data downloads counted for the account",
    outbox: "account-only e-mails already sent that are keyed to the account (ACCOUNT_MAIL_KINDS)",
  },
  kept: {
    orders:
      "kept for the owner's accounting period (orderRetentionYears in the seller's settings), detached: user and guest session cleared, so only the order's token link opens them",
    order_items: "with their order (see orders)",
    order_events: "with their order (see orders)",
    refunds: "with their order (see orders)",
    withdrawals: "with their order (see orders)",
    payment_attempts: "with their order (see orders)",
    outbox: "order e-mails stay with their orders, their account key cleared; the deletion's own confirmation is queued to the former address, keyed to nobody",
    activity_log: "append-only, the owner's record of who did what, the user.delete row included (docs/decisions/account-deletion.md)",
    page_versions: "the owner's pages: the admin's address stays on the versions they saved (the id is cleared by the foreign key)",
    uploads: "product photos: the id of the admin who uploaded one is cleared by the foreign key",
    page_photos: "the owner's page photos: the id of the admin who uploaded one is cleared by the foreign key",
    admin_signin_refusals: "counts refused admin sign-ins per client address: tied to no account",
    made_to_order_holds: "with their order (see orders); deleted a day after the hold ends once the order is no longer unpaid (purgeEndedHolds)",
    discount_uses: "with their order (see orders): the order's address keeps a once-per-e-mail code from being used twice",
    invoices: "with their order (see orders): invoices and credit notes are tax records the seller must keep (5 years), and are never changed",
    discounts: "the owner's codes: once_per_email is a rule of the code, not an address",
    discount_public_periods: "the terms the owner's public codes offered, and when: no person's data",
  },
} as const satisfies { removed: Partial<Record<keyof Database, string>>; kept: Partial<Record<keyof Database, string>> };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type DeletionVia = "password" | "link" | "admin";

export interface DeletedAccount {
  userId: number;
  email: string;
  ordersKept: number;
}

/**
 * Deletes the account in one transaction: its sessions (every device), favorites, reviews (their photo files after the commit), cart, loyalty
 * history, back-in-stock requests, sign-in records, tokens and recovery codes, and the account
 * itself; its orders stay, detached (user and guest session cleared, so only the order's token
 * link opens them). Queues the confirmation e-mail to the former address and logs `user.delete`,
 * both in the same transaction. Throws 404 when the account is gone, 409 for the last admin.
 */
export async function deleteAccount(db: DB, userId: number, via: DeletionVia, actor: Actor | null = null, now = new Date()): Promise<DeletedAccount> {
  // The reviews go with the account; their photo files only once the deletion has committed.
  let reviewPhotos: string[] = [];
  const deleted = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "first_name as firstName", "is_admin as isAdmin", "created_at as createdAt"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new DomainError(PRIVACY_TEXT.notFound, 404);
    if (user.isAdmin === 1) {
      const { n } = await trx
        .selectFrom("users")
        .select(sql<number>`count(*)`.as("n"))
        .where("is_admin", "=", 1)
        .executeTakeFirstOrThrow();
      if (n <= 1) throw new DomainError(PRIVACY_TEXT.lastAdmin, 409);
    }
    const email = user.email;
    const sameEmail = (column: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${email})`;
    const nowIso = now.toISOString();

    const orders = await trx
      .updateTable("orders")
      .set({ user_id: null, session_key: null, updated_at: nowIso })
      .where("user_id", "=", userId)
      .executeTakeFirst();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("favorites").where("user_id", "=", userId).execute();
    reviewPhotos = await deleteReviewsOfUser(trx, userId);
    await trx.deleteFrom("carts").where("user_id", "=", userId).execute();
    await trx.deleteFrom("loyalty_events").where("user_id", "=", userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("auth_tokens").where("user_id", "=", userId).execute();
    await trx.deleteFrom("password_reset_tokens").where("user_id", "=", userId).execute();
    // Rows keyed to the account only: a request or a sign-in made with its address before the
    // account held it, or by someone who never proved the address, is not the account's to delete.
    await trx.deleteFrom("back_in_stock_requests").where("user_id", "=", userId).execute();
    await trx.deleteFrom("known_signins").where("user_id", "=", userId).execute();
    // Password-reset throttling writes its rows under 'reset:' + e-mail; tries from before the
    // account existed were at whoever held the address then.
    await trx
      .deleteFrom("login_attempts")
      .where((eb) => eb.or([sameEmail("email"), eb(sql`lower(email)`, "=", `reset:${email.toLowerCase()}`)]))
      .where("created_at", ">=", user.createdAt)
      .execute();
    await trx.deleteFrom("rate_events").where("bucket", "in", ["password-change", EXPORT_LIMIT.bucket]).where("key", "=", String(userId)).execute();
    await trx.deleteFrom("outbox").where("user_id", "=", userId).where("status", "=", "sent").where("kind", "in", ACCOUNT_MAIL_KINDS).execute();
    // The rest (order e-mails, mail still to be sent) stays, detached like the orders.
    await trx.updateTable("outbox").set({ user_id: null }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();

    await enqueueMail(trx, {
      eventKey: `account-deleted:${userId}`,
      to: email,
      kind: "account-deleted",
      data: { firstName: user.firstName, ordersKept: Number(orders.numUpdatedRows) },
      // The account is gone: the notice is nobody's to export or delete.
      userId: null,
    });
    // The activity log is append-only and the owner's record of who asked for what: it keeps the
    // id and address of the deleted account (see the ADR).
    const by = via === "admin" ? "by the shop on request" : via === "link" ? "by its owner (e-mailed link)" : "by its owner (password)";
    await logActivity(trx, {
      actor: actor ?? { id: userId, email },
      kind: "user.delete",
      subjectType: "user",
      subjectId: userId,
      summary: `Account #${userId} (${email}) deleted ${by}; ${Number(orders.numUpdatedRows)} order(s) kept, detached`,
    });
    return { userId, email, ordersKept: Number(orders.numUpdatedRows) };
  });
  await deleteReviewPhotoFiles(reviewPhotos);
  return deleted;
}

export type DeletionRequest = { status: "deleted"; account: DeletedAccount } | { status: "link-sent"; email: string };

/**
 * A signed-in person deletes their own account (the /account/data form and
 * POST /api/account/delete). With a password: it must be given (400) and right (403, field
 * `password`), tries counted with the password change's limiter (429). Without one: an e-mailed
 * link is sent instead (at most 3 an hour, 429) and nothing is deleted yet.
 */
export async function requestAccountDeletion(db: DB, userId: number, input: DeleteAccountInput, now = new Date()): Promise<DeletionRequest> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "first_name as firstName", "password_hash as passwordHash", "is_admin as isAdmin"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new DomainError(PRIVACY_TEXT.notFound, 404);
  if (!user.passwordHash) return { status: "link-sent", email: await sendDeletionLink(db, user, now) };
  if (!input.password) throw new DomainError(PRIVACY_TEXT.passwordRequired, 400, "password");
  // The last admin is told before any password is asked or counted.
  await assertNotLastAdmin(db, user.isAdmin === 1);
  // Shared with the password change: a stolen session gets 10 guesses in 15 minutes in all.
  await takeRateSlot(
    db,
    [{ bucket: "password-change", key: String(userId), max: PASSWORD_CHANGE_TRIES, windowMs: 15 * 60_000 }],
    PRIVACY_TEXT.tooManyTries,
    now,
  );
  if (!(await verifyPassword(input.password, user.passwordHash))) throw new DomainError(PRIVACY_TEXT.passwordWrong, 403, "password");
  return { status: "deleted", account: await deleteAccount(db, userId, "password", null, now) };
}

async function assertNotLastAdmin(db: DB, isAdmin: boolean): Promise<void> {
  if (!isAdmin) return;
  const { n } = await db
    .selectFrom("users")
    .select(sql<number>`count(*)`.as("n"))
    .where("is_admin", "=", 1)
    .executeTakeFirstOrThrow();
  if (n <= 1) throw new DomainError(PRIVACY_TEXT.lastAdmin, 409);
}

/** Whether the account is the shop's only admin (its page then offers no deletion). */
export async function isLastAdmin(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      "is_admin as isAdmin",
      eb
        .selectFrom("users")
        .select(sql<number>`count(*)`.as("n"))
        .where("is_admin", "=", 1)
        .as("admins"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.isAdmin === 1 && Number(row.admins) <= 1;
}

async function sendDeletionLink(db: DB, user: { id: number; email: string; firstName: string; isAdmin: number }, now: Date): Promise<string> {
  await assertNotLastAdmin(db, user.isAdmin === 1);
  return db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    const { n } = await trx
      .selectFrom("auth_tokens")
      .select(sql<number>`count(*)`.as("n"))
      .where("user_id", "=", user.id)
      .where("purpose", "=", DELETE_LINK.purpose)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    if (n >= DELETE_LINK.perHour) throw new DomainError(PRIVACY_TEXT.linkLimited, 429);
    const token = randomBytes(32).toString("base64url");
    await trx
      .insertInto("auth_tokens")
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        purpose: DELETE_LINK.purpose,
        expires_at: new Date(now.getTime() + DELETE_LINK.minutes * 60_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    await enqueueMail(trx, {
      eventKey: `account-delete-link:${hashToken(token).slice(0, 32)}`,
      to: user.email,
      kind: "account-delete-link",
      data: { firstName: user.firstName, token },
      userId: user.id,
    });
    return user.email;
  });
}

export type DeleteLinkState = "valid" | "invalid" | "used" | "expired";

async function findLink(db: DB, token: string | null | undefined) {
  if (!token || token.length > 200) return null;
  return db
    .selectFrom("auth_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select(["t.token_hash as hash", "t.user_id as userId", "t.used_at as usedAt", "t.expires_at as expiresAt", "u.email"])
    .where("t.token_hash", "=", hashToken(token))
    .where("t.purpose", "=", DELETE_LINK.purpose)
    .executeTakeFirst();
}

function linkState(row: { usedAt: string | null; expiresAt: string } | null | undefined, now: Date): DeleteLinkState {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt <= now.toISOString()) return "expired";
  return "valid";
}

/** What a deletion link is now, and the account's address (the confirm page shows it; opening it deletes nothing). */
export async function readDeletionLink(db: DB, token: string | null | undefined, now = new Date()): Promise<{ state: DeleteLinkState; email: string | null }> {
  const row = await findLink(db, token);
  const state = linkState(row, now);
  return { state, email: state === "valid" ? row!.email : null };
}

/**
 * Deletes the account of an e-mailed link (the confirm page's POST), once: the link alone is the
 * proof, whichever browser opens it. Throws 400 for a bad, used or expired link, 409 for the last admin.
 */
export async function confirmDeletionByLink(db: DB, token: string, now = new Date()): Promise<DeletedAccount> {
  const row = await findLink(db, token);
  const state = linkState(row, now);
  // A deleted account takes its tokens with it: a second use of a link finds nothing (invalid).
  if (state !== "valid") throw new DomainError(PRIVACY_TEXT.link[state], 400);
  const used = await db
    .updateTable("auth_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", row!.hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new DomainError(PRIVACY_TEXT.link.used, 400);
  return deleteAccount(db, row!.userId, "link", null, now);
}

/**
 * The shop deletes a customer on request (admin Users tab). The admin types the customer's
 * address again as the confirmation (400 otherwise); admin accounts are refused (403): an admin
 * deletes their own account, with their own password.
 */
export async function deleteCustomerAsAdmin(db: DB, customerId: number, typedEmail: string, actor: Actor, now = new Date()): Promise<DeletedAccount> {
  const user = await db.selectFrom("users").select(["id", "email", "is_admin as isAdmin"]).where("id", "=", customerId).executeTakeFirst();
  if (!user) throw new DomainError(PRIVACY_TEXT.notFound, 404);
  if (user.isAdmin === 1) throw new DomainError(PRIVACY_TEXT.adminOnlyCustomers, 403);
  if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw new DomainError(PRIVACY_TEXT.adminTypeEmail, 400, "email");
  return deleteAccount(db, customerId, "admin", actor, now);
}

/** Records the admin's export of a customer's data (`user.export`). */
export async function logAdminExport(db: DB, customer: { id: number; email: string }, actor: Actor): Promise<void> {
  await logActivity(db, {
    actor,
    kind: "user.export",
    subjectType: "user",
    subjectId: customer.id,
    summary: `Data of account #${customer.id} (${customer.email}) exported on request`,
  });
}
