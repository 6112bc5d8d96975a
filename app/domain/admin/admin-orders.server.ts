import { notifyBackInStock } from "~/domain/mail/back-in-stock.server";
import { enqueueOrderCancelledMail, enqueueOrderShippedMail } from "~/domain/mail/order-mail.server";
import { sql } from "kysely";
import { ADMIN_ORDER_TEXT, CANCELLABLE_STATUSES, RETURNABLE_STATUSES, SHIPPABLE_STATUSES, TRACKING_NUMBER_MAX } from "~/domain/admin/admin-orders";
import { returnStock } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { reverseOrderPoints } from "~/domain/loyalty/loyalty.server";
import { getOrderView, listOrderStockLines, type OrderView } from "~/domain/orders/orders.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/** The admin's order rules (checkout-account-admin spec, sections 4, 5 and 7). */

export interface AdminOrderRow {
  id: number;
  email: string;
  status: string;
  statusLabel: string;
  total: string;
  totalCents: number;
  createdAt: string;
  trackingNumber: string | null;
  itemCount: number;
}

export interface AdminOrderFilter {
  status?: string | null;
  /** An order number (`12` or `#12`) or part of the customer's e-mail. */
  q?: string | null;
  limit?: number;
  offset?: number;
}

/** Orders for the admin, newest first, with the filter's total count. */
export async function listAdminOrders(db: DB, filter: AdminOrderFilter = {}): Promise<{ orders: AdminOrderRow[]; total: number }> {
  let base = db.selectFrom("orders as o");
  if (filter.status) base = base.where("o.status", "=", filter.status);
  const q = filter.q?.trim();
  if (q) {
    const id = /^#?\d{1,12}$/.test(q) ? Number(q.replace("#", "")) : null;
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(o.email)`, "like", sql<string>`${like} escape '\\'`),
        ...(id !== null ? [eb("o.id", "=", id)] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        "o.id",
        "o.email",
        "o.status",
        "o.total_cents as totalCents",
        "o.created_at as createdAt",
        "o.tracking_number as trackingNumber",
        (eb) =>
          eb
            .selectFrom("order_items as oi")
            .select(sql<number>`coalesce(sum(oi.quantity), 0)`.as("n"))
            .whereRef("oi.order_id", "=", "o.id")
            .as("itemCount"),
      ])
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(filter.limit ?? 1000)
      .offset(filter.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    orders: rows.map((r) => ({
      ...r,
      itemCount: Number(r.itemCount ?? 0),
      statusLabel: orderStatusLabel(r.status),
      total: centsToDecimal(r.totalCents),
    })),
  };
}

/** One order with its items (categories, colour, variation, thumbnails), or null. */
export function getAdminOrder(db: DB, orderId: number): Promise<OrderView | null> {
  return getOrderView(db, orderId);
}

function isOneOf(status: string, list: readonly string[]): boolean {
  return list.includes(status);
}

/**
 * Admin cancel: from unpaid, paid or cancel_request to 'cancelled', in one transaction. Stock the
 * order holds (stock_reserved = 1) goes back and the flag is cleared; for a paid order (or a
 * cancellation request, which was paid) the points it spent come back and the points it earned
 * are taken back. The update is conditional on the status read in the same IMMEDIATE
 * transaction, so a second click or a stale page gets 409 and nothing is restored twice.
 * Throws DomainError 404 (unknown), 409 (status, or a PayPal capture in flight).
 */
export async function adminCancelOrder(db: DB, orderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("orders")
      .select(["status", "stock_reserved as reserved"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!row) throw new DomainError(ADMIN_ORDER_TEXT.notFound, 404);
    // An unpaid order holding stock is in the middle of a PayPal capture: cancelling now could
    // charge the buyer for a cancelled order. The payment code releases or completes it.
    if (row.status === "unpaid" && row.reserved === 1) throw new DomainError(ADMIN_ORDER_TEXT.paymentInProgress, 409);
    if (!isOneOf(row.status, CANCELLABLE_STATUSES)) {
      throw new DomainError(`This order cannot be cancelled. It is ${orderStatusLabel(row.status)}.`, 409);
    }
    const updated = await trx
      .updateTable("orders")
      .set({ status: "cancelled", stock_reserved: 0, updated_at: new Date().toISOString() })
      .where("id", "=", orderId)
      .where("status", "=", row.status)
      .where("stock_reserved", "=", row.reserved)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new DomainError("This order was changed meanwhile. Please reload the page.", 409);
    if (row.reserved === 1) {
      const lines = await listOrderStockLines(trx, orderId);
      await returnStock(trx, lines);
      await notifyBackInStock(trx, [...new Set(lines.map((l) => l.productId))]);
    }
    if (row.status !== "unpaid") await reverseOrderPoints(trx, orderId);
    await enqueueOrderCancelledMail(trx, orderId, row.status !== "unpaid");
  });
}

/** Trims and checks a tracking number; throws DomainError 400 on the trackingNumber field. */
export function cleanTrackingNumber(value: unknown): string {
  const tracking = typeof value === "string" ? value.trim() : "";
  if (!tracking) throw new DomainError(ADMIN_ORDER_TEXT.trackingRequired, 400, "trackingNumber");
  if (tracking.length > TRACKING_NUMBER_MAX) throw new DomainError(ADMIN_ORDER_TEXT.trackingTooLong, 400, "trackingNumber");
  return tracking;
}

/**
 * Ship: from paid (or processing) to 'shipped' with the trimmed tracking number and shipped_at.
 * Throws DomainError 400 (tracking number), 404, 409 (status).
 */
export async function shipOrder(db: DB, orderId: number, trackingNumber: unknown): Promise<void> {
  const tracking = cleanTrackingNumber(trackingNumber);
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const updated = await trx
      .updateTable("orders")
      .set({ status: "shipped", tracking_number: tracking, shipped_at: now, updated_at: now })
      .where("id", "=", orderId)
      .where("status", "in", [...SHIPPABLE_STATUSES])
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) {
      await enqueueOrderShippedMail(trx, orderId);
      return;
    }
    const status = await statusOf(trx, orderId);
    throw new DomainError(`Only a paid order can be shipped. This order is ${orderStatusLabel(status)}.`, 409);
  });
}

/**
 * Return: from shipped or delivered to 'returned'. The stock is deliberately NOT put back:
 * a returned piece may be worn or damaged, so the owner checks it and adjusts the stock in the
 * product editor herself. Throws DomainError 404, 409 (status).
 */
export async function returnOrder(db: DB, orderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("orders")
      .set({ status: "returned", updated_at: new Date().toISOString() })
      .where("id", "=", orderId)
      .where("status", "in", [...RETURNABLE_STATUSES])
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) return;
    const status = await statusOf(trx, orderId);
    throw new DomainError(`Only a shipped or delivered order can be returned. This order is ${orderStatusLabel(status)}.`, 409);
  });
}

async function statusOf(db: DB, orderId: number): Promise<string> {
  const row = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new DomainError(ADMIN_ORDER_TEXT.notFound, 404);
  return row.status;
}
