import { localizePath } from "~/i18n/locales";
import { lapsedPlaces } from "~/domain/catalogue/made-to-order-holds.server";
import { findStockIssues } from "~/domain/catalogue/stock.server";
import { getStoreSettings } from "~/domain/common/settings.server";
import {
  assertCreatedByShop,
  assertPaypalOrderFree,
  listAttempts,
  releaseReservation,
  rememberAttempt,
  setAttemptStatus,
} from "~/domain/payments/attempts.server";
import { recordCompleted } from "~/domain/payments/capture.server";
import { PAYMENT_TEXT, PAYMENT_TOAST_TEXT, type StockCheck } from "~/domain/payments/page-data";
import {
  approveLink,
  assertMatchesOrder,
  assertPaysShopForOrder,
  assertUnpaid,
  fromPaypal,
  orderBreakdown,
  orderItems,
  type PaymentDeps,
  PaymentError,
  type PaymentResult,
  requireOrder,
  requirePaypal,
  resultOf,
  type StartedPayment,
} from "~/domain/payments/payment-order.server";
import { recoverPayment } from "~/domain/payments/recovery.server";
import { refundUnwantedCapture } from "~/domain/payments/refunds.server";
import { reserveForCapture } from "~/domain/payments/reservation.server";
import { isPaypalOrderId, PaypalError, type PaypalOrder } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

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
 *
 * This file holds the entry points (start, complete, settle, the stock check); their steps sit
 * beside it: payment-order (the order, PaymentError, the PayPal order checks), attempts,
 * reservation, capture (recording a completed capture), recovery and client-terms.
 */

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
  // Unless its hold ran out and other buyers took the places since.
  issues.push(...(await lapsedPlaces(db, orderId)).map((l) => l.message));
  if (issues.length === 0) return { hasStockIssues: false, message: "" };
  return { hasStockIssues: true, message: issues.join("; ") || PAYMENT_TEXT.stockFallback };
}

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
  // PayPal sends the buyer back to the pages of the language she ordered in.
  const returnUrl = `${base}${localizePath(`/order/${orderId}/paypal-return`, order.locale)}`;
  const cancelUrl = `${base}${localizePath(`/order/${orderId}/paypal-cancel`, order.locale)}`;

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
      // The items, shipping and both discounts as the buyer saw them (docs/contract.md: breakdown.discount).
      breakdown: (await orderBreakdown(db, orderId)) ?? undefined,
    });
  } catch (error) {
    fromPaypal(error);
  }
  const href = approveLink(created);
  if (!href) {
    console.warn(`PayPal order ${created.id} for order #${orderId} came back without an approval link (status ${created.status})`);
    throw new PaymentError(PAYMENT_TOAST_TEXT.failed.description, "failed");
  }
  await rememberAttempt(db, orderId, created.id, created.status, order.totalCents);
  return { paypalOrderId: created.id, approveUrl: href, status: created.status, links: created.links ?? [] };
}

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
    throw new PaymentError(PAYMENT_TOAST_TEXT.failed.description, "failed");
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
      // PayPal refused (4xx): the attempt failed. No answer or a 5xx: the capture may still land
      // at PayPal, so the attempt keeps PayPal's status, open for the next visit and the reconciliation.
      await releaseReservation(db, orderId, paypalOrderId, error.isUnavailable && now.status === "APPROVED" ? "APPROVED" : "FAILED");
      throw new PaymentError(PAYMENT_TOAST_TEXT.failed.description, "failed");
    }
  }
  return recordCompleted(db, order, captured, { paypal });
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
