import { enqueueOrderCancelledMail, enqueueOrderPaidMail, enqueueOwnerPaymentAlert } from "~/domain/mail/order-mail.server";
import { clearCart } from "~/domain/cart/cart.server";
import { findStockIssues } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import {
  POINTS_GONE_MESSAGE,
  returnOrderStock,
  takeOrderPoints,
  takeOrderStock,
  takeOrderStockAsAvailable,
} from "~/domain/orders/holds.server";
import { PAYMENT_TEXT, PAYMENT_TOASTS, type StockCheck } from "~/domain/payments/page-data";
import {
  getPaypalClient,
  getShopMerchantId,
  isPaypalOrderId,
  type PaypalClient,
  PaypalError,
  type PaypalLink,
  type PaypalOrder,
} from "~/lib/paypal-client.server";
import { centsToDecimal, decimalToCents } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";
import { getStoreSettings } from "~/domain/common/settings.server";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { refundUnwantedCapture } from "~/domain/payments/refunds.server";
import { isPaidLike } from "~/domain/orders/status";

/*
 * The payment rules. An order becomes `paid` only after the server itself saw, at PayPal, a
 * COMPLETED capture of exactly the order's total in USD, for a PayPal order whose reference is
 * this shop order and that no other order used (CONTRACT.md).
 *
 * The loyalty points a discount uses are taken when the order is placed (checkout). Stock is
 * taken in one transaction (a conditional update on the order, then takeOrderStock) before PayPal
 * is asked to capture, and given back in one transaction when the capture fails or the buyer
 * abandons. SQLite runs one write transaction at
 * a time, so of many buyers paying for the last unit exactly one gets the reservation.
 *
 * payment_attempts remembers every PayPal order created for a shop order, so a capture that
 * PayPal completed but the shop failed to record is found and recorded on the next visit.
 */

export type PaymentErrorKind = "failed" | "stock" | "state" | "in-progress" | "pending" | "mismatch" | "unavailable" | "recording";

/** A capture PayPal holds for review (PENDING): not a failure; the webhook or reconciliation settles it. */
export const PAYMENT_PENDING = {
  title: "Payment pending",
  description: "PayPal is still reviewing this payment. Your items are held for you, and the order is confirmed as soon as PayPal completes it.",
} as const;

/** A payment could not go ahead; `kind` tells the pages which of the spec's messages to show. */
export class PaymentError extends DomainError {
  constructor(
    message: string,
    readonly kind: PaymentErrorKind,
    status: 400 | 404 | 409 = 409,
  ) {
    super(message, status);
    this.name = "PaymentError";
  }
}

export interface PaymentResult {
  id: number;
  confirmationToken: string;
  paypalOrderId: string;
  captureId: string | null;
}

export interface StartedPayment {
  paypalOrderId: string;
  /** Where the buyer approves: PayPal's approve / payer-action link (or the shop's return URL when already approved). */
  approveUrl: string;
  status: string;
  links: PaypalLink[];
}

export interface PaymentDeps {
  /** Defaults to the configured client (getPaypalClient()). */
  paypal?: PaypalClient | null;
}

/** Attempt statuses that a later visit may still have to look at. */
const OPEN_STATUSES = ["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED", "CAPTURING", "PENDING"];
/** A stock hold older than this with no completed capture is left over from a crash and may be released. */
export const STALE_HOLD_MS = 2 * 60 * 1000;
/** How long a capture waits for another request capturing the same PayPal order: 20 × 250 ms. */
const SAME_CAPTURE_WAIT_STEPS = 20;
const SAME_CAPTURE_WAIT_MS = 250;

export interface OrderRow {
  id: number;
  status: string;
  totalCents: number;
  userId: number | null;
  sessionKey: string | null;
  confirmationToken: string;
  paypalOrderId: string | null;
  paypalCaptureId: string | null;
  stockReserved: number;
  pointsUsed: number;
}

