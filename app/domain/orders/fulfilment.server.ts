import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { enqueueCancelDeclinedMail, enqueueOrderCancelledMail, enqueueOrderShippedMail } from "~/domain/mail/order-mail.server";
import { sql } from "kysely";
import { ADMIN_ORDER_TEXT } from "~/domain/orders/fulfilment";
import { CANCELLABLE_STATUSES, ORDER_TRANSITIONS, RETURNABLE_STATUSES } from "~/domain/orders/lifecycle";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { OrderReasonSchema, TrackingNumberSchema } from "~/domain/orders/schemas";
import { DomainError } from "~/domain/common/errors";
import { getOrderView, type OrderView, toOrderWithdrawal } from "~/domain/orders/orders.server";
import { addOrderEvent, applyReturn, cancelOrder, checkRestock, type RestockLine } from "~/domain/orders/transitions.server";
import { returnRefund, type ReturnTick } from "~/domain/orders/line-shares";
import { readLineShares } from "~/domain/orders/line-shares.server";
import { type PaypalClient } from "~/lib/paypal-client.server";
import { makeRefund, openRefundOf, refundedCents } from "~/domain/payments/refunds.server";
import { PAYMENT_REVERSED, REVERSAL_TEXT } from "~/domain/payments/reversals.server";
import { orderStatusLabel, type OrderStatus } from "~/domain/orders/status";
import { centsToDecimal, formatMoney } from "~/lib/money";
import { type OrderWithdrawal } from "~/domain/withdrawals/rules";
import { type DB } from "~/lib/sqlite.server";
import { type Locale } from "~/i18n/locales";

/** The admin's order rules. */

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
  withdrawal: OrderWithdrawal;
  /** YYYY-MM-DD when the order holds made-to-order pieces; else null. */
  expectedShipDate: string | null;
  /** The language of the checkout that placed it ('en' or 'pl'). */
  locale: Locale;
}

export interface AdminOrderFilter {
  status?: OrderStatus | null;
  /** An order number (`12` or `#12`) or part of the customer's e-mail. */
  q?: string | null;
  /** Placed on or after this day (YYYY-MM-DD, UTC). */
  from?: string | null;
  /** Placed on or before this day (YYYY-MM-DD, UTC). */
  to?: string | null;
  /** 'open': only orders whose withdrawal the owner has not handled yet. */
  withdrawal?: "open" | null;
  /** 'ship-date': soonest expected ship date first (orders without one last); else newest first. */
  sort?: "ship-date" | null;
  limit?: number;
  offset?: number;
}

/** The orders a filter selects (no order, no columns): shared by the list and the CSV export. */
export function filteredOrders(db: DB, filter: AdminOrderFilter) {
  let base = db.selectFrom("orders as o");
  if (filter.status) base = base.where("o.status", "=", filter.status);
  if (filter.from) base = base.where(sql<string>`substr(o.created_at, 1, 10)`, ">=", filter.from);
  if (filter.to) base = base.where(sql<string>`substr(o.created_at, 1, 10)`, "<=", filter.to);
  if (filter.withdrawal === "open") {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom("withdrawals as wf").select("wf.id").whereRef("wf.order_id", "=", "o.id").where("wf.handled_at", "is", null)),
    );
  }
  const q = filter.q?.trim();
  if (q) {
    const id = /^#?\d{1,12}$/.test(q) ? Number(q.replace("#", "")) : null;
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(sql<string>`lower(o.email)`, "like", sql<string>`${like} escape '\\'`), ...(id !== null ? [eb("o.id", "=", id)] : [])]),
    );
  }
  return base;
}

