import { DomainError } from "~/domain/common/errors";
import { enqueueOwnerPaymentAlert } from "~/domain/mail/order-mail.server";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { addOrderEvent } from "~/domain/orders/transitions.server";
import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * PayPal took the money back (PAYMENT.CAPTURE.REVERSED, a chargeback) or the buyer opened a
 * dispute (CUSTOMER.DISPUTE.CREATED): the order becomes 'payment_reversed' and cannot be shipped
 * until the owner decides: 'Mark resolved' puts back the status it had, or she cancels it
 * (docs/decisions/payment-reversed-status.md). Nothing here moves money or stock.
 */

export const PAYMENT_REVERSED = "payment_reversed";

/** Statuses a reversal or dispute can hold: the order was paid. */

export const REVERSAL_TEXT = {
  notShippable: "The payment for this order was reversed or disputed at PayPal. Please resolve it (Mark resolved, or cancel the order) before shipping.",
  resolved: "The payment issue is marked resolved.",
  resolveFailed: "Failed to mark the payment resolved",
  notReversed: (label: string) => `Only an order whose payment was reversed or disputed can be marked resolved. This order is ${label}.`,
} as const;

export interface ReversalNotice {
  /** What happened, for the owner: 'PayPal reversed the payment', 'The buyer opened a dispute'. */
  headline: string;
  /** The history line. */
  detail: string;
  /** Names the occurrence (a reversal id, a dispute id): the same one twice changes nothing more. */
  key: string;
}

/**
 * Marks the order whose capture is `captureId` as 'payment_reversed', in one transaction with its
 * history line and the owner's alert. Answers what happened. An order already reversed, or one
 * not paid, keeps its status (the history still records a new occurrence).
 */
export async function markPaymentReversed(db: DB, captureId: string, notice: ReversalNotice): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select(["id", "status"]).where("paypal_capture_id", "=", captureId).executeTakeFirst();
    if (!order) return `No order of this shop uses capture ${captureId}`;
    const seen = await trx
      .selectFrom("order_events")
      .select("id")
      .where("order_id", "=", order.id)
      .where("type", "=", "payment-reversed")
      .where("message", "like", `%[${notice.key}]%`)
      .executeTakeFirst();
    if (seen) return `Order #${order.id}: ${notice.key} already recorded`;
    // Only a paid order goes on hold; the history line below is written either way.
    const held = (await transitionOrder(trx, order.id, "reversePayment", { from: [order.status] })) !== null;
    const status = held
      ? `The order is on hold as 'Payment reversed' (was ${orderStatusLabel(order.status)}) until you decide.`
      : `The order stays ${orderStatusLabel(order.status)}.`;
    const detail = `${notice.detail} ${status} [${notice.key}]`;
    await addOrderEvent(trx, order.id, "payment-reversed", detail);
    await enqueueOwnerPaymentAlert(trx, order.id, `reversal:${notice.key}`, { headline: notice.headline, detail });
    return `Order #${order.id}: ${notice.headline.toLowerCase()}`;
  });
}

/**
 * 'Mark resolved': the owner settled a reversal or dispute in the shop's favour, so the order
 * takes back the status it had. Throws DomainError 404, 409 (not reversed).
 */
export async function resolvePaymentReversal(db: DB, orderId: number, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
    if (!order) throw new DomainError("Order not found", 404);
    // Back to the status it had before (paid when that is not known).
    const resolved = await transitionOrder(trx, orderId, "resolveReversal", {
      message: ({ to }) => `Payment issue marked resolved: back to ${orderStatusLabel(to)}.`,
    });
    if (!resolved) throw new DomainError(REVERSAL_TEXT.notReversed(orderStatusLabel(order.status)), 409);
    const back = resolved.to;
    await logActivity(trx, {
      actor,
      kind: "order.resolve",
      subjectType: "order",
      subjectId: orderId,
      summary: `Order #${orderId}: payment issue marked resolved`,
      changes: { status: [PAYMENT_REVERSED, back] },
    });
  });
}
