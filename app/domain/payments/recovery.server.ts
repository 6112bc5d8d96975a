import { DomainError } from "~/domain/common/errors";
import { isPaypalOrderOf, listAttempts, OPEN_STATUSES, releaseReservation, setAttemptStatus, STALE_HOLD_MS } from "~/domain/payments/attempts.server";
import { recordCompleted } from "~/domain/payments/capture.server";
import { loadOrder, type PaymentDeps, PaymentError } from "~/domain/payments/payment-order.server";
import { getPaypalClient, PaypalError, type PaypalOrder } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The buyer left through PayPal's cancel URL, or a capture PayPal completed was never recorded:
 * both are settled by asking PayPal, never by guessing.
 */

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
