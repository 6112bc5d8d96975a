import { sql } from "kysely";
import { lapsedPlaces } from "~/domain/catalogue/made-to-order-holds.server";
import { markLineMadeToOrder, madeToOrderFacts, madeToOrderRoom, refreshExpectedShipDate } from "~/domain/catalogue/made-to-order.server";
import { planLines, returnStock, type StockLine, takeStock } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * What an order holds, and giving back exactly that (docs/decisions/points-at-placement.md):
 * order_items.stock_taken counts the units of each line taken out of stock, orders.points_taken
 * the discount's loyalty points. Every take and every return goes through here, in the caller's
 * transaction, with conditional updates: a second return of the same hold finds nothing to give.
 * A made-to-order line (order_items.made_to_order) takes no stock: stock_taken stays 0, so
 * nothing is ever given back for it (docs/made-to-order.md).
 */

interface HeldLine extends StockLine {
  id: number;
  stockTaken: number;
}

async function orderLines(db: DB, orderId: number): Promise<HeldLine[]> {
  const rows = await db
    .selectFrom("order_items")
    .select([
      "id",
      "product_id as productId",
      "color_id as colorId",
      "variation_code as variationCode",
      "quantity",
      "title",
      "stock_taken as stockTaken",
      "made_to_order as madeToOrder",
    ])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.flatMap((r) => (r.productId === null ? [] : [{ ...r, productId: r.productId, madeToOrder: r.madeToOrder === 1 }]));
}

/**
 * Decides each line of a just placed (or placed again) order: ready from stock, or made to order
 * with the product's lead time and personalisation of now, then sets the expected ship date.
 * The order's own places are not counted against the cap. Throws DomainError 409 ('… sold out',
 * '… items available in stock') when a line fits neither; the caller's transaction rolls back.
 */
export async function planOrderLines(db: DB, orderId: number, now: Date = new Date()): Promise<void> {
  const lines = (await orderLines(db, orderId)).filter((l) => l.stockTaken === 0);
  const { plans, issues } = await planLines(
    db,
    lines.map((l) => ({ ...l, madeToOrder: false })),
    orderId,
  );
  if (issues.length > 0) {
    const text = issues.join("; ");
    throw new DomainError(text.includes("items available in stock") ? text : `${text} (0 items available in stock)`, 409, undefined, "insufficient-stock");
  }
  for (const [i, plan] of plans.entries()) {
    if (plan.madeToOrder) await markLineMadeToOrder(db, lines[i].id, plan.facts);
    else await db.updateTable("order_items").set({ made_to_order: 0, lead_time_days: null, is_personalised: 0 }).where("id", "=", lines[i].id).execute();
  }
  await refreshExpectedShipDate(db, orderId, now);
}

/**
 * A ready line whose stock went meanwhile (another buyer paid first): a made-to-order product
 * with room left makes it instead. Answers whether it did.
 */
async function madeInstead(db: DB, line: HeldLine): Promise<boolean> {
  const facts = await madeToOrderFacts(db, line.productId);
  if (!facts?.madeToOrder || line.stockTaken > 0) return false;
  if ((await madeToOrderRoom(db, line.productId, facts)) < line.quantity) return false;
  await markLineMadeToOrder(db, line.id, facts);
  return true;
}

async function markTaken(db: DB, line: HeldLine, quantity: number): Promise<void> {
  await db.updateTable("order_items").set({ stock_taken: quantity }).where("id", "=", line.id).execute();
}

/**
 * Takes every line of the order that is not held yet, all or nothing. Throws DomainError 409
 * ('... items available in stock') on the first short line, or when the order's made-to-order
 * hold ran out and the cap has no room for its pieces any more; the caller's transaction rolls back.
 */
export async function takeOrderStock(db: DB, orderId: number): Promise<void> {
  const lapsed = await lapsedPlaces(db, orderId);
  if (lapsed.length > 0) throw new DomainError(lapsed.map((l) => l.message).join("; "), 409, undefined, "insufficient-stock");
  let switched = false;
  for (const line of await orderLines(db, orderId)) {
    const missing = line.quantity - line.stockTaken;
    if (missing <= 0 || line.madeToOrder) continue;
    try {
      await takeStock(db, [{ ...line, quantity: missing }]);
    } catch (error) {
      if (error instanceof DomainError && (await madeInstead(db, line))) {
        switched = true;
        continue;
      }
      throw error;
    }
    await markTaken(db, line, line.quantity);
  }
  if (switched) await refreshExpectedShipDate(db, orderId);
}

