import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { sql } from "kysely";
import { getStoreSettings } from "~/domain/common/settings.server";
import { requestMailLocale } from "~/domain/mail/mail-locale.server";
import { isOwnerMail, type MailDataByKind, type MailKind } from "~/domain/mail/templates";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * The transactional outbox: every e-mail is a row written with the change that causes it, in
 * the caller's transaction, so a message exists exactly when its change committed. The sender
 * (sender.server.ts) delivers the rows.
 */

export type OutboxStatus = "pending" | "sent" | "failing";

const kickListeners = new Set<() => void>();

/** The sender of this process listens here, to deliver a message soon after its transaction commits. */
export function onMailEnqueued(listener: () => void): () => void {
  kickListeners.add(listener);
  return () => kickListeners.delete(listener);
}

/**
 * Queues one message in the caller's transaction. `eventKey` names the event (for example
 * `order-paid:12`): a second call with the same key does nothing, so one event never sends two
 * messages whatever retries or concurrent requests happen. Returns true when the row is new.
 *
 * `userId` is the account the message belongs to: the account it was made for, or the account of
 * the order it is about; null for the owner's alerts, a guest's order and anything no account has
 * proved its own. The account's data export lists, and its deletion removes, its messages by this
 * key alone, never by the address (docs/decisions/account-keyed-personal-data.md).
 *
 * `locale` is the language it is written in: an order's e-mails pass the order's; without it, the
 * language of the page (or API call) being answered (mail-locale.server.ts). The owner's alerts
 * are English whatever is passed.
 */
export async function enqueueMail<K extends MailKind>(
  trx: DB,
  message: { eventKey: string; to: string; kind: K; data: MailDataByKind[K]; userId: number | null; locale?: Locale },
): Promise<boolean> {
  const locale = isOwnerMail(message.kind) ? DEFAULT_LOCALE : (message.locale ?? requestMailLocale());
  const result = await trx
    .insertInto("outbox")
    .values({ event_key: message.eventKey, kind: message.kind, to_address: message.to, data: JSON.stringify(message.data), user_id: message.userId, locale })
    .onConflict((oc) => oc.column("event_key").doNothing())
    .executeTakeFirst();
  const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  // The listener waits a moment, so it runs after the caller's commit; if not, the next tick sends it.
  if (inserted) for (const listener of kickListeners) listener();
  return inserted;
}

/** Where the owner's alerts go: the contact e-mail saved in Settings, else SHOP_EMAIL. */
export async function getOwnerAddress(db: DB): Promise<string> {
  return (await getStoreSettings(db, getEnv().SHOP_EMAIL)).email;
}

export interface OutboxRow {
  id: number;
  eventKey: string;
  kind: string;
  to: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  subject: string | null;
  smtpResponse: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxFilter {
  status?: OutboxStatus;
  page?: number;
  perPage?: number;
}

/** The outbox for the admin, newest first, with counts per status. */
export async function listOutbox(db: DB, filter: OutboxFilter = {}) {
  const perPage = filter.perPage ?? 50;
  const page = Math.max(1, filter.page ?? 1);
  let query = db.selectFrom("outbox");
  if (filter.status) query = query.where("status", "=", filter.status);
  const [rows, counts] = await Promise.all([
    query
      .select([
        "id",
        "event_key as eventKey",
        "kind",
        "to_address as to",
        "status",
        "attempts",
        "next_attempt_at as nextAttemptAt",
        "last_error as lastError",
        "subject",
        "smtp_response as smtpResponse",
        "created_at as createdAt",
        "sent_at as sentAt",
      ])
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom("outbox")
      .select(["status", sql<number>`count(*)`.as("n")])
      .groupBy("status")
      .execute(),
  ]);
  const count = (status: OutboxStatus) => counts.find((c) => c.status === status)?.n ?? 0;
  const totals = { pending: count("pending"), sent: count("sent"), failing: count("failing") };
  const total = filter.status ? totals[filter.status] : totals.pending + totals.sent + totals.failing;
  return { rows: rows as OutboxRow[], totals, total, page, perPage };
}

/**
 * 'Send again' for a failing message: it becomes pending, due now, with its attempts reset.
 * Returns false when the row is not failing (already sent, pending, or unknown).
 */
export async function retryMail(db: DB, id: number, now = new Date(), actor: Actor = SYSTEM_ACTOR): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const sent = await requeue(trx, id, now);
    if (sent) {
      const row = await trx.selectFrom("outbox").select(["kind", "to_address as to"]).where("id", "=", id).executeTakeFirstOrThrow();
      await logActivity(trx, {
        actor,
        kind: "mail.resend",
        subjectType: "email",
        subjectId: id,
        summary: `E-mail #${id} (${row.kind}) to be sent again`,
        changes: { status: ["failing", "pending"] },
      });
    }
    return sent;
  });
}

async function requeue(db: DB, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), locked_until: null, locked_by: null })
    .where("id", "=", id)
    .where("status", "=", "failing")
    // Not while a sender is trying it right now.
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
