import { clearCart } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { enqueueOrderCancelledMail, enqueueOrderPaidMail, enqueueOwnerPaymentAlert } from "~/domain/mail/order-mail.server";
import { takeOrderPoints, takeOrderStockAsAvailable } from "~/domain/orders/holds.server";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { releaseReservation, setAttemptStatus } from "~/domain/payments/attempts.server";
import { PAYMENT_TEXT, PAYMENT_TOAST_TEXT } from "~/domain/payments/page-data";
import {
  assertPaysShopForOrder,
  assertTermsOfOrder,
  assertUnpaid,
  type OrderRow,
  PAYMENT_PENDING,
  type PaymentDeps,
  PaymentError,
  type PaymentResult,
  requireOrder,
  resultOf,
} from "~/domain/payments/payment-order.server";
import { refundUnwantedCapture } from "~/domain/payments/refunds.server";
import { checkThresholdAlertsAfterPayment } from "~/domain/records/thresholds.server";
import { centsToDecimal, decimalToCents, formatMoney } from "~/lib/money";
import { type PaypalOrder } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * Recording a PayPal order that PayPal says is COMPLETED: the capture is checked, then the order
 * is marked paid in one transaction, or cancelled and refunded when it can no longer be filled.
 */

/**
 * Records a PayPal order that PayPal says is COMPLETED: verifies the capture (COMPLETED, exactly
 * the total in USD, this order's reference), then in one transaction marks the order paid with
 * the PayPal ids, makes sure its stock is taken, awards the points and empties the buyer's cart.
 */
export async function recordCompleted(db: DB, order: OrderRow, pp: PaypalOrder, deps: PaymentDeps = {}): Promise<PaymentResult> {
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
    throw new PaymentError(PAYMENT_TOAST_TEXT.failed.description, "failed");
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
    throw new PaymentError(PAYMENT_TOAST_TEXT.processingError.description, "recording");
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
  // After the commit: the year's sales may have reached a tax threshold (never fails the payment).
  await checkThresholdAlertsAfterPayment(db);
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
    message: `Paid ${formatMoney(current.totalCents)} through PayPal (capture ${capture.id}).`,
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
  const message = `PayPal captured ${formatMoney(order.totalCents)} (capture ${capture.id}), but this could no longer be taken: ${what}. The order is cancelled and the payment refunded automatically.`;
  // The lifecycle's 'failCapture': what the order did take (stock, the discount's points) goes back.
  await transitionOrder(trx, order.id, "failCapture", { message, amountCents: order.totalCents, pointsWhy: `order #${order.id} could not be fulfilled` });
  await setAttemptStatus(trx, order.id, paypalOrderId, "REFUNDED");
  await enqueueOwnerPaymentAlert(trx, order.id, `capture-short:${capture.id}`, {
    headline: "A payment came in for an order the shop could not fill",
    detail: message,
  });
  await enqueueOrderCancelledMail(trx, order.id, true);
}
