import { DomainError } from "~/domain/common/errors";
import { isPaypalDisputeId, type PaypalClient, type PaypalDispute, PaypalError } from "~/lib/paypal-client.server";
import { settlePaypalOrder } from "~/domain/payments/payments.server";
import { retryOpenRefunds } from "~/domain/payments/refunds.server";
import { applyDispute } from "~/domain/payments/webhooks.server";
import { type DB } from "~/lib/sqlite.server";

/** A PayPal order the shop has not heard about for this long is asked about. */
export const RECONCILE_AFTER_MS = 10 * 60 * 1000;
/** PayPal keeps an approved order capturable for 3 days; older attempts are not asked about any more. */
const RECONCILE_WINDOW_MS = 4 * 24 * 3600 * 1000;
const OPEN = ["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED", "CAPTURING", "PENDING"];

export interface ReconcileReport {
  checked: number;
  paid: number;
  refundsSettled: number;
  /** Disputes (chargebacks included) read from PayPal's list. */
  disputes: number;
}

/** Disputes updated in this window are read again: a missed CUSTOMER.DISPUTE.CREATED is caught up. */
const DISPUTE_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * The reconciliation job: every unpaid order whose PayPal order was last seen open more than
 * 10 minutes before `now` is settled from PayPal's record, with the return URL's rules (a
 * COMPLETED one is recorded, an APPROVED one is captured then recorded, a capture the shop must
 * not keep is refunded). Refunds left REQUESTED (PayPal unreachable, or the shop's write failed)
 * are sent again with the same PayPal-Request-Id. Never throws for PayPal trouble.
 */
export async function reconcilePayments(db: DB, paypal: PaypalClient, now: Date = new Date()): Promise<ReconcileReport> {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const oldest = new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString();
  const attempts = await db
    .selectFrom("payment_attempts as a")
    .innerJoin("orders as o", "o.id", "a.order_id")
    .select(["a.order_id as orderId", "a.paypal_order_id as paypalOrderId"])
    // Unpaid orders, and orders paid or cancelled otherwise whose other PayPal order may hold money to give back.
    .where((eb) => eb.or([eb("o.status", "=", "unpaid"), eb("o.paypal_order_id", "is", null), eb("o.paypal_order_id", "!=", eb.ref("a.paypal_order_id"))]))
    .where("a.status", "in", OPEN)
    .where("a.updated_at", "<", cutoff)
    .where("a.created_at", ">", oldest)
    .orderBy("a.id")
    .limit(100)
    .execute();
  const report: ReconcileReport = { checked: 0, paid: 0, refundsSettled: 0, disputes: 0 };
  for (const attempt of attempts) {
    report.checked++;
    try {
      const pp = await paypal.getOrder(attempt.paypalOrderId, { timeoutMs: 10_000 });
      if (pp.status === "COMPLETED" || pp.status === "APPROVED") {
        const outcome = await settlePaypalOrder(db, attempt.orderId, attempt.paypalOrderId, { paypal });
        if (outcome.endsWith(`is paid (PayPal order ${attempt.paypalOrderId})`)) report.paid++;
      } else {
        await db
          .updateTable("payment_attempts")
          .set({ status: pp.status, updated_at: now.toISOString() })
          .where("paypal_order_id", "=", attempt.paypalOrderId)
          .execute();
      }
    } catch (error) {
      if (error instanceof PaypalError && error.status === 404) {
        await db
          .updateTable("payment_attempts")
          .set({ status: "EXPIRED", updated_at: now.toISOString() })
          .where("paypal_order_id", "=", attempt.paypalOrderId)
          .execute();
        continue;
      }
      if (!(error instanceof PaypalError) && !(error instanceof DomainError)) throw error;
      console.warn(`Reconciliation of order #${attempt.orderId} (PayPal ${attempt.paypalOrderId}): ${error.message}`);
    }
  }
  report.refundsSettled = await retryOpenRefunds(db, paypal, now);
  report.disputes = await reconcileDisputes(db, paypal, now);
  return report;
}

/**
 * PayPal's disputes of the last week (a chargeback is one too), each read in full: an open one
 * about a capture of this shop puts its order on hold as 'payment_reversed', as the webhook
 * would (markPaymentReversed records each dispute once). Never throws for PayPal trouble.
 */
async function reconcileDisputes(db: DB, paypal: PaypalClient, now: Date): Promise<number> {
  let listed: PaypalDispute[];
  try {
    listed = await paypal.listDisputes(new Date(now.getTime() - DISPUTE_WINDOW_MS));
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    console.warn(`Reconciliation of disputes: ${error.message}`);
    return 0;
  }
  let read = 0;
  for (const item of listed.slice(0, 50)) {
    if (!isPaypalDisputeId(item.dispute_id) || item.status === "RESOLVED") continue;
    try {
      await applyDispute(db, await paypal.getDispute(item.dispute_id));
      read++;
    } catch (error) {
      if (!(error instanceof PaypalError)) throw error;
      console.warn(`Reconciliation of dispute ${item.dispute_id}: ${error.message}`);
    }
  }
  return read;
}
