import { addOrderEvent } from "~/domain/orders/transitions.server";
import { isPaypalDisputeId, isPaypalResourceId, type PaypalClient, type PaypalDispute, PaypalError, type PaypalRefund } from "~/lib/paypal-client.server";
import { findOrderIdByPaypalOrder } from "~/domain/payments/attempts.server";
import { PaymentError } from "~/domain/payments/payment-order.server";
import { settlePaypalOrder } from "~/domain/payments/payments.server";
import { recoverPayment } from "~/domain/payments/recovery.server";
import { recordExternalRefund, recordRefund, settlePendingRefund } from "~/domain/payments/refunds.server";
import { markPaymentReversed } from "~/domain/payments/reversals.server";
import { decimalToCents } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * PayPal's webhooks (POST /api/paypal/webhook): the backstop when the buyer's browser never came
 * back. An event is first verified with PayPal (POST /v1/notifications/verify-webhook-signature),
 * then never trusted by itself: the shop re-reads the order, capture or refund from PayPal and
 * applies the same rules as the return URL (completePayment / recoverPayment / recordRefund).
 * Each event id is handled once (paypal_webhook_events); a replay changes nothing.
 */

export const WEBHOOK_EVENT_TYPES = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "CUSTOMER.DISPUTE.CREATED",
  "CHECKOUT.ORDER.APPROVED",
] as const;

/** The delivery's headers, read by name (a fetch `Headers` fits). */
export interface HeaderLookup {
  get(name: string): string | null;
}

export interface WebhookAnswer {
  status: 200 | 400 | 503;
  message: string;
}

/** The PAYPAL-* headers (case-insensitive) PayPal signs with. */
function signatureHeaders(headers: HeaderLookup) {
  const get = (name: string) => headers.get(name)?.trim() ?? "";
  const out = {
    authAlgo: get("paypal-auth-algo"),
    certUrl: get("paypal-cert-url"),
    transmissionId: get("paypal-transmission-id"),
    transmissionSig: get("paypal-transmission-sig"),
    transmissionTime: get("paypal-transmission-time"),
  };
  const complete = Object.values(out).every((v) => v !== "" && v.length <= 500);
  return complete ? out : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Handles one webhook delivery. 400: not JSON, not signed, or the signature is not PayPal's
 * (nothing changes); 503: PayPal could not be asked (PayPal delivers again later); 200 otherwise,
 * including events of other types and replays (which change nothing).
 */
export async function handlePaypalWebhook(
  db: DB,
  input: { headers: HeaderLookup; body: string },
  deps: { paypal: PaypalClient; webhookId: string },
): Promise<WebhookAnswer> {
  let event: unknown;
  try {
    event = JSON.parse(input.body);
  } catch {
    return { status: 400, message: "The webhook body is not JSON" };
  }
  if (!isRecord(event) || typeof event.id !== "string" || event.id.length === 0 || event.id.length > 100 || typeof event.event_type !== "string") {
    return { status: 400, message: "The webhook event has no id or event_type" };
  }
  const sig = signatureHeaders(input.headers);
  if (!sig) return { status: 400, message: "The webhook is not signed" };
  let verified: "SUCCESS" | "FAILURE";
  try {
    verified = await deps.paypal.verifyWebhookSignature({ ...sig, webhookId: deps.webhookId, event });
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.isUnavailable) return { status: 503, message: "PayPal could not be reached to verify the webhook" };
    console.warn(`Webhook ${event.id}: ${error.message}`);
    return { status: 400, message: "The webhook signature could not be verified" };
  }
  if (verified !== "SUCCESS") return { status: 400, message: "The webhook signature could not be verified" };

  const eventId = event.id;
  const seen = await db.selectFrom("paypal_webhook_events").select("event_id").where("event_id", "=", eventId).executeTakeFirst();
  if (seen) return { status: 200, message: "Already handled" };

  const resource = isRecord(event.resource) ? event.resource : {};
  const resourceId = typeof resource.id === "string" ? resource.id : typeof resource.dispute_id === "string" ? resource.dispute_id : null;
  let outcome: string;
  try {
    outcome = await applyEvent(db, event.event_type, resourceId, deps.paypal, resource);
  } catch (error) {
    if (error instanceof PaypalError && error.isUnavailable) return { status: 503, message: "PayPal could not be reached; deliver again later" };
    throw error;
  }
  await db
    .insertInto("paypal_webhook_events")
    .values({ event_id: eventId, event_type: event.event_type.slice(0, 100), resource_id: resourceId?.slice(0, 100) ?? null, outcome: outcome.slice(0, 500) })
    .onConflict((oc) => oc.column("event_id").doNothing())
    .execute();
  return { status: 200, message: outcome };
}

