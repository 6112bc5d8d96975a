import { type Updateable } from "kysely";
import { refreshExpectedShipDate } from "~/domain/catalogue/made-to-order.server";
import { awardOrderPoints } from "~/domain/loyalty/loyalty.server";
import { notifyBackInStock } from "~/domain/mail/back-in-stock.server";
import { releaseCode } from "~/domain/discounts/redeem.server";
import { addOrderEvent } from "~/domain/orders/events.server";
import { returnOrderStock } from "~/domain/orders/holds.server";
import { ORDER_TRANSITIONS, type OrderTransition, type OrderTransitionName, PREVIOUS_STATUS } from "~/domain/orders/lifecycle";
import { givePointsBack, reverseOrderPoints, reverseRefundedPoints } from "~/domain/orders/points-settlement.server";
import { writeOrderTaxRecord } from "~/domain/records/tax.server";
import { restockReturnedItems, type RestockLine } from "~/domain/orders/returned-items.server";
import { isOrderStatus, type OrderStatus } from "~/domain/orders/status";
import { type OrdersTable } from "~/lib/db-schema";
import { type DB } from "~/lib/sqlite.server";

/*
 * The one place an order's status is written (the table is ORDER_TRANSITIONS in lifecycle.ts).
 * Callers keep what is theirs alone: their checks and texts, the e-mails, the activity log.
 */

/** Columns a transition may write beside the status (tracking number, PayPal ids, dates, the reason). */
export type TransitionColumns = Omit<Updateable<OrdersTable>, "status" | "updated_at" | "stock_reserved" | "reversed_from" | "id">;

export interface TransitionOptions {
  /** Narrows the table's `from` (the status the caller read and decided on). */
  from?: readonly OrderStatus[];
  set?: TransitionColumns;
  /** The order history line (of the table's event type); none when left out. */
  message?: string | ((result: TransitionResult) => string);
  amountCents?: number | null;
  now?: Date;
  /** For the points history: why the discount's points come back ('order #12 cancelled'). */
  pointsWhy?: string;
  /** A return: the items back on the shelf and the refund the earned points follow. */
  returned?: { restock: RestockLine[]; refundCents: number; refundableBeforeCents: number };
}

export interface TransitionResult {
  from: OrderStatus;
  to: OrderStatus;
}

function backTo(reversedFrom: string | null): OrderStatus {
  return reversedFrom && isOrderStatus(reversedFrom) && ORDER_TRANSITIONS.reversePayment.from.some((s) => s === reversedFrom) ? reversedFrom : "paid";
}

/** A reversal remembers the status it holds the order from; its resolution forgets it. */
function reversedFrom(to: OrderStatus, from: OrderStatus, t: OrderTransition): { reversed_from?: string | null } {
  if (to === "payment_reversed") return { reversed_from: from };
  return t.to === PREVIOUS_STATUS ? { reversed_from: null } : {};
}

function holdColumns(t: OrderTransition): { stock_reserved?: number } {
  if (t.hold === "set") return { stock_reserved: 1 };
  if (t.hold === "clear") return { stock_reserved: 0 };
  return {};
}

/**
 * Performs the transition `name` on the order, in the caller's transaction: a conditional update
 * of the status (only from the table's `from`, narrowed by `opts.from`; while no payment holds
 * the order when the table says so), then what the table says it does to stock, points,
 * made-to-order places, the discount code's use and the accountant's records, then the order event. Answers null, changing nothing, when the order is
 * missing or not in a status the transition starts from; a second call therefore settles nothing.
 */
export async function transitionOrder(db: DB, orderId: number, name: OrderTransitionName, opts: TransitionOptions = {}): Promise<TransitionResult | null> {
  const t: OrderTransition = ORDER_TRANSITIONS[name];
  const row = await db.selectFrom("orders").select(["status", "reversed_from as reversedFrom"]).where("id", "=", orderId).executeTakeFirst();
  if (!row || !t.from.includes(row.status) || (opts.from && !opts.from.includes(row.status))) return null;
  const from = row.status;
  const to = t.to === PREVIOUS_STATUS ? backTo(row.reversedFrom) : t.to;
  const now = opts.now ?? new Date();
  const columns = { ...opts.set, ...holdColumns(t), ...reversedFrom(to, from, t) };
  let update = db
    .updateTable("orders")
    .set({ ...columns, status: to, updated_at: now.toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", from);
  if (t.hold === "refuse-while-held") update = update.where("stock_reserved", "=", 0);
  const updated = await update.executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return null;

  if (t.stock === "back") {
    const restocked = await returnOrderStock(db, orderId);
    if (restocked.length > 0) await notifyBackInStock(db, restocked);
  } else if (t.stock === "returned" && opts.returned) {
    await restockReturnedItems(db, orderId, opts.returned.restock);
  }
  // A made-to-order place is held by the order's status (OPEN_MADE_TO_ORDER_STATUSES): 'release' needs no write.
  if (t.madeToOrder === "start") await refreshExpectedShipDate(db, orderId, now);
  if (t.code === "release") await releaseCode(db, orderId, now);
  const why = opts.pointsWhy ?? `order #${orderId} cancelled`;
  if (t.points === "award") await awardOrderPoints(db, orderId);
  else if (t.points === "give-back") await givePointsBack(db, orderId, why);
  else if (t.points === "settle") {
    await givePointsBack(db, orderId, why);
    await reverseOrderPoints(db, orderId);
  } else if (t.points === "settle-refund" && opts.returned) await reverseRefundedPoints(db, orderId, opts.returned);
  if (t.records === "write") await writeOrderTaxRecord(db, orderId, now);

  const result = { from, to };
  if (t.event && opts.message !== undefined) {
    await addOrderEvent(db, orderId, t.event, typeof opts.message === "function" ? opts.message(result) : opts.message, opts.amountCents ?? null);
  }
  return result;
}
