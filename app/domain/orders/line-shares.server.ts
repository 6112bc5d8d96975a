import { lineShares, type OrderDiscounts, type ReturnLine, shippingPaidCents } from "~/domain/orders/line-shares";
import { type DB } from "~/lib/sqlite.server";

/*
 * An order's discounts and lines as line-shares.ts shares them, read from the database. Whether
 * the code took the shipping is the code's type when the order used it (discount_uses.type: a
 * paid order keeps its use, and the owner may change the code's type later).
 */

/** The orders among `orderIds` whose discount code was a free-shipping one when they used it. */
export async function codeOnShippingOf(db: DB, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("discount_uses")
    .select("order_id as orderId")
    .where("order_id", "in", [...orderIds])
    .where("type", "=", "shipping")
    .execute();
  return new Set(rows.map((r) => r.orderId));
}

/** The stored figures of an order as OrderDiscounts, or null when there is no such order. */
export async function orderDiscounts(db: DB, orderId: number): Promise<OrderDiscounts | null> {
  const order = await db
    .selectFrom("orders")
    .select([
      "subtotal_cents as subtotalCents",
      "shipping_cents as shippingCents",
      "discount_code as discountCode",
      "discount_cents as discountCents",
      "loyalty_discount_cents as loyaltyDiscountCents",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const { discountCode, ...figures } = order;
  const codeOnShipping = discountCode !== null && figures.discountCents > 0 && (await codeOnShippingOf(db, [orderId])).has(orderId);
  return { ...figures, codeOnShipping };
}

export interface OrderLineShares {
  discounts: OrderDiscounts;
  /** The order's lines in id order, each with what was paid for it. */
  lines: ReturnLine[];
  shippingPaidCents: number;
}

/** An order's lines with their paid amounts, returned units and exemption; null when there is no such order. */
export async function readLineShares(db: DB, orderId: number): Promise<OrderLineShares | null> {
  const discounts = await orderDiscounts(db, orderId);
  if (!discounts) return null;
  const items = await db
    .selectFrom("order_items")
    .select(["id", "unit_price_cents as unitPriceCents", "quantity", "returned_quantity as returnedQuantity", "is_personalised as personalised"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const shares = lineShares(items, discounts);
  return {
    discounts,
    lines: items.map((item, i) => ({
      ...shares[i]!,
      orderItemId: item.id,
      returnedQuantity: item.returnedQuantity,
      exempt: item.personalised === 1,
    })),
    shippingPaidCents: shippingPaidCents(discounts),
  };
}