/** Settles the shop order a PayPal order belongs to, from PayPal's own record (as the return URL would). */
async function settle(db: DB, paypalOrderId: string, paypal: PaypalClient): Promise<string> {
  const orderId = await findOrderIdByPaypalOrder(db, paypalOrderId);
  if (orderId === null) return `No order of this shop uses PayPal order ${paypalOrderId}`;
  try {
    return await settlePaypalOrder(db, orderId, paypalOrderId, { paypal });
  } catch (error) {
    if (error instanceof PaymentError && (error.kind === "unavailable" || error.kind === "recording")) throw new PaypalError(error.message, 0);
    throw error;
  }
}

async function applyEvent(db: DB, type: string, resourceId: string | null, paypal: PaypalClient, resource: Record<string, unknown>): Promise<string> {
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) return `Event type ${type} is not used by the shop`;
  if (type === "CUSTOMER.DISPUTE.CREATED") {
    if (!isPaypalDisputeId(resourceId)) return "The event names no valid PayPal dispute";
    const dispute = await readOrNull(() => paypal.getDispute(resourceId));
    if (!dispute) return `PayPal does not know dispute ${resourceId}`;
    return applyDispute(db, dispute);
  }
  if (!resourceId || !isPaypalResourceId(resourceId)) return "The event names no valid PayPal resource";

  if (type === "PAYMENT.CAPTURE.REVERSED") {
    // The resource is the reversal (a refund PayPal made): its 'up' link names the capture,
    // which is read back from PayPal, never taken from the event alone.
    const links = Array.isArray(resource.links) ? (resource.links as { rel?: unknown; href?: unknown }[]) : [];
    const up = links.find((l) => l.rel === "up" && typeof l.href === "string")?.href as string | undefined;
    const captureId = up ? /\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(up)?.[1] : undefined;
    if (!captureId) return `Reversal ${resourceId} names no capture`;
    const capture = await readOrNull(() => paypal.getCapture(captureId));
    if (!capture) return `PayPal does not know capture ${captureId}`;
    const amount =
      isRecord(resource.amount) && typeof resource.amount.value === "string"
        ? ` of ${resource.amount.value} ${String(resource.amount.currency_code ?? "")}`.trimEnd()
        : "";
    return markPaymentReversed(db, capture.id, {
      headline: "PayPal reversed a payment",
      detail: `PayPal reversed the payment${amount} (capture ${capture.id}, reversal ${resourceId}): the money went back to the buyer.`,
      key: resourceId,
    });
  }

  if (type === "CHECKOUT.ORDER.APPROVED") return settle(db, resourceId, paypal);

  if (type === "PAYMENT.CAPTURE.COMPLETED" || type === "PAYMENT.CAPTURE.DENIED") {
    const capture = await readOrNull(() => paypal.getCapture(resourceId));
    if (!capture) return `PayPal does not know capture ${resourceId}`;
    const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
    if (!paypalOrderId || !isPaypalResourceId(paypalOrderId)) return `Capture ${resourceId} names no PayPal order`;
    if (capture.status === "DECLINED" || capture.status === "FAILED" || type === "PAYMENT.CAPTURE.DENIED") {
      const orderId = await findOrderIdByPaypalOrder(db, paypalOrderId);
      if (orderId === null) return `No order of this shop uses PayPal order ${paypalOrderId}`;
      await recoverPayment(db, orderId, { paypal });
      await addOrderEvent(db, orderId, "webhook", `PayPal reports capture ${resourceId} as ${capture.status}.`);
      return `Order #${orderId}: capture ${capture.status}`;
    }
    return settle(db, paypalOrderId, paypal);
  }

  // PAYMENT.CAPTURE.REFUNDED: the resource is a refund.
  const refund = await readOrNull(() => paypal.getRefund(resourceId));
  if (!refund) return `PayPal does not know refund ${resourceId}`;
  const captureId = captureOfRefund(refund);
  if (!captureId) return `Refund ${resourceId} names no capture`;
  const known = await db.selectFrom("refunds").select(["id", "status"]).where("paypal_refund_id", "=", refund.id).executeTakeFirst();
  if (known?.status === "PENDING" && (await settlePendingRefund(db, known.id, refund))) return `Refund ${refund.id} is now ${refund.status}`;
  if (known) return `Refund ${refund.id} is already recorded`;
  const order = await db.selectFrom("orders").select("id").where("paypal_capture_id", "=", captureId).executeTakeFirst();
  const orderId = order?.id ?? (await db.selectFrom("refunds").select("order_id as id").where("capture_id", "=", captureId).executeTakeFirst())?.id;
  if (!orderId) return `No order of this shop uses capture ${captureId}`;
  // A refund the shop asked for but could not record yet (same capture and amount): record it now.
  const cents = refund.amount?.currency_code === "USD" ? decimalToCents(refund.amount.value) : null;
  const open = await db
    .selectFrom("refunds")
    .select("id")
    .where("order_id", "=", orderId)
    .where("capture_id", "=", captureId)
    .where("status", "=", "REQUESTED")
    .$if(cents !== null, (q) => q.where("amount_cents", "=", cents!))
    .orderBy("id")
    .executeTakeFirst();
  if (open) {
    await db.transaction().execute((trx) => recordRefund(trx, open.id, refund));
    return `Order #${orderId}: refund ${refund.id} recorded`;
  }
  await recordExternalRefund(db, orderId, captureId, refund);
  return `Order #${orderId}: refund ${refund.id} made at PayPal recorded`;
}

