// Webhooks: events in PayPal's shape, signed with the emulator's own key (HMAC-SHA256 over PayPal's
// `transmission_id|time|webhook_id|crc32(body)`) and POSTed to webhookUrl when one is set.
import { createHmac, randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import { detail, PaypalError } from "./errors";
import { captureJson, disputeJson, refundJson, represent } from "./represent";
import { type EmulatorContext, findCapture, findOrder } from "./state";
import type { SentWebhook } from "./types";
import { randomId } from "./util";

export const WEBHOOK_ALGO = "HMACSHA256";

/** The string PayPal signs for a webhook: transmission id, time, webhook id and the CRC32 of the body. */
export function webhookSigningString(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, "utf8")) >>> 0}`;
}

/** A webhook event for a resource, in PayPal's shape. */
export function webhookEvent(emu: EmulatorContext, eventType: string, resourceId: string, apiBase: string) {
  let resourceType: string;
  let resource: unknown;
  let summary: string;
  if (eventType === "CHECKOUT.ORDER.APPROVED") {
    resourceType = "checkout-order";
    resource = represent(emu, findOrder(emu, resourceId), apiBase);
    summary = "An order has been approved by buyer";
  } else if (eventType === "PAYMENT.CAPTURE.REFUNDED") {
    const refund = emu.state.refunds.get(resourceId);
    if (!refund) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "resource_id", resourceId)]);
    resourceType = "refund";
    resource = refundJson(refund, apiBase);
    summary = `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`;
  } else if (eventType === "PAYMENT.CAPTURE.REVERSED") {
    const reversal = emu.state.reversals.get(resourceId);
    if (!reversal) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "resource_id", resourceId)]);
    resourceType = "refund";
    resource = refundJson(reversal, apiBase);
    summary = `A ${reversal.amount.value} ${reversal.amount.currency_code} capture payment was reversed`;
  } else if (eventType === "CUSTOMER.DISPUTE.CREATED") {
    const dispute = emu.state.disputes.get(resourceId);
    if (!dispute) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "resource_id", resourceId)]);
    resourceType = "dispute";
    resource = disputeJson(dispute, apiBase);
    summary = `A new dispute opened with Case # ${dispute.dispute_id}`;
  } else if (eventType === "PAYMENT.CAPTURE.COMPLETED" || eventType === "PAYMENT.CAPTURE.DENIED" || eventType === "PAYMENT.CAPTURE.PENDING") {
    const { order, capture } = findCapture(emu, resourceId);
    resourceType = "capture";
    resource = captureJson(capture, order.id, apiBase, true);
    summary = `Payment ${eventType.split(".").pop()!.toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`;
  } else {
    throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "event_type", eventType)]);
  }
  const id = `WH-${randomId(17)}-${randomId(17)}`;
  return {
    id,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: "2.0",
    event_type: eventType,
    summary,
    resource,
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
    ],
  };
}

export function sign(emu: EmulatorContext, transmissionId: string, transmissionTime: string, body: string): string {
  return createHmac("sha256", emu.signingKey)
    .update(webhookSigningString(transmissionId, transmissionTime, emu.config.webhookId, body))
    .digest("hex");
}

/** The event's body and the headers PayPal sends it with. */
export function signedWebhook(emu: EmulatorContext, event: { id: string }, apiBase: string) {
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString();
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "PAYPAL-TRANSMISSION-ID": transmissionId,
      "PAYPAL-TRANSMISSION-TIME": transmissionTime,
      "PAYPAL-TRANSMISSION-SIG": sign(emu, transmissionId, transmissionTime, body),
      "PAYPAL-CERT-URL": `${apiBase}/v1/notifications/certs/CERT-EMULATOR`,
      "PAYPAL-AUTH-ALGO": WEBHOOK_ALGO,
    },
  };
}

/** Sends an event to webhookUrl (when set), without holding up the answer that caused it. */
export function emit(emu: EmulatorContext, eventType: string, resourceId: string, apiBase: string) {
  if (!emu.config.webhookUrl) return;
  if (emu.config.webhookEvents && !emu.config.webhookEvents.includes(eventType)) return;
  const event = webhookEvent(emu, eventType, resourceId, apiBase);
  const { body, headers } = signedWebhook(emu, event, apiBase);
  const log: SentWebhook = { id: event.id, event_type: eventType, resource_id: resourceId, status: null };
  emu.state.webhooks.push(log);
  if (emu.state.webhooks.length > 500) emu.state.webhooks.shift();
  const delivery = (async () => {
    // Like PayPal, a moment after the call that caused it.
    await new Promise((r) => setTimeout(r, 20));
    try {
      const res = await fetch(emu.config.webhookUrl!, { method: "POST", headers, body, signal: AbortSignal.timeout(15_000) });
      log.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      log.status = 0;
    }
  })();
  emu.inFlight.add(delivery);
  void delivery.finally(() => emu.inFlight.delete(delivery));
}
