// Test controls PayPal does not have, under /__emulator/ (no authentication): see index.ts.
import { detail, PaypalError } from "./errors";
import { type Ctx, parseJson, sendJson } from "./http";
import { approve, capture } from "./orders";
import { disputeJson, refundJson, represent } from "./represent";
import { openDispute } from "./disputes";
import { refundedCents } from "./payments";
import { type EmulatorContext, findCapture, findOrder, resetState } from "./state";
import type { Refund } from "./types";
import { decodeId, isRecord, randomId, timestamp } from "./util";
import { fromCents, toCents } from "./validate";
import { emit, signedWebhook, webhookEvent } from "./webhooks";

export function controls(emu: EmulatorContext, ctx: Ctx, rest: string) {
  const { method, res } = ctx;
  if (rest === "reset" && method === "POST") {
    resetState(emu.state);
    return sendJson(res, 200, { ok: true });
  }
  if (rest === "orders" && method === "GET") {
    return sendJson(res, 200, { orders: [...emu.state.orders.values()].map((o) => represent(emu, o, ctx.apiBase)) });
  }
  if (rest === "fail-next-capture" && method === "POST") {
    const input = parseJson(ctx, { emptyAllowed: true });
    if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
    const status = input.status ?? 422;
    const issue = input.issue ?? "INSTRUMENT_DECLINED";
    if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
      throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
    }
    if (typeof issue !== "string" || !/^[A-Z0-9_]{1,100}$/.test(issue))
      throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/issue", String(issue))]);
    const target = input.orderId;
    if (target !== undefined && (typeof target !== "string" || !emu.state.orders.has(target))) {
      throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
    }
    if (typeof target === "string") {
      emu.state.failCaptureOf.set(target, { status, issue });
      return sendJson(res, 200, { ok: true, orderId: target, failNextCapture: { status, issue } });
    }
    emu.state.failNextCapture = { status, issue };
    return sendJson(res, 200, { ok: true, failNextCapture: emu.state.failNextCapture });
  }
  if (rest === "complete-capture-with" && method === "POST") {
    const input = parseJson(ctx);
    const status = isRecord(input) ? input.status : undefined;
    if (status !== "PENDING" && status !== "DECLINED" && status !== "COMPLETED") {
      throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
    }
    const target = isRecord(input) ? input.orderId : undefined;
    if (target !== undefined && (typeof target !== "string" || !emu.state.orders.has(target))) {
      throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
    }
    if (typeof target === "string") {
      if (status === "COMPLETED") emu.state.captureStatusOf.delete(target);
      else emu.state.captureStatusOf.set(target, status);
      return sendJson(res, 200, { ok: true, orderId: target, nextCaptureStatus: status });
    }
    emu.state.nextCaptureStatus = status === "COMPLETED" ? null : status;
    return sendJson(res, 200, { ok: true, nextCaptureStatus: status });
  }
  const approveMatch = /^approve\/([^/]+)$/.exec(rest);
  if (approveMatch && method === "POST") {
    const order = findOrder(emu, decodeId(approveMatch[1], "order_id"));
    if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
    approve(order);
    emit(emu, "CHECKOUT.ORDER.APPROVED", order.id, ctx.apiBase);
    return sendJson(res, 200, represent(emu, order, ctx.apiBase));
  }
  const captureMatch = /^capture\/([^/]+)$/.exec(rest);
  if (captureMatch && method === "POST") {
    const order = findOrder(emu, decodeId(captureMatch[1], "order_id"));
    if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
    approve(order);
    capture(emu, order, ctx.apiBase);
    return sendJson(res, 201, represent(emu, order, ctx.apiBase));
  }
  if (rest === "fail-next-refund" && method === "POST") {
    const input = parseJson(ctx, { emptyAllowed: true });
    if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
    const status = input.status ?? 422;
    const issue = input.issue ?? "REFUND_FAILED_INSUFFICIENT_FUNDS";
    if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
      throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
    }
    if (typeof issue !== "string" || !/^[A-Z0-9_]{1,100}$/.test(issue))
      throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/issue", String(issue))]);
    const target = input.captureId;
    if (target !== undefined && (typeof target !== "string" || !emu.state.captures.has(target))) {
      throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/captureId", String(target))]);
    }
    if (typeof target === "string") emu.state.failRefundOf.set(target, { status, issue });
    else emu.state.failNextRefund = { status, issue };
    return sendJson(res, 200, { ok: true, failNextRefund: { status, issue }, ...(typeof target === "string" ? { captureId: target } : {}) });
  }
  if (rest === "webhook-event" && method === "POST") {
    const input = parseJson(ctx);
    if (!isRecord(input) || typeof input.event_type !== "string" || typeof input.resource_id !== "string") {
      throw new PaypalError(400, [detail("MISSING_REQUIRED_PARAMETER", "/event_type")]);
    }
    const event = webhookEvent(emu, input.event_type, input.resource_id, ctx.apiBase);
    return sendJson(res, 200, { event, ...signedWebhook(emu, event, ctx.apiBase) });
  }
  if (rest === "webhooks" && method === "GET") {
    return sendJson(res, 200, { webhookId: emu.config.webhookId, webhooks: emu.state.webhooks });
  }
  if ((rest === "hold-capture" || rest === "release-capture") && method === "POST") {
    const input = parseJson(ctx);
    const target = isRecord(input) ? input.orderId : undefined;
    if (typeof target !== "string" || !emu.state.orders.has(target)) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
    if (rest === "hold-capture") {
      if (!emu.state.heldCaptures.has(target)) emu.state.heldCaptures.set(target, []);
      return sendJson(res, 200, { ok: true, orderId: target });
    }
    const waiting = emu.state.heldCaptures.get(target) ?? [];
    emu.state.heldCaptures.delete(target);
    for (const run of waiting) run();
    return sendJson(res, 200, { ok: true, orderId: target, released: waiting.length });
  }
  if (rest === "held-captures" && method === "GET") {
    return sendJson(res, 200, { held: Object.fromEntries([...emu.state.heldCaptures].map(([id, waiting]) => [id, waiting.length])) });
  }
  const reverseMatch = /^reverse\/([^/]+)$/.exec(rest);
  if (reverseMatch && method === "POST") {
    const { order, capture } = findCapture(emu, decodeId(reverseMatch[1], "capture_id"));
    if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") throw new PaypalError(422, [detail("REFUND_NOT_ALLOWED")]);
    const now = timestamp();
    const left = toCents(capture.amount.value) - refundedCents(emu, capture.id);
    const currency = capture.amount.currency_code;
    const reversal: Refund = {
      id: randomId(17),
      status: "COMPLETED",
      amount: { currency_code: currency, value: fromCents(left) },
      seller_payable_breakdown: {
        gross_amount: { currency_code: currency, value: fromCents(left) },
        paypal_fee: { currency_code: currency, value: "0.00" },
        net_amount: { currency_code: currency, value: fromCents(left) },
        total_refunded_amount: { currency_code: currency, value: capture.amount.value },
      },
      create_time: now,
      update_time: now,
      captureId: capture.id,
    };
    emu.state.reversals.set(reversal.id, reversal);
    capture.status = "REFUNDED";
    capture.update_time = now;
    order.update_time = now;
    // A chargeback is a dispute too: the reconciliation finds it in the disputes list.
    const dispute = openDispute(emu, capture.id, { reason: "UNAUTHORISED", stage: "CHARGEBACK", channel: "EXTERNAL" });
    emit(emu, "PAYMENT.CAPTURE.REVERSED", reversal.id, ctx.apiBase);
    return sendJson(res, 200, { reversal: refundJson(reversal, ctx.apiBase), dispute: disputeJson(dispute, ctx.apiBase) });
  }
  const disputeMatch = /^dispute\/([^/]+)$/.exec(rest);
  if (disputeMatch && method === "POST") {
    const input = parseJson(ctx, { emptyAllowed: true });
    const reason = isRecord(input) && input.reason !== undefined ? input.reason : "MERCHANDISE_OR_SERVICE_NOT_RECEIVED";
    if (typeof reason !== "string" || !/^[A-Z_]{1,64}$/.test(reason))
      throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/reason", String(reason))]);
    const dispute = openDispute(emu, decodeId(disputeMatch[1], "capture_id"), { reason, stage: "INQUIRY", channel: "INTERNAL" });
    emit(emu, "CUSTOMER.DISPUTE.CREATED", dispute.dispute_id, ctx.apiBase);
    return sendJson(res, 200, disputeJson(dispute, ctx.apiBase));
  }
  if (
    [
      "reset",
      "orders",
      "fail-next-capture",
      "complete-capture-with",
      "fail-next-refund",
      "webhook-event",
      "webhooks",
      "hold-capture",
      "release-capture",
      "held-captures",
    ].includes(rest) ||
    approveMatch ||
    captureMatch ||
    reverseMatch ||
    disputeMatch
  ) {
    throw new PaypalError(405, [], "METHOD_NOT_SUPPORTED");
  }
  throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "path", ctx.path, "path")]);
}