/** A dispute read from PayPal: every capture of this shop it names puts its order on hold. */
export async function applyDispute(db: DB, dispute: PaypalDispute): Promise<string> {
  if (dispute.status === "RESOLVED") return `Dispute ${dispute.dispute_id} is resolved`;
  const captures = (dispute.disputed_transactions ?? []).map((t) => t.seller_transaction_id).filter((id): id is string => isPaypalResourceId(id));
  if (captures.length === 0) return `Dispute ${dispute.dispute_id} names no capture`;
  const amount = dispute.dispute_amount ? ` for ${dispute.dispute_amount.value} ${dispute.dispute_amount.currency_code}` : "";
  const outcomes: string[] = [];
  for (const captureId of captures) {
    outcomes.push(
      await markPaymentReversed(db, captureId, {
        headline: "A buyer opened a PayPal dispute",
        detail: `The buyer opened PayPal dispute ${dispute.dispute_id}${amount} (${(dispute.reason ?? "no reason given").toLowerCase().replace(/_/g, " ")}, capture ${captureId}). Answer it at PayPal.`,
        key: dispute.dispute_id,
      }),
    );
  }
  return outcomes.join("; ");
}

function captureOfRefund(refund: PaypalRefund): string | null {
  const up = refund.links?.find((l) => l.rel === "up")?.href ?? "";
  const m = /\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(up);
  return m ? m[1]! : null;
}

async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PaypalError && error.status === 404) return null;
    throw error;
  }
}
