import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { REVIEWABLE_ORDER_STATUSES } from "~/domain/reviews/reviews.server";
import { REVIEW_TEXT } from "~/domain/reviews/schemas";
import { getReviewSettings } from "~/domain/reviews/settings.server";
import { LONGEST_DELIVERY_DAYS } from "~/domain/withdrawals/rules";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * The review request: once per order (orders.review_requested_at), `reviewRequestDays` after
 * delivery, or after shipping plus the longest delivery estimate when the order was never
 * marked delivered. Only orders of an account that has not opted out, still shipped or
 * delivered and without a withdrawal, and only the products the customer has not reviewed.
 */

const DAY_MS = 86_400_000;
/** Orders handled per run: the job runs hourly, so a backlog drains over a few runs. */
const BATCH = 200;

/** Queues the due review requests; returns how many e-mails were queued. */
export async function queueReviewRequests(db: DB, now = new Date()): Promise<number> {
  const { reviewRequestDays } = await getReviewSettings(db);
  const deliveredBefore = new Date(now.getTime() - reviewRequestDays * DAY_MS).toISOString();
  const shippedBefore = new Date(now.getTime() - (reviewRequestDays + LONGEST_DELIVERY_DAYS) * DAY_MS).toISOString();
  const due = await db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.user_id as userId", "o.locale", "u.email", "u.first_name as firstName"])
    .where("o.review_requested_at", "is", null)
    .where("o.status", "in", REVIEWABLE_ORDER_STATUSES)
    .where("u.review_mail_opt_out", "=", 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("withdrawals as w").select("w.id").whereRef("w.order_id", "=", "o.id"))))
    .where((eb) =>
      eb.or([
        eb.and([eb("o.delivered_at", "is not", null), sql<boolean>`julianday(o.delivered_at) <= julianday(${deliveredBefore})`]),
        eb.and([eb("o.delivered_at", "is", null), eb("o.shipped_at", "is not", null), sql<boolean>`julianday(o.shipped_at) <= julianday(${shippedBefore})`]),
      ]),
    )
    .orderBy("o.id")
    .limit(BATCH)
    .execute();
  let queued = 0;
  for (const order of due) {
    const sent = await db.transaction().execute(async (trx) => {
      // Claimed first: another process running the same slot cannot queue it twice.
      const claim = await trx
        .updateTable("orders")
        .set({ review_requested_at: now.toISOString() })
        .where("id", "=", order.id)
        .where("review_requested_at", "is", null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const items = await trx
        .selectFrom("order_items as oi")
        .innerJoin("products as p", "p.id", "oi.product_id")
        .select(["p.title", "p.slug"])
        .where("oi.order_id", "=", order.id)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("reviews as r").select("r.id").whereRef("r.product_id", "=", "oi.product_id").where("r.user_id", "=", order.userId!))),
        )
        .groupBy("p.id")
        .orderBy("p.title")
        .execute();
      if (items.length === 0) return false;
      return enqueueMail(trx, {
        eventKey: `review-request:${order.id}`,
        to: order.email,
        kind: "review-request",
        data: { firstName: order.firstName, orderId: order.id, items, unsubscribeToken: reviewUnsubscribeToken(order.userId!) },
        userId: order.userId,
        // In the order's language: it is about the order.
        locale: order.locale,
      });
    });
    if (sent) queued++;
  }
  return queued;
}

function signature(userId: number): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`review-mail-unsubscribe:${userId}`).digest("base64url");
}

/** The signed token of a review request's unsubscribe link: the account id and its HMAC. */
export function reviewUnsubscribeToken(userId: number): string {
  return `${userId}.${signature(userId)}`;
}

/** The account a token was made for, or null when it is not genuine. */
export function readReviewUnsubscribeToken(token: string | null | undefined): number | null {
  if (!token || token.length > 200) return null;
  const [id, sig] = token.split(".");
  if (!id || !sig || !/^\d{1,12}$/.test(id)) return null;
  const expected = Buffer.from(signature(Number(id)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(id) : null;
}

/** The address a genuine token's account has, or null (forged token, deleted account). */
export async function getReviewUnsubscribeEmail(db: DB, token: string | null | undefined): Promise<string | null> {
  const userId = readReviewUnsubscribeToken(token);
  if (userId === null) return null;
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? null;
}

/** Sets review_mail_opt_out for the token's account. Throws DomainError 400 for a forged token or a deleted account. */
export async function optOutOfReviewMail(db: DB, token: string | null | undefined): Promise<{ email: string }> {
  const userId = readReviewUnsubscribeToken(token);
  if (userId === null) throw new DomainError(REVIEW_TEXT.unsubscribeInvalid, 400);
  const row = await db.updateTable("users").set({ review_mail_opt_out: 1 }).where("id", "=", userId).returning("email").executeTakeFirst();
  if (!row) throw new DomainError(REVIEW_TEXT.unsubscribeInvalid, 400);
  return { email: row.email };
}
