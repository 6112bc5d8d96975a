// Orders, captures, refunds and disputes as PayPal's JSON, with their HATEOAS links.
import { type EmulatorContext, publicBase } from "./state";
import type { Capture, Dispute, EmulatorOrder, Link, Refund } from "./types";

function orderLinks(emu: EmulatorContext, order: EmulatorOrder, apiBase: string): Link[] {
  const self = `${apiBase}/v2/checkout/orders/${order.id}`;
  const approveHref = `${publicBase(emu)}/checkoutnow?token=${order.id}`;
  switch (order.status) {
    case "PAYER_ACTION_REQUIRED":
      return [
        { href: self, rel: "self", method: "GET" },
        { href: approveHref, rel: "payer-action", method: "GET" },
      ];
    case "CREATED":
      return [
        { href: self, rel: "self", method: "GET" },
        { href: approveHref, rel: "approve", method: "GET" },
        { href: self, rel: "update", method: "PATCH" },
        { href: `${self}/${order.intent === "CAPTURE" ? "capture" : "authorize"}`, rel: order.intent === "CAPTURE" ? "capture" : "authorize", method: "POST" },
      ];
    case "APPROVED":
      return [
        { href: self, rel: "self", method: "GET" },
        { href: self, rel: "update", method: "PATCH" },
        { href: `${self}/${order.intent === "CAPTURE" ? "capture" : "authorize"}`, rel: order.intent === "CAPTURE" ? "capture" : "authorize", method: "POST" },
      ];
    default:
      return [{ href: self, rel: "self", method: "GET" }];
  }
}

export function captureJson(capture: Capture, orderId: string, apiBase: string, withRelated = false) {
  const refundable = capture.status === "COMPLETED" || capture.status === "PARTIALLY_REFUNDED";
  return {
    ...capture,
    ...(withRelated ? { supplementary_data: { related_ids: { order_id: orderId } } } : {}),
    links: [
      { href: `${apiBase}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" },
      ...(refundable ? [{ href: `${apiBase}/v2/payments/captures/${capture.id}/refund`, rel: "refund", method: "POST" }] : []),
      { href: `${apiBase}/v2/checkout/orders/${orderId}`, rel: "up", method: "GET" },
    ],
  };
}

export function refundJson(refund: Refund, apiBase: string) {
  const { captureId, ...rest } = refund;
  return {
    ...rest,
    links: [
      { href: `${apiBase}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
      { href: `${apiBase}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
    ],
  };
}

export function disputeJson(dispute: Dispute, apiBase: string) {
  return { ...dispute, links: [{ href: `${apiBase}/v1/customer/disputes/${dispute.dispute_id}`, rel: "self", method: "GET" }] };
}

function paymentSource(order: EmulatorOrder) {
  if (!order.payer) return order.usesPaymentSource ? { paypal: {} } : undefined;
  return {
    paypal: {
      email_address: order.payer.email_address,
      account_id: order.payer.payer_id,
      account_status: "VERIFIED",
      name: order.payer.name,
      address: order.payer.address,
    },
  };
}

export function represent(emu: EmulatorContext, order: EmulatorOrder, apiBase: string, minimal = false) {
  const source = paymentSource(order);
  if (minimal) {
    return { id: order.id, status: order.status, ...(source ? { payment_source: source } : {}), links: orderLinks(emu, order, apiBase) };
  }
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(source ? { payment_source: source } : {}),
    purchase_units: order.purchase_units.map((unit) =>
      unit.payments ? { ...unit, payments: { captures: unit.payments.captures.map((c) => captureJson(c, order.id, apiBase)) } } : unit,
    ),
    ...(order.payer ? { payer: order.payer } : {}),
    create_time: order.create_time,
    ...(order.update_time !== order.create_time ? { update_time: order.update_time } : {}),
    links: orderLinks(emu, order, apiBase),
  };
}