/**
 * Takes each line that is not held yet, as far as stock allows; answers the lines that were short
 * ('Title x2'), made-to-order pieces whose hold ran out and whose places were taken meanwhile too.
 */
export async function takeOrderStockAsAvailable(db: DB, orderId: number): Promise<string[]> {
  const short: string[] = (await lapsedPlaces(db, orderId)).map(
    (l) => `${l.title} x${l.pieces} (made to order: its places were taken after the order's hold ran out)`,
  );
  let switched = false;
  for (const line of await orderLines(db, orderId)) {
    const missing = line.quantity - line.stockTaken;
    if (missing <= 0 || line.madeToOrder) continue;
    try {
      await takeStock(db, [{ ...line, quantity: missing }]);
      await markTaken(db, line, line.quantity);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (await madeInstead(db, line)) switched = true;
      else short.push(`${line.title ?? `product ${line.productId}`} x${missing}`);
    }
  }
  if (switched) await refreshExpectedShipDate(db, orderId);
  return short;
}

/** Gives back the units the order holds, line by line, and answers the products that got stock back. */
export async function returnOrderStock(db: DB, orderId: number): Promise<number[]> {
  const products: number[] = [];
  for (const line of await orderLines(db, orderId)) {
    if (line.stockTaken <= 0) continue;
    const cleared = await db
      .updateTable("order_items")
      .set({ stock_taken: 0 })
      .where("id", "=", line.id)
      .where("stock_taken", "=", line.stockTaken)
      .executeTakeFirst();
    if (cleared.numUpdatedRows === 0n) continue;
    await returnStock(db, [{ ...line, quantity: line.stockTaken }]);
    products.push(line.productId);
  }
  return [...new Set(products)];
}

/** A return put `quantity` units of a line back on the shelf: the order holds that many fewer. */
export async function releaseReturnedUnits(db: DB, orderItemId: number, quantity: number): Promise<void> {
  await db
    .updateTable("order_items")
    .set({ stock_taken: sql<number>`max(0, stock_taken - ${quantity})` })
    .where("id", "=", orderItemId)
    .execute();
}

export const POINTS_GONE_MESSAGE = "You no longer have the loyalty points this order's discount uses";

/**
 * Takes the discount's points the order does not hold yet (all of them at placement). Throws
 * DomainError 409 when the customer's balance no longer covers them.
 */
export async function takeOrderPoints(db: DB, orderId: number): Promise<void> {
  const order = await db
    .selectFrom("orders")
    .select(["user_id as userId", "loyalty_points_used as used", "points_taken as taken"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order?.userId) return;
  const missing = order.used - order.taken;
  if (missing <= 0) return;
  try {
    await recordPointsEvent(db, order.userId, { type: "order_spend", description: `Discount on order #${orderId}`, points: -missing, orderId });
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(POINTS_GONE_MESSAGE, 409);
    throw error;
  }
  await db.updateTable("orders").set({ points_taken: order.used }).where("id", "=", orderId).execute();
}

/** Gives back the discount's points the order holds (none when it holds none), once. Returns how many. */
export async function returnOrderPoints(db: DB, orderId: number, why: string): Promise<number> {
  const order = await db.selectFrom("orders").select(["user_id as userId", "points_taken as taken"]).where("id", "=", orderId).executeTakeFirst();
  if (!order?.userId || order.taken <= 0) return 0;
  const cleared = await db.updateTable("orders").set({ points_taken: 0 }).where("id", "=", orderId).where("points_taken", "=", order.taken).executeTakeFirst();
  if (cleared.numUpdatedRows === 0n) return 0;
  await recordPointsEvent(db, order.userId, { type: "other", description: `Points returned: ${why}`, points: order.taken, orderId });
  return order.taken;
}
