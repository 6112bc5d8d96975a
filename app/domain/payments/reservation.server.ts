import { DomainError } from "~/domain/common/errors";
import { POINTS_GONE_MESSAGE, takeOrderPoints, takeOrderStock } from "~/domain/orders/holds.server";
import { listAttempts, releaseReservation, rememberAttempt, setAttemptStatus, STALE_HOLD_MS } from "~/domain/payments/attempts.server";
import { recordCompleted } from "~/domain/payments/capture.server";
import { assertUnpaid, fromPaypal, type OrderRow, PaymentError, requireOrder } from "~/domain/payments/payment-order.server";
import { type PaypalClient, PaypalError, type PaypalOrder } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The stock (and points) an order holds while PayPal captures: one transaction takes them, and
 * only one caller wins it; a stale hold is settled with PayPal before another is taken.
 */

/** How long a capture waits for another request capturing the same PayPal order: 20 × 250 ms. */
const SAME_CAPTURE_WAIT_STEPS = 20;

const SAME_CAPTURE_WAIT_MS = 250;

type Reservation = { kind: "reserved" } | { kind: "recorded"; order: OrderRow };

/**
 * Takes the order's stock and the points its discount uses, in one transaction, and marks the
 * order as holding them (stock_reserved=1, the attempt CAPTURING). Only one caller can win the
 * conditional update. Throws 409 with the stock message when stock is short.
 */
export async function reserveForCapture(db: DB, order: OrderRow, paypalOrderId: string, paypal: PaypalClient, retried = false): Promise<Reservation> {
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
