import { sql, type SqlBool } from "kysely";
import { expectedShipDate, utcDay } from "~/domain/catalogue/made-to-order";
import { OPEN_MADE_TO_ORDER_STATUSES } from "~/domain/orders/lifecycle";
import { type DB } from "~/lib/sqlite.server";

/*
 * The made-to-order rules that read the database (docs/made-to-order.md). A line of a
 * made-to-order product that the stock of its colour or variation cannot cover is made to order
 * as a whole: it takes no stock and holds one of the product's open made-to-order places instead.
 * Callers run these inside their own write transaction, so two buyers at the cap cannot both pass.
 */

export interface MadeToOrderFacts {
  madeToOrder: boolean;
  leadTimeDays: number;
  cap: number | null;
  isPersonalised: boolean;
}

export async function madeToOrderFacts(db: DB, productId: number): Promise<MadeToOrderFacts | null> {
  const row = await db
    .selectFrom("products")
    .select(["made_to_order as madeToOrder", "lead_time_days as leadTimeDays", "made_to_order_cap as cap", "is_personalised as isPersonalised"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!row) return null;
  return { madeToOrder: row.madeToOrder === 1, leadTimeDays: row.leadTimeDays, cap: row.cap, isPersonalised: row.isPersonalised === 1 };
}

/**
 * Whether the order aliased `o` holds its made-to-order places at `now`: any open status past
 * payment does; an unpaid one only while its hold has not run out (made_to_order_holds) or a
 * capture holds it (stock_reserved). Goes with `o.status in OPEN_MADE_TO_ORDER_STATUSES`.
 */
export function holdsItsPlaces(now: Date) {
  return sql<SqlBool>`(o.status != 'unpaid' or o.stock_reserved = 1 or exists (select 1 from made_to_order_holds h where h.order_id = o.id and h.held_until > ${now.toISOString()}))`;
}

/** Pieces of the product on made-to-order lines of orders that hold their places (one order left out, when given). */
export async function openMadeToOrderPieces(db: DB, productId: number, exceptOrderId?: number, now: Date = new Date()): Promise<number> {
  let q = db
    .selectFrom("order_items as oi")
    .innerJoin("orders as o", "o.id", "oi.order_id")
    .select(sql<number>`coalesce(sum(oi.quantity), 0)`.as("pieces"))
    .where("oi.product_id", "=", productId)
    .where("oi.made_to_order", "=", 1)
    .where("o.status", "in", [...OPEN_MADE_TO_ORDER_STATUSES])
    .where(holdsItsPlaces(now));
  if (exceptOrderId !== undefined) q = q.where("o.id", "!=", exceptOrderId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.pieces);
}

/** How many more pieces may be made to order now: Infinity without a cap, 0 for a product that is not made to order. */
export async function madeToOrderRoom(db: DB, productId: number, facts?: MadeToOrderFacts | null): Promise<number> {
  const f = facts === undefined ? await madeToOrderFacts(db, productId) : facts;
  if (!f?.madeToOrder) return 0;
  if (f.cap === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, f.cap - (await openMadeToOrderPieces(db, productId)));
}

/** For many products at once (listings and cards): the room left, keyed by product id. Products without a cap are left out. */
export async function madeToOrderRooms(db: DB, productIds: number[]): Promise<Map<number, number>> {
  const rooms = new Map<number, number>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return rooms;
  const capped = await db
    .selectFrom("products")
    .select(["id", "made_to_order_cap as cap"])
    .where("id", "in", ids)
    .where("made_to_order", "=", 1)
    .where("made_to_order_cap", "is not", null)
    .execute();
  if (capped.length === 0) return rooms;
  const open = await db
    .selectFrom("order_items as oi")
    .innerJoin("orders as o", "o.id", "oi.order_id")
    .select(["oi.product_id as productId", sql<number>`coalesce(sum(oi.quantity), 0)`.as("pieces")])
    .where(
      "oi.product_id",
      "in",
      capped.map((c) => c.id),
    )
    .where("oi.made_to_order", "=", 1)
    .where("o.status", "in", [...OPEN_MADE_TO_ORDER_STATUSES])
    .where(holdsItsPlaces(new Date()))
    .groupBy("oi.product_id")
    .execute();
  for (const c of capped) {
    const pieces = Number(open.find((o) => o.productId === c.id)?.pieces ?? 0);
    rooms.set(c.id, Math.max(0, (c.cap ?? 0) - pieces));
  }
  return rooms;
}

/** Marks an order line as made to order with the product's facts of now; it holds no stock. */
export async function markLineMadeToOrder(db: DB, orderItemId: number, facts: MadeToOrderFacts): Promise<void> {
  await db
    .updateTable("order_items")
    .set({ made_to_order: 1, lead_time_days: facts.leadTimeDays, is_personalised: facts.isPersonalised ? 1 : 0, stock_taken: 0 })
    .where("id", "=", orderItemId)
    .execute();
}

/**
 * Sets orders.expected_ship_date from `from` (placement, and again at payment: sewing starts once
 * the order is paid) plus the longest lead time of its made-to-order lines in business days; null
 * when every piece is ready.
 */
export async function refreshExpectedShipDate(db: DB, orderId: number, from: Date = new Date()): Promise<string | null> {
  const lines = await db
    .selectFrom("order_items")
    .select(["made_to_order as madeToOrder", "lead_time_days as leadTimeDays"])
    .where("order_id", "=", orderId)
    .execute();
  const date = expectedShipDate(
    utcDay(from),
    lines.map((l) => ({ madeToOrder: l.madeToOrder === 1, leadTimeDays: l.leadTimeDays })),
  );
  await db.updateTable("orders").set({ expected_ship_date: date }).where("id", "=", orderId).execute();
  return date;
}
