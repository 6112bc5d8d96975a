import { type DB } from "~/lib/sqlite.server";

/* The order's history the owner reads on the admin order page, one line per thing that happened. */

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
