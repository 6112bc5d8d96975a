import { sql } from "kysely";
import { returnStock, type StockLine } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { recordPointsEvent, reverseOrderPoints } from "~/domain/loyalty/loyalty.server";
import { notifyBackInStock } from "~/domain/mail/back-in-stock.server";
import { enqueueOrderCancelledMail } from "~/domain/mail/order-mail.server";
import { releaseReturnedUnits, returnOrderPoints, returnOrderStock } from "~/domain/orders/holds.server";
import { orderStatusLabel, PAID_BEFORE_SHIPPING } from "~/domain/orders/status";
import { type Actor } from "~/domain/ops/activity.server";
import { settleWithdrawal } from "~/domain/withdrawals/handled.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The few functions every status change after checkout goes through, each in the caller's
 * transaction: cancelOrder, applyReturn, and addOrderEvent (the order's history the owner reads).
 * Mail and the activity log hook in here, one place each.
 */

export type OrderEventType =
  | "paid"
  | "refund"
  | "refund-refused"
  | "refund-pending"
  | "automatic-refund"
  | "cancelled"
  | "unpaid-cancelled"
  | "expired"
  | "cancel-declined"
  | "packing"
  | "shipped"
  | "delivered"
  | "returned"
  | "restocked"
  | "points"
  | "webhook"
  | "withdrawal"
  | "stock-short"
  | "payment-reversed"
  | "payment-resolved"
  | "note";

/** Appends one line to the order's history (admin order page). */
export async function addOrderEvent(db: DB, orderId: number, type: OrderEventType, message: string, amountCents: number | null = null): Promise<void> {
  await db
    .insertInto("order_events")
    .values({ order_id: orderId, type, message: message.slice(0, 1000), amount_cents: amountCents })
    .execute();
}

export interface OrderEventRow {
  id: number;
  type: string;
  message: string;
  amountCents: number | null;
  createdAt: string;
}

export function listOrderEvents(db: DB, orderId: number): Promise<OrderEventRow[]> {
  return db
    .selectFrom("order_events")
    .select(["id", "type", "message", "amount_cents as amountCents", "created_at as createdAt"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** Statuses a paid order can be cancelled from (the terms: a full refund only if not shipped). */

/**
 * Cancels a paid order in the caller's transaction: status 'cancelled', the stock it holds goes
 * back, the discount's points it holds come back (only what it really holds) and the points it
 * earned are taken back (never below zero), and a withdrawal the customer sent is marked handled. Conditional on the status:
 * returns false when the order was no longer in one of `from` (nothing changed).
 */
export async function cancelOrder(db: DB, orderId: number, from: readonly string[] = PAID_BEFORE_SHIPPING, actor?: Actor): Promise<boolean> {
  const row = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (!row || !from.includes(row.status)) return false;
  const updated = await db
    .updateTable("orders")
    .set({ status: "cancelled", stock_reserved: 0, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  const restocked = await returnOrderStock(db, orderId);
  if (restocked.length > 0) await notifyBackInStock(db, restocked);
  await returnOrderPoints(db, orderId, `order #${orderId} cancelled`);
  await reverseOrderPoints(db, orderId);
  await enqueueOrderCancelledMail(db, orderId, true);
  await addOrderEvent(db, orderId, "cancelled", `Order cancelled (was ${orderStatusLabel(row.status)}); stock restored, loyalty points settled.`);
  if (await settleWithdrawal(db, orderId, "cancelled", actor))
    await addOrderEvent(db, orderId, "withdrawal", "The customer's withdrawal is handled: order cancelled.");
  return true;
}

export interface RestockLine {
  orderItemId: number;
  quantity: number;
}

/** Checks the items a return puts back: each an item of this order, at most what was bought and not yet returned. */
export async function checkRestock(db: DB, orderId: number, restock: RestockLine[]): Promise<void> {
  if (restock.length === 0) return;
  const items = await db
    .selectFrom("order_items")
    .select(["id", "quantity", "returned_quantity as returned", "title"])
    .where("order_id", "=", orderId)
    .execute();
  const seen = new Set<number>();
  for (const line of restock) {
    const item = items.find((i) => i.id === line.orderItemId);
    if (!item || seen.has(line.orderItemId)) throw new DomainError("A returned item is not part of this order", 400, "items");
    seen.add(line.orderItemId);
    if (!Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > item.quantity - item.returned) {
      throw new DomainError(`At most ${item.quantity - item.returned} of ${item.title} can be returned to stock`, 400, "items");
    }
  }
}

/**
 * A return (with or without money back), in the caller's transaction: status 'returned', the
 * ticked items back in stock (order_items.returned_quantity counts them), and the points earned
 * on the refunded share taken back: points_awarded × refund / what is left of the items' part (never
 * below the customer's zero balance; a history event). A withdrawal the customer sent is marked handled.
 */
export async function applyReturn(
  db: DB,
  orderId: number,
  opts: { restock: RestockLine[]; refundCents: number; refundableBeforeCents: number; note?: string | null; actor?: Actor },
): Promise<void> {
  const order = await db
    .selectFrom("orders")
    .select([
      "status",
      "user_id as userId",
      "points_awarded as awarded",
      "subtotal_cents as subtotalCents",
      "loyalty_discount_cents as discountCents",
      "total_cents as totalCents",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw new DomainError("Order not found", 404);
  await db.updateTable("orders").set({ status: "returned", updated_at: new Date().toISOString() }).where("id", "=", orderId).execute();

  const restocked: string[] = [];
  const restockedProducts = new Set<number>();
  for (const line of opts.restock) {
    if (line.quantity <= 0) continue;
    const item = await db
      .updateTable("order_items")
      .set({ returned_quantity: sql<number>`returned_quantity + ${line.quantity}` })
      .where("id", "=", line.orderItemId)
      .where("order_id", "=", orderId)
      .where(sql<boolean>`returned_quantity + ${line.quantity} <= quantity`)
      .returning(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "title", "made_to_order as madeToOrder"])
      .executeTakeFirst();
    if (!item) throw new DomainError("A returned item is not part of this order", 400, "items");
    // A made-to-order piece never took stock, so it gives none back.
    const back = item.madeToOrder === 1 ? 0 : line.quantity;
    if (item.productId !== null && back > 0) {
      const stockLine: StockLine = { productId: item.productId, colorId: item.colorId, variationCode: item.variationCode, quantity: back };
      await returnStock(db, [stockLine]);
      await releaseReturnedUnits(db, line.orderItemId, back);
      restockedProducts.add(item.productId);
    }
    if (back > 0) restocked.push(`${item.title} ×${back}`);
  }
  if (restocked.length > 0) {
    await addOrderEvent(db, orderId, "restocked", `Back in stock: ${restocked.join(", ")}.`);
    await notifyBackInStock(db, [...restockedProducts]);
  }

  if (order.userId && order.awarded > 0 && opts.refundCents > 0) {
    // Points were earned on the items, not on shipping: the share is of what is left of the
    // items' part (items less the loyalty discount, less what earlier refunds gave back), so a
    // refund of the items alone (the buyer pays shipping) takes every point back.
    const refundedBefore = Math.max(0, order.totalCents - opts.refundableBeforeCents);
    const itemsLeft = order.subtotalCents - order.discountCents - refundedBefore;
    const share = itemsLeft > 0 ? Math.min(1, opts.refundCents / itemsLeft) : 1;
    const take = Math.min(order.awarded, Math.round(order.awarded * share));
    if (take > 0) {
      await db
        .updateTable("orders")
        .set({ points_awarded: order.awarded - take })
        .where("id", "=", orderId)
        .execute();
      const user = await db.selectFrom("users").select("loyalty_points as points").where("id", "=", order.userId).executeTakeFirstOrThrow();
      const withdrawn = Math.min(take, user.points);
      if (withdrawn > 0) {
        await recordPointsEvent(db, order.userId, {
          type: "other",
          description: `Points withdrawn: refund on returned order #${orderId}`,
          points: -withdrawn,
          orderId,
        });
      }
      await addOrderEvent(db, orderId, "points", `${withdrawn} loyalty point${withdrawn === 1 ? "" : "s"} taken back for the refunded amount.`);
    }
  }
  await addOrderEvent(db, orderId, "returned", `Return processed${opts.note ? `: ${opts.note}` : "."}`);
  if (await settleWithdrawal(db, orderId, "returned", opts.actor))
    await addOrderEvent(db, orderId, "withdrawal", "The customer's withdrawal is handled: return processed.");
}
