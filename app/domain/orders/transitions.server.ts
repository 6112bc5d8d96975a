import { DomainError } from "~/domain/common/errors";
import { enqueueOrderCancelledMail } from "~/domain/mail/order-mail.server";
import { addOrderEvent } from "~/domain/orders/events.server";
import { canTransition, PAID_BEFORE_SHIPPING } from "~/domain/orders/lifecycle";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { type RestockLine } from "~/domain/orders/returned-items.server";
import { orderStatusLabel, type OrderStatus } from "~/domain/orders/status";
import { type Actor } from "~/domain/ops/activity.server";
import { settleWithdrawal } from "~/domain/withdrawals/handled.server";
import { type DB } from "~/lib/sqlite.server";

export { addOrderEvent, listOrderEvents, type OrderEventRow, type OrderEventType } from "~/domain/orders/events.server";
export { checkRestock, type RestockLine } from "~/domain/orders/returned-items.server";

/*
 * The two transitions after checkout that more than one path takes, each in the caller's
 * transaction: cancelOrder and applyReturn. They perform the lifecycle's transition
 * (transitionOrder) and add what follows it: the customer's e-mail, the withdrawal handled.
 */

/**
 * Cancels a paid order in the caller's transaction ('cancel', or 'cancelReversed' for a reversed
 * payment): status 'cancelled', the stock it holds goes back, the points settle (the discount's
 * come back, the earned ones are taken back), the customer's e-mail, and a withdrawal the
 * customer sent is marked handled. Conditional on the status: returns false when the order was
 * no longer in one of `from` (nothing changed).
 */
export async function cancelOrder(db: DB, orderId: number, from: readonly OrderStatus[] = PAID_BEFORE_SHIPPING, actor?: Actor): Promise<boolean> {
  const row = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (!row || !from.includes(row.status)) return false;
  const done = await transitionOrder(db, orderId, canTransition(row.status, "cancelReversed") ? "cancelReversed" : "cancel", {
    from: [row.status],
    message: `Order cancelled (was ${orderStatusLabel(row.status)}); stock restored, loyalty points settled.`,
  });
  if (!done) return false;
  await enqueueOrderCancelledMail(db, orderId, true);
  if (await settleWithdrawal(db, orderId, "cancelled", actor))
    await addOrderEvent(db, orderId, "withdrawal", "The customer's withdrawal is handled: order cancelled.");
  return true;
}

/**
 * A return (with or without money back), in the caller's transaction, through the 'return'
 * transition: status 'returned', the ticked items back in stock (order_items.returned_quantity
 * counts them), and the points earned on the refunded share taken back (points-settlement.server.ts).
 * A withdrawal the customer sent is marked handled. Throws DomainError 404 (no such order) and
 * 400 (an item not of this order); returns false when the order is no longer shipped, delivered
 * or returned (nothing changed).
 */
export async function applyReturn(
  db: DB,
  orderId: number,
  opts: { restock: RestockLine[]; refundCents: number; refundableBeforeCents: number; note?: string | null; actor?: Actor },
): Promise<boolean> {
  const done = await transitionOrder(db, orderId, "return", {
    returned: { restock: opts.restock, refundCents: opts.refundCents, refundableBeforeCents: opts.refundableBeforeCents },
    message: `Return processed${opts.note ? `: ${opts.note}` : "."}`,
  });
  if (!done) {
    const row = await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
    if (!row) throw new DomainError("Order not found", 404);
    return false;
  }
  if (await settleWithdrawal(db, orderId, "returned", opts.actor))
    await addOrderEvent(db, orderId, "withdrawal", "The customer's withdrawal is handled: return processed.");
  return true;
}
