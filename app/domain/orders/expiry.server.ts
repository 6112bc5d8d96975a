import { enqueueOrderCancelledMail } from "~/domain/mail/order-mail.server";
import { returnOrderPoints } from "~/domain/orders/holds.server";
import { addOrderEvent } from "~/domain/orders/transitions.server";
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
    const expired = await trx
      .updateTable("orders")
      .set({ status: "unpaidcancelled", updated_at: now.toISOString() })
      .where("status", "=", "unpaid")
      .where("stock_reserved", "=", 0)
      .where("created_at", "<", cutoff)
      .where("updated_at", "<", cutoff)
      .returning("id")
      .execute();
    for (const { id } of expired) {
      await returnOrderPoints(trx, id, `order #${id} was not paid in time`);
      await addOrderEvent(trx, id, "expired", `Not paid within ${hours} hours: cancelled automatically.`);
      await enqueueOrderCancelledMail(trx, id, false);
    }
    return expired.map((e) => e.id);
  });
}
