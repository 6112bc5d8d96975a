import { enqueueOrderCancelledMail } from "~/domain/mail/order-mail.server";
import { ORDER_TRANSITIONS } from "~/domain/orders/lifecycle";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Unpaid orders placed more than `hours` before `now` become 'unpaidcancelled', counted from the
 * last time the buyer placed the order (checkout with the same cart places the same order again,
 * and moves updated_at). The discount's points the order holds come back; no stock is held by an
 * unpaid order, and one holding stock for a capture in flight (stock_reserved = 1) is left to the
 * payment code. Returns the ids cancelled.
 */
export async function expireUnpaidOrders(db: DB, now: Date, hours: number): Promise<number[]> {
  const cutoff = new Date(now.getTime() - hours * 3600 * 1000).toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("orders")
      .select("id")
      .where("status", "in", ORDER_TRANSITIONS.expire.from)
      .where("stock_reserved", "=", 0)
      .where("created_at", "<", cutoff)
      .where("updated_at", "<", cutoff)
      .orderBy("id")
      .execute();
    const expired: number[] = [];
    for (const { id } of due) {
      const done = await transitionOrder(trx, id, "expire", {
        now,
        pointsWhy: `order #${id} was not paid in time`,
        message: `Not paid within ${hours} hours: cancelled automatically.`,
      });
      if (!done) continue;
      await enqueueOrderCancelledMail(trx, id, false, "expired");
      expired.push(id);
    }
    return expired;
  });
}