async function loadOrder(db: DB, orderId: number): Promise<OrderRow | null> {
  const row = await db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "total_cents as totalCents",
      "user_id as userId",
      "session_key as sessionKey",
      "confirmation_token as confirmationToken",
      "paypal_order_id as paypalOrderId",
      "paypal_capture_id as paypalCaptureId",
      "stock_reserved as stockReserved",
      "loyalty_points_used as pointsUsed",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

async function requireOrder(db: DB, orderId: number): Promise<OrderRow> {
  const order = await loadOrder(db, orderId);
  if (!order) throw new PaymentError(PAYMENT_TEXT.notFound, "state", 404);
  return order;
}

/** Throws the 409 that says why an order that is not `unpaid` cannot be paid. */
function assertUnpaid(order: OrderRow): void {
  if (order.status === "unpaid") return;
  if (isPaidLike(order.status) || order.status === "payment_reversed") throw new PaymentError("This order is already paid", "state");
  if (order.status === "cancelled" || order.status === "unpaidcancelled") throw new PaymentError("This order has been cancelled", "state");
  throw new PaymentError("This order cannot be paid", "state");
}

async function orderItems(db: DB, orderId: number) {
  return db
    .selectFrom("order_items")
    .select(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "quantity", "title", "made_to_order as madeToOrder"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

function resultOf(order: Pick<OrderRow, "id" | "confirmationToken">, paypalOrderId: string, captureId: string | null): PaymentResult {
  return { id: order.id, confirmationToken: order.confirmationToken, paypalOrderId, captureId };
}

function requirePaypal(deps: PaymentDeps): PaypalClient {
  const paypal = deps.paypal === undefined ? getPaypalClient() : deps.paypal;
  if (!paypal) throw new PaymentError(PAYMENT_TEXT.notConfigured, "unavailable");
  return paypal;
}

/** A PayPal error as the buyer should see it: unreachable PayPal, or a refusal. */
function fromPaypal(error: unknown): never {
  if (error instanceof PaypalError) {
    console.warn(error.message);
    if (error.isUnavailable) throw new PaymentError("PayPal could not be reached. Please try again in a moment.", "unavailable");
    throw new PaymentError(PAYMENT_TOASTS.failed.description, "failed");
  }
  throw error;
}

// ---- stock check ----------------------------------------------------------------------------

/**
 * The payment page's availability check: `{hasStockIssues, message}` where message is '' when
 * all is well. An order that already holds its stock (capture in progress) or is no longer
 * unpaid has nothing to check.
 */
export async function validateOrderStock(db: DB, orderId: number): Promise<StockCheck> {
  const order = await requireOrder(db, orderId);
  if (order.status !== "unpaid" || order.stockReserved === 1) return { hasStockIssues: false, message: "" };
  const items = await orderItems(db, orderId);
  const issues = items.filter((i) => i.productId === null).map((i) => `${i.title} is no longer available`);
  issues.push(
    ...(await findStockIssues(
      db,
      items.flatMap((i) =>
        i.productId === null
          ? []
          : [
              {
                productId: i.productId,
                colorId: i.colorId,
                variationCode: i.variationCode,
                quantity: i.quantity,
                title: i.title,
                // Its place was taken at placement; it needs no stock.
                madeToOrder: i.madeToOrder === 1,
              },
            ],
      ),
    )),
  );
  if (issues.length === 0) return { hasStockIssues: false, message: "" };
  return { hasStockIssues: true, message: issues.join("; ") || PAYMENT_TEXT.stockFallback };
}

// ---- payment attempts -----------------------------------------------------------------------

async function listAttempts(db: DB, orderId: number, statuses?: string[]) {
  let query = db
    .selectFrom("payment_attempts")
    .select(["paypal_order_id as paypalOrderId", "status", "amount_cents as amountCents", "updated_at as updatedAt"])
    .where("order_id", "=", orderId);
  if (statuses) query = query.where("status", "in", statuses);
  return query.orderBy("id", "desc").execute();
}

async function setAttemptStatus(db: DB, orderId: number, paypalOrderId: string, status: string): Promise<void> {
  await db
    .updateTable("payment_attempts")
    .set({ status, updated_at: new Date().toISOString() })
    .where("order_id", "=", orderId)
    .where("paypal_order_id", "=", paypalOrderId)
    .execute();
}

/** Remembers a PayPal order for the shop order (a PayPal order id belongs to one shop order only). */
async function rememberAttempt(db: DB, orderId: number, paypalOrderId: string, status: string, amountCents: number): Promise<void> {
  await db
    .insertInto("payment_attempts")
    .values({ order_id: orderId, paypal_order_id: paypalOrderId, status, amount_cents: amountCents })
    .onConflict((oc) => oc.column("paypal_order_id").doNothing())
    .execute();
}

/**
 * 400 unless the shop itself created this PayPal order for this order (startPayment records each
 * one): a PayPal order someone made elsewhere, even for the right reference and amount, never pays.
 */
async function assertCreatedByShop(db: DB, orderId: number, paypalOrderId: string): Promise<void> {
  const attempt = await db
    .selectFrom("payment_attempts")
    .select("id")
    .where("paypal_order_id", "=", paypalOrderId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!attempt) throw new PaymentError("This PayPal payment was not started by this shop", "mismatch", 400);
}

/** 409 when another shop order paid with, or started, this PayPal order. */
async function assertPaypalOrderFree(db: DB, orderId: number, paypalOrderId: string): Promise<void> {
  const paid = await db.selectFrom("orders").select("id").where("paypal_order_id", "=", paypalOrderId).where("id", "!=", orderId).executeTakeFirst();
  const attempt = await db.selectFrom("payment_attempts").select("order_id as orderId").where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();
  if (paid || (attempt && attempt.orderId !== orderId)) {
    throw new PaymentError("This PayPal payment belongs to another order", "mismatch");
  }
}

/** The shop order a PayPal order id was created for, if any. */
export async function findOrderIdByPaypalOrder(db: DB, paypalOrderId: string): Promise<number | null> {
  if (!isPaypalOrderId(paypalOrderId)) return null;
  const attempt = await db.selectFrom("payment_attempts").select("order_id as orderId").where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();
  if (attempt) return attempt.orderId;
  const paid = await db.selectFrom("orders").select("id").where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();
  return paid?.id ?? null;
}

/** True when this PayPal order id was created for (or paid) this shop order: PayPal's return URL carries it. */
export async function isPaypalOrderOf(db: DB, orderId: number, paypalOrderId: string): Promise<boolean> {
  return (await findOrderIdByPaypalOrder(db, paypalOrderId)) === orderId;
}

/** Checks that a PayPal order is for this shop order and for exactly its total in USD (before anything is captured). */
function assertMatchesOrder(pp: PaypalOrder, order: OrderRow): void {
  assertPaysShopForOrder(pp, order);
  assertTermsOfOrder(pp, order);
}

/** The PayPal order is for this shop order and pays the shop's merchant account. */
function assertPaysShopForOrder(pp: PaypalOrder, order: OrderRow): void {
  const units = pp.purchase_units ?? [];
  const unit = units[0];
  if (units.length !== 1 || !unit || unit.reference_id !== String(order.id)) {
    throw new PaymentError("This PayPal payment belongs to another order", "mismatch");
  }
  // Anyone can create a PayPal order with the shop's public client id and name their own
  // account as payee: only one that pays the shop's merchant account pays an order.
  const merchantId = getShopMerchantId();
  if (!merchantId || unit.payee?.merchant_id !== merchantId) {
    if (!merchantId) console.warn("PAYPAL_MERCHANT_ID is not set: no PayPal payment can be accepted");
    throw new PaymentError("This PayPal payment is not made out to this shop", "mismatch", 400);
  }
}

/** The PayPal order is for exactly the order's total in USD, to be captured. */
function assertTermsOfOrder(pp: PaypalOrder, order: OrderRow): void {
  const unit = pp.purchase_units![0]!;
  if (pp.intent !== undefined && pp.intent !== "CAPTURE") throw new PaymentError("This PayPal payment cannot be captured", "mismatch", 400);
  const amount = unit.amount;
  if (!amount || amount.currency_code !== "USD" || decimalToCents(amount.value) !== order.totalCents) {
    throw new PaymentError(`The PayPal payment amount does not match this order's total of ${centsToDecimal(order.totalCents)} USD`, "mismatch", 400);
  }
}

function approveLink(pp: PaypalOrder): string | null {
  return pp.links?.find((l) => l.rel === "approve" || l.rel === "payer-action")?.href ?? null;
}

// ---- start ----------------------------------------------------------------------------------

/**
 * Creates (or reuses) the PayPal order for an unpaid order, for exactly its total in USD, and
 * returns where the buyer approves it. Nothing here can mark the order paid or take stock.
 * Throws PaymentError: 404, 409 'already paid' / cancelled, 409 with the stock message, and
 * 'unavailable' when PayPal is not configured or cannot be reached.
 */
export async function startPayment(db: DB, orderId: number, opts: { appUrl: string } & PaymentDeps): Promise<StartedPayment> {
  const paypal = requirePaypal(opts);
  // A payment PayPal completed but the shop did not record is finished first, never paid twice.
  await recoverPayment(db, orderId, { paypal });
  const order = await requireOrder(db, orderId);
  assertUnpaid(order);
  const stock = await validateOrderStock(db, orderId);
  if (stock.hasStockIssues) throw new PaymentError(stock.message || PAYMENT_TEXT.stockFallback, "stock");

  const base = opts.appUrl.replace(/\/+$/, "");
  const returnUrl = `${base}/order/${orderId}/paypal-return`;
  const cancelUrl = `${base}/order/${orderId}/paypal-cancel`;

  // The buyer's earlier PayPal order for this amount is used again while PayPal still offers it.
  for (const attempt of await listAttempts(db, orderId, ["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED"])) {
    if (attempt.amountCents !== order.totalCents) continue;
    let pp: PaypalOrder;
    try {
      pp = await paypal.getOrder(attempt.paypalOrderId);
    } catch (error) {
      if (error instanceof PaypalError && error.status === 404) {
        await setAttemptStatus(db, orderId, attempt.paypalOrderId, "EXPIRED");
        continue;
      }
      fromPaypal(error);
    }
    let matches = true;
    try {
      assertMatchesOrder(pp, order);
    } catch {
      matches = false;
    }
    if (!matches || !["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED"].includes(pp.status)) {
      await setAttemptStatus(db, orderId, attempt.paypalOrderId, matches ? pp.status : "MISMATCH");
      continue;
    }
    await setAttemptStatus(db, orderId, pp.id, pp.status);
    const approveUrl = pp.status === "APPROVED" ? `${returnUrl}?token=${encodeURIComponent(pp.id)}` : approveLink(pp);
    if (!approveUrl) continue;
    return { paypalOrderId: pp.id, approveUrl, status: pp.status, links: pp.links ?? [] };
  }

  // The request id repeats for a retry of the same attempt, so PayPal answers it with the same
  // order instead of creating a second one; a new attempt (after a failed one) gets a new id.
  const attempts = await db
    .selectFrom("payment_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  let created: PaypalOrder;
  try {
    created = await paypal.createOrder({
      orderId,
      totalCents: order.totalCents,
      returnUrl,
      cancelUrl,
      requestId: `order-${orderId}-${order.totalCents}-${Number(attempts.n) + 1}`,
      // The name buyers see on PayPal's approval page: the store name saved in Settings.
      brandName: (await getStoreSettings(db)).name,
    });
  } catch (error) {
    fromPaypal(error);
  }
  const href = approveLink(created);
  if (!href) {
    console.warn(`PayPal order ${created.id} for order #${orderId} came back without an approval link (status ${created.status})`);
    throw new PaymentError(PAYMENT_TOASTS.failed.description, "failed");
  }
  await rememberAttempt(db, orderId, created.id, created.status, order.totalCents);
  return { paypalOrderId: created.id, approveUrl: href, status: created.status, links: created.links ?? [] };
}

// ---- reserve and release --------------------------------------------------------------------

type Reservation = { kind: "reserved" } | { kind: "recorded"; order: OrderRow };

/**
 * Takes the order's stock and the points its discount uses, in one transaction, and marks the
 * order as holding them (stock_reserved=1, the attempt CAPTURING). Only one caller can win the
 * conditional update. Throws 409 with the stock message when stock is short.
 */
async function reserveForCapture(db: DB, order: OrderRow, paypalOrderId: string, paypal: PaypalClient, retried = false): Promise<Reservation> {
  const won = await db.transaction().execute(async (trx) => {
    // A write first, so the transaction holds SQLite's write lock from its first statement.
    const updated = await trx
      .updateTable("orders")
      .set({ stock_reserved: 1, updated_at: new Date().toISOString() })
      .where("id", "=", order.id)
      .where("status", "=", "unpaid")
      .where("stock_reserved", "=", 0)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    try {
      await takeOrderStock(trx, order.id);
    } catch (error) {
      // Rolls the whole reservation back; the message says what is short ('... items available in stock').
      if (error instanceof DomainError) throw new PaymentError(error.message, "stock");
      throw error;
    }
    try {
      // Held since placement; only an order placed before that holds none yet.
      await takeOrderPoints(trx, order.id);
    } catch (error) {
      if (error instanceof DomainError) throw new PaymentError(POINTS_GONE_MESSAGE, "failed");
      throw error;
    }
    await rememberAttempt(trx, order.id, paypalOrderId, "CAPTURING", order.totalCents);
    await setAttemptStatus(trx, order.id, paypalOrderId, "CAPTURING");
    return true;
  });
  if (won) return { kind: "reserved" };

  const current = await requireOrder(db, order.id);
  if (current.paypalOrderId === paypalOrderId) return { kind: "recorded", order: current };
  assertUnpaid(current);
  // Someone holds the stock: a capture in progress, or one a crash left behind.
  const [holder] = await listAttempts(db, order.id, ["CAPTURING"]);
  if (holder && Date.now() - Date.parse(holder.updatedAt) < STALE_HOLD_MS) {
    // The same PayPal order is being captured by another request (PayPal's webhook for the
    // approval, or the buyer's second tab): its answer is this one's, so wait for it briefly.
    if (holder.paypalOrderId === paypalOrderId) {
      for (let i = 0; i < SAME_CAPTURE_WAIT_STEPS; i++) {
        await new Promise((resolve) => setTimeout(resolve, SAME_CAPTURE_WAIT_MS));
        const now = await requireOrder(db, order.id);
        if (now.paypalOrderId === paypalOrderId) return { kind: "recorded", order: now };
        if ((await listAttempts(db, order.id, ["CAPTURING"])).length === 0) break;
      }
    }
    throw new PaymentError("A payment for this order is already being processed. Please wait a moment and refresh the page.", "in-progress");
  }
  if (retried) throw new PaymentError("A payment for this order is already being processed. Please wait a moment and refresh the page.", "in-progress");
  const outcome = await settleHold(db, current, holder?.paypalOrderId ?? null, paypal);
  if (outcome === "recorded") {
    const paid = await requireOrder(db, order.id);
    if (paid.paypalOrderId === paypalOrderId) return { kind: "recorded", order: paid };
    assertUnpaid(paid);
  }
  return reserveForCapture(db, current, paypalOrderId, paypal, true);
}

/**
 * A stale hold: if PayPal completed its capture, record it; otherwise give the stock back.
 * Throws 'unavailable' when PayPal cannot be asked (the hold then stays).
 */
async function settleHold(db: DB, order: OrderRow, holderId: string | null, paypal: PaypalClient): Promise<"recorded" | "released"> {
  if (holderId) {
    let pp: PaypalOrder | null = null;
    try {
      pp = await paypal.getOrder(holderId);
    } catch (error) {
      if (!(error instanceof PaypalError) || error.status !== 404) fromPaypal(error);
    }
    if (pp?.status === "COMPLETED") {
      await recordCompleted(db, order, pp, { paypal });
      return "recorded";
    }
  }
  await releaseReservation(db, order.id, holderId, "FAILED");
  return "released";
}

/**
 * Gives back the stock a reservation took, in one transaction. The discount's points stay with
 * the unpaid order (they come back on expiry or cancellation). Only an unpaid order that holds
 * stock is changed; the attempt gets `attemptStatus`.
 */
async function releaseReservation(db: DB, orderId: number, paypalOrderId: string | null, attemptStatus: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("orders")
      .set({ stock_reserved: 0, updated_at: new Date().toISOString() })
      .where("id", "=", orderId)
      .where("status", "=", "unpaid")
      .where("stock_reserved", "=", 1)
      .executeTakeFirst();
    if (paypalOrderId) await setAttemptStatus(trx, orderId, paypalOrderId, attemptStatus);
    if (updated.numUpdatedRows === 0n) return false;
    await returnOrderStock(trx, orderId);
    // Other attempts that were waiting on this hold are no longer capturing.
    await trx
      .updateTable("payment_attempts")
      .set({ status: "FAILED", updated_at: new Date().toISOString() })
      .where("order_id", "=", orderId)
      .where("status", "=", "CAPTURING")
      .execute();
    return true;
  });
}

// ---- complete ---------------------------------------------------------------------------------

/**
 * Pays an order with an approved PayPal order: checks the PayPal order belongs to this order and
 * is for exactly its total in USD, reserves stock and points, captures (PayPal-Request-Id
 * `capture-{orderId}-{paypalOrderId}`), verifies the capture and records the payment.
 * Idempotent: an order already paid with this PayPal order answers the same result.
 * Throws PaymentError: 400/409 'mismatch', 409 'state' (paid with another, cancelled),
 * 409 'stock', 409 'failed' (refused or not completed: stock and points given back),
 * 'unavailable' (PayPal unreachable), 'recording' (PayPal took the money, the shop could not record it yet).
 */
export async function completePayment(db: DB, orderId: number, paypalOrderId: string, deps: PaymentDeps = {}): Promise<PaymentResult> {
  if (!isPaypalOrderId(paypalOrderId)) throw new PaymentError("A valid PayPal order id is required", "mismatch", 400);
  const order = await requireOrder(db, orderId);
  if (order.paypalOrderId === paypalOrderId) return resultOf(order, paypalOrderId, order.paypalCaptureId);
  assertUnpaid(order);
  await assertPaypalOrderFree(db, orderId, paypalOrderId);
  await assertCreatedByShop(db, orderId, paypalOrderId);
  const paypal = requirePaypal(deps);

  let pp: PaypalOrder;
  try {
    pp = await paypal.getOrder(paypalOrderId);
  } catch (error) {
    if (error instanceof PaypalError && error.status === 404) throw new PaymentError("PayPal does not know this payment", "mismatch", 400);
    fromPaypal(error);
  }
  // Captured already (in the buyer's browser): recordCompleted checks it, and gives back money
  // the shop must not keep.
  if (pp.status === "COMPLETED") {
    assertPaysShopForOrder(pp, order);
    await rememberAttempt(db, orderId, paypalOrderId, pp.status, order.totalCents);
    return recordCompleted(db, order, pp, { paypal });
  }
  // Never capture a PayPal order made for another order or another amount.
  assertMatchesOrder(pp, order);
  await rememberAttempt(db, orderId, paypalOrderId, pp.status, order.totalCents);

  if (pp.status === "CREATED" || pp.status === "PAYER_ACTION_REQUIRED") {
    throw new PaymentError("The PayPal payment has not been approved yet", "failed");
  }
  if (pp.status !== "APPROVED") {
    await setAttemptStatus(db, orderId, paypalOrderId, pp.status);
    throw new PaymentError(PAYMENT_TOASTS.failed.description, "failed");
  }

  const reservation = await reserveForCapture(db, order, paypalOrderId, paypal);
  if (reservation.kind === "recorded") return resultOf(reservation.order, paypalOrderId, reservation.order.paypalCaptureId);

  let captured: PaypalOrder;
  try {
    captured = await paypal.captureOrder(paypalOrderId, `capture-${orderId}-${paypalOrderId}`);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    console.warn(`Order #${orderId}: ${error.message}`);
    // What does PayPal's own record say now?
    let now: PaypalOrder | null = null;
    try {
      now = await paypal.getOrder(paypalOrderId);
    } catch {
      now = null;
    }
    if (now?.status === "COMPLETED") {
      captured = now;
    } else if (now === null) {
      // The outcome is unknown: the hold stays, and the next visit settles it with PayPal.
      throw new PaymentError("PayPal could not be reached. Please try again in a moment.", "unavailable");
    } else {
      await releaseReservation(db, orderId, paypalOrderId, "FAILED");
      throw new PaymentError(PAYMENT_TOASTS.failed.description, "failed");
    }
  }
  return recordCompleted(db, order, captured, { paypal });
}

/**
 * Records a PayPal order that PayPal says is COMPLETED: verifies the capture (COMPLETED, exactly
 * the total in USD, this order's reference), then in one transaction marks the order paid with
 * the PayPal ids, makes sure its stock is taken, awards the points and empties the buyer's cart.
 */
async function recordCompleted(db: DB, order: OrderRow, pp: PaypalOrder, deps: PaymentDeps = {}): Promise<PaymentResult> {
  assertPaysShopForOrder(pp, order);
  const captures = pp.purchase_units?.[0]?.payments?.captures ?? [];
  try {
    assertTermsOfOrder(pp, order);
  } catch (error) {
    // The shop's own PayPal order, changed after the shop made it (another amount, patched in the
    // buyer's browser) and captured: money the shop took and must give back.
    const taken = captures.find((c) => c.status === "COMPLETED");
    if (taken && error instanceof PaymentError) {
      console.warn(`Order #${order.id}: PayPal order ${pp.id} was changed after the shop made it and captured: not recorded, refunded`);
      await releaseReservation(db, order.id, pp.id, "MISMATCH");
      const unit = pp.purchase_units![0]!;
      await refundUnwantedCapture(
        db,
        order.id,
        taken,
        `The PayPal order was changed to ${unit.amount?.value ?? "?"} ${unit.amount?.currency_code ?? "?"} after the shop made it for ${centsToDecimal(order.totalCents)} USD.`,
        deps.paypal,
      );
    }
    throw error;
  }
  const capture = captures.find((c) => c.status === "COMPLETED") ?? captures[0];
  if (capture?.status === "PENDING") {
    // PayPal has the money on hold: the stock stays taken, nothing is marked failed.
    await setAttemptStatus(db, order.id, pp.id, "PENDING");
    throw new PaymentError(PAYMENT_PENDING.description, "pending");
  }
  if (!capture || capture.status !== "COMPLETED") {
    await releaseReservation(db, order.id, pp.id, capture?.status ?? "FAILED");
    throw new PaymentError(PAYMENT_TOASTS.failed.description, "failed");
  }
  if (capture.amount?.currency_code !== "USD" || decimalToCents(capture.amount.value ?? "") !== order.totalCents) {
    console.warn(
      `Order #${order.id}: PayPal capture ${capture.id} is ${capture.amount?.value} ${capture.amount?.currency_code}, not the order's ${centsToDecimal(order.totalCents)} USD: not recorded, refunded`,
    );
    await releaseReservation(db, order.id, pp.id, "MISMATCH");
    await refundUnwantedCapture(
      db,
      order.id,
      capture,
      `PayPal captured ${capture.amount?.value ?? "?"} ${capture.amount?.currency_code ?? "?"}, not the order's total of ${centsToDecimal(order.totalCents)} USD.`,
      deps.paypal,
    );
    throw new PaymentError(`The PayPal payment amount does not match this order's total of ${centsToDecimal(order.totalCents)} USD`, "mismatch", 400);
  }
  const usedCapture = await db.selectFrom("orders").select("id").where("paypal_capture_id", "=", capture.id).where("id", "!=", order.id).executeTakeFirst();
  if (usedCapture) throw new PaymentError("This PayPal payment belongs to another order", "mismatch");

  let outcome: PaymentResult | { unwanted: OrderRow } | { short: string[] };
  try {
    outcome = await db.transaction().execute(async (trx) => {
      // A write (that changes nothing) first, so the transaction holds SQLite's write lock before it reads.
      await trx
        .updateTable("orders")
        .set((eb) => ({ stock_reserved: eb.ref("stock_reserved") }))
        .where("id", "=", order.id)
        .execute();
      const current = await requireOrder(trx, order.id);
      if (current.paypalOrderId === pp.id) return resultOf(current, pp.id, current.paypalCaptureId);
      if (current.status !== "unpaid") return { unwanted: current };
      const short = await takeWhatIsLeft(trx, current);
      if (short.length > 0) {
        await cancelShortCapture(trx, current, pp.id, capture, short);
        return { short };
      }
      await markOrderPaid(trx, current, pp.id, capture);
      return resultOf(current, pp.id, capture.id);
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error(`Order #${order.id}: PayPal capture ${capture.id} completed but recording it failed`, error);
    throw new PaymentError(PAYMENT_TOASTS.processingError.description, "recording");
  }
  if ("short" in outcome) {
    await refundUnwantedCapture(db, order.id, capture, `What the payment was for could no longer be taken: ${outcome.short.join(", ")}.`, deps.paypal);
    throw new PaymentError(PAYMENT_TEXT.shortAtCapture, "stock");
  }
  if ("unwanted" in outcome) {
    // Cancelled meanwhile, or paid with another PayPal order: the shop must not keep this money.
    const current = outcome.unwanted;
    console.warn(`Order #${order.id} is '${current.status}' but PayPal captured ${capture.id} for it: refunding that capture`);
    await setAttemptStatus(db, order.id, pp.id, "REFUNDED");
    await refundUnwantedCapture(
      db,
      order.id,
      capture,
      current.paypalOrderId
        ? `The order was already paid with PayPal order ${current.paypalOrderId}.`
        : `The order was already ${current.status} when PayPal captured this payment.`,
      deps.paypal,
    );
    assertUnpaid(current);
    throw new PaymentError("This order cannot be paid", "state");
  }
  return outcome;
}

/**
 * The one place an order becomes paid, in the caller's transaction: status 'paid' with the
 * PayPal ids, the points awarded, the buyer's cart emptied, the attempt COMPLETED and a history
 * line. Its stock and points must already be held (takeWhatIsLeft). Throws 'state' when it is no
 * longer unpaid.
 */
export async function markOrderPaid(trx: DB, current: OrderRow, paypalOrderId: string, capture: { id: string; amount?: { value?: string } }): Promise<void> {
  const now = new Date();
  // The lifecycle's 'pay': the held stock becomes the order's, the points are awarded, and sewing
  // starts (the ship date counts from the payment).
  const paid = await transitionOrder(trx, current.id, "pay", {
    now,
    set: { paid_at: now.toISOString(), paypal_order_id: paypalOrderId, paypal_capture_id: capture.id },
    message: `Paid $${centsToDecimal(current.totalCents)} through PayPal (capture ${capture.id}).`,
    amountCents: current.totalCents,
  });
  if (!paid) throw new PaymentError("This order is already paid", "state");
  await enqueueOrderPaidMail(trx, current.id);
  if (current.userId !== null) await clearCart(trx, { userId: current.userId });
  else if (current.sessionKey) await clearCart(trx, { cartKey: current.sessionKey });
  await setAttemptStatus(trx, current.id, paypalOrderId, "COMPLETED");
}

/**
 * PayPal already took the money: takes whatever of the order's stock and points it does not hold
 * yet (none when a hold has them). Answers what could not be taken ('Title x1', the points); the
 * caller then cancels and refunds instead of marking the order paid.
 */
async function takeWhatIsLeft(trx: DB, order: OrderRow): Promise<string[]> {
  const short = await takeOrderStockAsAvailable(trx, order.id);
  try {
    await takeOrderPoints(trx, order.id);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    short.push(`the ${order.pointsUsed} loyalty points of its discount`);
  }
  return short;
}

/**
 * A capture landed but its stock or points could no longer be taken, in the caller's transaction:
 * the order is cancelled with whatever it did take given back, its history and the owner's alert
 * say why, and the buyer is told. The caller refunds the capture automatically.
 */
async function cancelShortCapture(trx: DB, order: OrderRow, paypalOrderId: string, capture: { id: string }, short: string[]): Promise<void> {
  const what = short.join(", ");
  const message = `PayPal captured $${centsToDecimal(order.totalCents)} (capture ${capture.id}), but this could no longer be taken: ${what}. The order is cancelled and the payment refunded automatically.`;
  // The lifecycle's 'failCapture': what the order did take (stock, the discount's points) goes back.
  await transitionOrder(trx, order.id, "failCapture", { message, amountCents: order.totalCents, pointsWhy: `order #${order.id} could not be fulfilled` });
  await setAttemptStatus(trx, order.id, paypalOrderId, "REFUNDED");
  await enqueueOwnerPaymentAlert(trx, order.id, `capture-short:${capture.id}`, {
    headline: "A payment came in for an order the shop could not fill",
    detail: message,
  });
  await enqueueOrderCancelledMail(trx, order.id, true);
}

// ---- abandon and recover --------------------------------------------------------------------

/**
 * The buyer came back through PayPal's cancel URL: the stock held for the order is given back
 * and the order stays unpaid, unless a capture may be under way. The shop asks itself and then
 * PayPal first: a capture in flight here (a fresh CAPTURING hold), one PayPal holds for review,
 * or a PayPal order that is APPROVED, COMPLETED or has a capture keeps the hold (a COMPLETED one
 * is recorded). Only PayPal's word that nothing was approved releases it; PayPal unreachable
 * keeps it for the next visit.
 */
export async function abandonPayment(db: DB, orderId: number, paypalOrderId?: string | null, deps: PaymentDeps = {}): Promise<void> {
  const order = await loadOrder(db, orderId);
  if (!order || order.status !== "unpaid" || order.stockReserved === 0) return;
  if ((await listAttempts(db, orderId, ["PENDING"])).length > 0) return;
  const holders = await listAttempts(db, orderId, ["CAPTURING"]);
  if (holders.some((h) => Date.now() - Date.parse(h.updatedAt) < STALE_HOLD_MS)) return;
  const paypal = deps.paypal === undefined ? getPaypalClient() : deps.paypal;
  if (!paypal) return;
  const ids = new Set(holders.map((h) => h.paypalOrderId));
  if (paypalOrderId && (await isPaypalOrderOf(db, orderId, paypalOrderId))) ids.add(paypalOrderId);
  for (const id of ids) {
    let pp: PaypalOrder;
    try {
      pp = await paypal.getOrder(id, { timeoutMs: 5000 });
    } catch (error) {
      if (error instanceof PaypalError && error.status === 404) continue;
      console.warn(
        `Order #${orderId}: PayPal could not be asked about ${id}, so its stock stays held: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    if (pp.status === "COMPLETED") {
      await recoverPayment(db, orderId, { paypal });
      return;
    }
    const captures = pp.purchase_units?.[0]?.payments?.captures ?? [];
    if (pp.status === "APPROVED" || captures.length > 0) return;
  }
  const [holder] = holders;
  await releaseReservation(db, orderId, holder?.paypalOrderId ?? null, "FAILED");
}

export type RecoveryOutcome = "none" | "recorded" | "recording-failed" | "pending";

/**
 * Finishes a payment that PayPal completed but the shop did not record (a crash, a failed write,
 * a lost connection): for an unpaid order, asks PayPal about its open attempts and records a
 * COMPLETED one. A stale stock hold without a completed capture is released. Never throws for
 * PayPal trouble: the page still shows, and the next visit tries again.
 */
export async function recoverPayment(db: DB, orderId: number, deps: PaymentDeps = {}): Promise<RecoveryOutcome> {
  const order = await loadOrder(db, orderId);
  if (!order || order.status !== "unpaid") return "none";
  const paypal = deps.paypal === undefined ? getPaypalClient() : deps.paypal;
  if (!paypal) return "none";
  const attempts = (await listAttempts(db, orderId, OPEN_STATUSES)).slice(0, 5);
  for (const attempt of attempts) {
    let pp: PaypalOrder;
    try {
      // The payment page waits for this: a slow PayPal must not hold it up for long.
      pp = await paypal.getOrder(attempt.paypalOrderId, { timeoutMs: 5000 });
    } catch (error) {
      if (error instanceof PaypalError && error.status === 404) {
        await setAttemptStatus(db, orderId, attempt.paypalOrderId, "EXPIRED");
        continue;
      }
      console.warn(`Order #${orderId}: could not check PayPal order ${attempt.paypalOrderId}: ${error instanceof Error ? error.message : String(error)}`);
      return "none";
    }
    if (pp.status === "COMPLETED") {
      try {
        await recordCompleted(db, order, pp, { paypal });
        return "recorded";
      } catch (error) {
        if (error instanceof PaymentError && error.kind === "recording") return "recording-failed";
        // PayPal holds the capture for review: it stays PENDING (the stock held) until PayPal decides.
        if (error instanceof PaymentError && error.kind === "pending") return "pending";
        if (!(error instanceof DomainError)) throw error;
        console.warn(`Order #${orderId}: PayPal order ${pp.id} is completed but was not recorded: ${error.message}`);
        await setAttemptStatus(db, orderId, pp.id, "MISMATCH");
        continue;
      }
    }
    if (attempt.status === "CAPTURING") {
      if (Date.now() - Date.parse(attempt.updatedAt) >= STALE_HOLD_MS) await releaseReservation(db, orderId, pp.id, "FAILED");
    } else if (pp.status !== attempt.status) {
      await setAttemptStatus(db, orderId, pp.id, pp.status);
    }
  }
  return "none";
}

/**
 * The amount, currency and intent a browser sends with POST /api/paypal/order are only checked:
 * the PayPal order is always for the order's own total in USD with intent CAPTURE. Throws 400
 * when the browser asked for anything else.
 */
export async function assertClientPaymentTerms(
  db: DB,
  orderId: number,
  input: { amount?: string | number; currency?: string; intent?: string },
): Promise<void> {
  const order = await requireOrder(db, orderId);
  if (input.currency !== undefined && input.currency.trim().toUpperCase() !== "USD") {
    throw new PaymentError("currency must be USD", "mismatch", 400);
  }
  if (input.intent !== undefined && input.intent.trim().toUpperCase() !== "CAPTURE") {
    throw new PaymentError("intent must be CAPTURE", "mismatch", 400);
  }
  if (input.amount !== undefined && decimalToCents(String(input.amount)) !== order.totalCents) {
    throw new PaymentError(`amount must be the order's total, ${centsToDecimal(order.totalCents)}`, "mismatch", 400);
  }
}

/**
 * POST /api/paypal/order as the spec's client sends it ({amount, currency, intent}, no orderId):
 * the viewer's (signed-in customer's, else the guest session's) newest unpaid order whose server
 * total equals `amount`. Throws 400 without a readable amount, 409 when no such order exists.
 */
export async function findUnpaidOrderForAmount(
  db: DB,
  viewer: { userId: number | null; sessionKey: string | null },
  amount: string | number | undefined,
): Promise<number> {
  if (amount === undefined) throw new PaymentError("amount is required (or the orderId of the order to pay)", "mismatch", 400);
  const cents = decimalToCents(String(amount));
  if (cents === null || cents <= 0) throw new PaymentError("amount must be a positive amount like 24.00", "mismatch", 400);
  if (viewer.userId === null && !viewer.sessionKey) throw new PaymentError("You have no unpaid order to pay", "state", 409);
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "unpaid")
    .where("total_cents", "=", cents)
    .where((eb) =>
      eb.or([
        ...(viewer.userId !== null ? [eb("user_id", "=", viewer.userId)] : []),
        ...(viewer.sessionKey ? [eb.and([eb("user_id", "is", null), eb("session_key", "=", viewer.sessionKey)])] : []),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) throw new PaymentError(`You have no unpaid order with a total of ${centsToDecimal(cents)} USD`, "state", 409);
  return row.id;
}

/**
 * Settles a PayPal order from PayPal's record, as the return URL would (webhooks and the
 * reconciliation job): records or captures it for an unpaid order; for an order that is no
 * longer unpaid (cancelled, or paid with another PayPal order), a COMPLETED capture of this
 * PayPal order is money the shop must not keep and is refunded automatically. Answers what
 * happened; throws PaymentError 'unavailable' when PayPal cannot be reached.
 */
export async function settlePaypalOrder(db: DB, orderId: number, paypalOrderId: string, deps: PaymentDeps = {}): Promise<string> {
  try {
    const result = await completePayment(db, orderId, paypalOrderId, deps);
    return `Order #${result.id} is paid (PayPal order ${paypalOrderId})`;
  } catch (error) {
    if (!(error instanceof PaymentError) || error.kind === "unavailable" || error.kind === "recording") throw error;
    if (error.kind !== "state") return `Order #${orderId}: ${error.message}`;
  }
  const order = await requireOrder(db, orderId);
  if (order.paypalOrderId === paypalOrderId) return `Order #${orderId} is already recorded as paid with it`;
  const paypal = requirePaypal(deps);
  let pp: PaypalOrder;
  try {
    pp = await paypal.getOrder(paypalOrderId);
  } catch (error) {
    fromPaypal(error);
  }
  const capture = pp.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === "COMPLETED");
  if (pp.status !== "COMPLETED" || !capture || capture.id === order.paypalCaptureId)
    return `Order #${orderId} is ${order.status}; PayPal order ${paypalOrderId} is ${pp.status}`;
  await setAttemptStatus(db, orderId, paypalOrderId, "REFUNDED");
  await refundUnwantedCapture(
    db,
    orderId,
    capture,
    order.paypalOrderId
      ? `The order was already paid with PayPal order ${order.paypalOrderId}.`
      : `The order was already ${order.status} when PayPal captured this payment.`,
    paypal,
  );
  return `Order #${orderId} is ${order.status}: PayPal capture ${capture.id} refunded automatically`;
}