/** Orders for the admin, newest first, with the filter's total count. */
export async function listAdminOrders(db: DB, filter: AdminOrderFilter = {}): Promise<{ orders: AdminOrderRow[]; total: number }> {
  const base = filteredOrders(db, filter);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("withdrawals as w", "w.order_id", "o.id")
      .select([
        "w.received_at as withdrawalReceivedAt",
        "w.handled_at as withdrawalHandledAt",
        "o.id",
        "o.email",
        "o.status",
        "o.total_cents as totalCents",
        "o.created_at as createdAt",
        "o.tracking_number as trackingNumber",
        "o.expected_ship_date as expectedShipDate",
        "o.locale",
        (eb) =>
          eb
            .selectFrom("order_items as oi")
            .select(sql<number>`coalesce(sum(oi.quantity), 0)`.as("n"))
            .whereRef("oi.order_id", "=", "o.id")
            .as("itemCount"),
      ])
      .$if(filter.sort === "ship-date", (q) =>
        q
          .orderBy(sql`o.expected_ship_date is null`)
          .orderBy("o.expected_ship_date", "asc")
          .orderBy("o.id", "asc"),
      )
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(filter.limit ?? 1000)
      .offset(filter.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    orders: rows.map(({ withdrawalReceivedAt, withdrawalHandledAt, ...r }) => ({
      ...r,
      withdrawal: toOrderWithdrawal(withdrawalReceivedAt, withdrawalHandledAt),
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
 * Admin cancel (the admin order page, the Orders tab, PATCH /api/admin/orders/{id}/cancel and an
 * admin's PATCH /api/orders/{id}/cancel). An unpaid order becomes 'unpaidcancelled' (nothing was
 * paid, so nothing is refunded). A paid, processing or cancel-requested order is refunded in full
 * through PayPal first (makeRefund), and only when PayPal agreed does one transaction record the
 * refund and cancel it (stock and points back). A paid order without a PayPal capture on record
 * is cancelled without a refund. Throws DomainError 404, 409 (status, payment in flight), and
 * RefundError 409 with PayPal's reason when PayPal refuses (the order unchanged).
 */
export async function adminCancelOrder(db: DB, orderId: number, deps: { paypal?: PaypalClient | null; actor?: Actor } = {}): Promise<void> {
  const actor = deps.actor ?? SYSTEM_ACTOR;
  const row = await db
    .selectFrom("orders")
    .select(["status", "stock_reserved as reserved", "paypal_capture_id as captureId", "total_cents as totalCents", "reversed_from as reversedFrom"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!row) throw new DomainError(ADMIN_ORDER_TEXT.notFound, 404);
  // An unpaid order holding stock is in the middle of a PayPal capture: cancelling now could
  // charge the buyer for a cancelled order. The payment code releases or completes it.
  if (row.status === "unpaid" && row.reserved === 1) throw new DomainError(ADMIN_ORDER_TEXT.paymentInProgress, 409);
  if (!isOneOf(row.status, CANCELLABLE_STATUSES)) {
    throw new DomainError(`This order cannot be cancelled. It is ${orderStatusLabel(row.status)}.`, 409);
  }
  // Goods already sent are not back on the shelf: such an order is resolved, or returned once back.
  if (row.status === PAYMENT_REVERSED && row.reversedFrom && !isOneOf(row.reversedFrom, CANCELLABLE_STATUSES)) {
    throw new DomainError(
      `This order was ${orderStatusLabel(row.reversedFrom)} before its payment was reversed, so it cannot be cancelled. Mark it resolved, then process a return if the goods come back.`,
      409,
    );
  }
  if (row.status === "unpaid") {
    await db.transaction().execute(async (trx) => {
      const cancelled = await transitionOrder(trx, orderId, "cancelUnpaid", {
        pointsWhy: `order #${orderId} cancelled before payment`,
        message: "Cancelled by the shop before payment; nothing to refund.",
      });
      if (!cancelled) throw new DomainError("This order was changed meanwhile. Please reload the page.", 409);
      await logActivity(trx, {
        actor,
        kind: "order.cancel",
        subjectType: "order",
        subjectId: orderId,
        summary: `Order #${orderId} cancelled (unpaid)`,
        changes: { status: [cancelled.from, cancelled.to] },
      });
      await enqueueOrderCancelledMail(trx, orderId, false);
    });
    return;
  }
  // A cancel refund PayPal left unanswered is asked for again: the same request, never a second refund.
  const open = await openRefundOf(db, orderId);
  const left = open?.kind === "cancel" ? open.amountCents : row.totalCents - (await refundedCents(db, orderId));
  // A reversed or disputed payment is PayPal's to give back: the shop cancels without a refund.
  if (row.captureId && left > 0 && row.status !== PAYMENT_REVERSED) {
    await makeRefund(db, { orderId, captureId: row.captureId, amountCents: left, kind: "cancel" }, deps.paypal, actor);
    return;
  }
  await db.transaction().execute(async (trx) => {
    if (!(await cancelOrder(trx, orderId, [row.status], actor))) throw new DomainError("This order was changed meanwhile. Please reload the page.", 409);
    const why =
      row.status === PAYMENT_REVERSED
        ? "The payment was reversed or disputed at PayPal: the shop refunded nothing itself."
        : row.captureId
          ? "Already refunded in full: nothing more to refund."
          : "No PayPal payment on record: nothing was refunded.";
    await addOrderEvent(trx, orderId, "note", why);
    await logActivity(trx, {
      actor,
      kind: "order.cancel",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId} cancelled`,
      changes: { status: [row.status, "cancelled"] },
    });
  });
}

/** Trims an admin's reason and refuses one over its limit (DomainError 400 on the reason field); "" when none was given. */
function cleanReason(value: unknown): string {
  const result = OrderReasonSchema.safeParse(typeof value === "string" ? value : "");
  if (!result.success) throw new DomainError(result.error.issues[0]!.message, 400, "reason");
  return result.data;
}

/**
 * The admin declines a cancellation request: back to 'paid', with the reason the customer reads
 * on the order page. Throws DomainError 400 (reason), 404, 409 (not a request).
 */
export async function declineCancellation(db: DB, orderId: number, reason: unknown, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  const text = cleanReason(reason);
  if (!text) throw new DomainError(ADMIN_ORDER_TEXT.declineReasonRequired, 400, "reason");
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const at = now.toISOString();
    const declined = await transitionOrder(trx, orderId, "declineCancellation", {
      now,
      set: { decline_reason: text },
      message: `Cancellation request declined: ${text}`,
    });
    if (!declined) {
      throw new DomainError(`Only a cancellation request can be declined. This order is ${orderStatusLabel(await statusOf(trx, orderId))}.`, 409);
    }
    await logActivity(trx, {
      actor,
      kind: "order.decline",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId}: cancellation request declined`,
      changes: { status: [declined.from, declined.to], declineReason: [null, text] },
    });
    await enqueueCancelDeclinedMail(trx, orderId, text, at);
  });
}

/** 'Start packing': paid → processing. Throws DomainError 404, 409. */
export async function startPacking(db: DB, orderId: number, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  await simpleTransition(db, actor, orderId, "startPacking", "Packing started.", (s) => `Only a paid order can be packed. This order is ${s}.`);
}

/** 'Mark delivered': shipped → delivered, with delivered_at (the 14 days of the return terms count from it). */
export async function markDelivered(db: DB, orderId: number, now = new Date(), actor: Actor = SYSTEM_ACTOR): Promise<void> {
  await simpleTransition(db, actor, orderId, "deliver", "Marked as delivered.", (s) => `Only a shipped order can be marked delivered. This order is ${s}.`, {
    delivered_at: now.toISOString(),
  });
}

async function simpleTransition(
  db: DB,
  actor: Actor,
  orderId: number,
  name: "startPacking" | "deliver",
  message: string,
  refusal: (statusLabel: string) => string,
  set: { delivered_at?: string } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await transitionOrder(trx, orderId, name, { set, message });
    if (!done) throw new DomainError(refusal(orderStatusLabel(await statusOf(trx, orderId))), 409);
    await logActivity(trx, {
      actor,
      kind: name === "startPacking" ? "order.packing" : "order.deliver",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId}: ${message}`,
      changes: { status: [ORDER_TRANSITIONS[name].from.join("/"), done.to] },
    });
  });
}

/** Trims and checks a tracking number; throws DomainError 400 on the trackingNumber field. */
export function cleanTrackingNumber(value: unknown): string {
  const result = TrackingNumberSchema.safeParse(value ?? "");
  if (!result.success) throw new DomainError(result.error.issues[0]?.message ?? ADMIN_ORDER_TEXT.trackingRequired, 400, "trackingNumber");
  return result.data;
}

/**
 * Ship: from paid (or processing) to 'shipped' with the trimmed tracking number and shipped_at.
 * Throws DomainError 400 (tracking number), 404, 409 (status).
 */
export async function shipOrder(db: DB, orderId: number, trackingNumber: unknown, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  const tracking = cleanTrackingNumber(trackingNumber);
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const before = await trx.selectFrom("orders").select(["status", "tracking_number as trackingNumber"]).where("id", "=", orderId).executeTakeFirst();
    const shipped = await transitionOrder(trx, orderId, "ship", {
      now,
      set: { tracking_number: tracking, shipped_at: now.toISOString() },
      message: `Shipped with tracking number ${tracking}.`,
    });
    if (shipped) {
      await logActivity(trx, {
        actor,
        kind: "order.ship",
        subjectType: "order",
        subjectId: orderId,
        summary: `Order #${orderId} shipped (tracking ${tracking})`,
        changes: { status: [before?.status ?? null, "shipped"], trackingNumber: [before?.trackingNumber ?? null, tracking] },
      });
      await enqueueOrderShippedMail(trx, orderId);
      return;
    }
    const status = await statusOf(trx, orderId);
    if (status === PAYMENT_REVERSED) throw new DomainError(REVERSAL_TEXT.notShippable, 409);
    throw new DomainError(`Only a paid order can be shipped. This order is ${orderStatusLabel(status)}.`, 409);
  });
}

/** The terms: returns within 14 days of delivery. */
export const RETURN_DAYS = 14;

export interface ReturnInput {
  /** Cents to refund; 0 only when nothing was paid through PayPal. */
  amountCents: number;
  restock: RestockLine[];
  /** Required past the 14 days; kept in the order's history. */
  reason?: string | null;
}

/**
 * What the return form offers: what is left to refund, the prefilled amount, the most this return
 * may refund, whether a reason is needed, and each line with what was paid for it (its share of
 * the discounts on the items taken off: line-shares.ts). `ticks` are the units coming back: their
 * paid amounts are offered then, and bound the refund (returnRefund).
 */
export async function getReturnTerms(db: DB, orderId: number, now = new Date(), ticks: readonly ReturnTick[] = []) {
  const order = await db
    .selectFrom("orders")
    .select(["status", "total_cents as totalCents", "delivered_at as deliveredAt", "paypal_capture_id as captureId"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  const shares = order ? await readLineShares(db, orderId) : null;
  if (!order || !shares) return null;
  const refunded = await refundedCents(db, orderId);
  const leftCents = Math.max(0, order.totalCents - refunded);
  const withdrawal = await db.selectFrom("withdrawals").select("id").where("order_id", "=", orderId).where("handled_at", "is", null).executeTakeFirst();
  const withdrawn = withdrawal !== undefined;
  // The buyer pays shipping: the items' paid amounts are offered, never more than is left.
  // After a withdrawal the law makes the shop refund the outbound shipping the buyer paid too,
  // and the withdrawal was received within its own period, so no reason is asked for.
  // Personalised pieces are exempt from a withdrawal (CRD Art. 16(c)): what was paid for them is
  // not suggested back.
  const refund = returnRefund(shares.lines, ticks, { withdrawn, shippingPaidCents: shares.shippingPaidCents, leftCents });
  const late = !withdrawn && order.deliveredAt !== null && now.getTime() - Date.parse(order.deliveredAt) > RETURN_DAYS * 864e5;
  const notBack = shares.lines.some((l) => l.returnedQuantity < l.quantity);
  // A returned order takes another (partial) return while money is left to refund or items are still out.
  const open = isOneOf(order.status, RETURNABLE_STATUSES) || (order.status === "returned" && ((order.captureId !== null && leftCents > 0) || notBack));
  return {
    open,
    leftCents,
    suggestedCents: refund.suggestedCents,
    maxCents: refund.maxCents,
    byLines: refund.byLines,
    maxShippingCents: refund.maxShippingCents,
    late,
    deliveredAt: order.deliveredAt,
    hasPayment: order.captureId !== null,
    refundedCents: refunded,
    withdrawn,
    lines: shares.lines,
    shippingPaidCents: shares.shippingPaidCents,
  };
}

/**
 * Process Return: refunds `amountCents` through PayPal (at most what is left unrefunded), then in
 * one transaction records the refund, marks the order 'returned', puts the ticked items back in
 * stock and takes back the points earned on the refunded amount. Several partial returns are
 * allowed. Past 14 days after delivery a reason is required. Throws DomainError 400 (amount,
 * items, reason), 404, 409 (status), RefundError 409 (PayPal refused: the order unchanged).
 */
export async function processReturn(
  db: DB,
  orderId: number,
  input: ReturnInput,
  deps: { paypal?: PaypalClient | null; now?: Date; actor?: Actor } = {},
): Promise<void> {
  const actor = deps.actor ?? SYSTEM_ACTOR;
  const restock = input.restock.filter((l) => l.quantity > 0);
  const terms = await getReturnTerms(db, orderId, deps.now, restock);
  if (!terms) throw new DomainError(ADMIN_ORDER_TEXT.notFound, 404);
  if (!terms.open) {
    throw new DomainError(`Only a shipped or delivered order can be returned. This order is ${orderStatusLabel(await statusOf(db, orderId))}.`, 409);
  }
  const reason = cleanReason(input.reason) || null;
  if (terms.late && !reason) {
    throw new DomainError(`More than ${RETURN_DAYS} days have passed since delivery: please give the reason for accepting this return`, 400, "reason");
  }
  if (!Number.isInteger(input.amountCents) || input.amountCents < 0) throw new DomainError("The refund amount must be a positive amount", 400, "amount");
  await checkRestock(db, orderId, restock);
  // The same return PayPal left unanswered, asked for again: its open request is sent once more.
  const open = await openRefundOf(db, orderId);
  const retry = open?.kind === "return" && open.amountCents === input.amountCents;
  if (!retry && input.amountCents > terms.maxCents) throw new DomainError(refundCapText(terms), 400, "amount");
  const captureId = await db.selectFrom("orders").select("paypal_capture_id as id").where("id", "=", orderId).executeTakeFirstOrThrow();
  if (input.amountCents > 0 && captureId.id) {
    await makeRefund(db, { orderId, captureId: captureId.id, amountCents: input.amountCents, kind: "return", note: reason, restock }, deps.paypal, actor);
    return;
  }
  if (input.amountCents > 0)
    throw new DomainError("This order has no PayPal payment on record, so nothing can be refunded: set the amount to 0", 400, "amount");
  if (restock.length === 0 && terms.hasPayment) throw new DomainError("Enter an amount to refund or tick the items coming back", 400, "amount");
  await db.transaction().execute(async (trx) => {
    const current = await statusOf(trx, orderId);
    const returned = await applyReturn(trx, orderId, { restock, refundCents: 0, refundableBeforeCents: terms.leftCents, note: reason, actor });
    if (!returned) throw new DomainError("This order was changed meanwhile. Please reload the page.", 409);
    await logActivity(trx, {
      actor,
      kind: "order.return",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId} returned without a refund`,
      changes: { status: [current, "returned"], restocked: [null, restock.map((l) => `${l.orderItemId}×${l.quantity}`).join(", ") || null] },
    });
  });
}

/** Why a refund above the cap is refused: what the ticked items were paid, or what is left of the order. */
function refundCapText(terms: { maxCents: number; leftCents: number; byLines: boolean; maxShippingCents: number }): string {
  if (!terms.byLines || terms.maxCents >= terms.leftCents) return `The refund cannot be more than the ${formatMoney(terms.leftCents)} not yet refunded`;
  const shipping = terms.maxShippingCents > 0 ? ` plus ${formatMoney(terms.maxShippingCents)} of shipping` : "";
  return `The refund cannot be more than ${formatMoney(terms.maxCents)}, what the ticked items were paid (their share of the discounts taken off)${shipping}`;
}

/** The API's return (PATCH /api/admin/orders/{id}/return, no payload): every item still out back, the refund suggested for them. */
export async function returnOrder(db: DB, orderId: number, deps: { paypal?: PaypalClient | null; now?: Date; actor?: Actor } = {}): Promise<void> {
  const items = await db.selectFrom("order_items").select(["id", "quantity", "returned_quantity as returned"]).where("order_id", "=", orderId).execute();
  const restock = items.map((i) => ({ orderItemId: i.id, quantity: i.quantity - i.returned }));
  const terms = await getReturnTerms(db, orderId, deps.now, restock);
  if (!terms) throw new DomainError(ADMIN_ORDER_TEXT.notFound, 404);
  await processReturn(
    db,
    orderId,
    {
      amountCents: terms.hasPayment ? terms.suggestedCents : 0,
      restock,
      reason: terms.late ? "Returned through the API after the return period" : null,
    },
    deps,
  );
}

async function statusOf(db: DB, orderId: number): Promise<string> {
  const row = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new DomainError(ADMIN_ORDER_TEXT.notFound, 404);
  return row.status;
}
