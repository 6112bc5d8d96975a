// Test controls PayPal does not have, under /__emulator/ (no authentication): see index.ts.
import { detail, PaypalError } from "./errors";
import { type Ctx, parseJson, sendJson } from "./http";
import { approve, capture } from "./orders";
import { disputeJson, refundJson, represent } from "./represent";
import { openDispute } from "./disputes";
import { refundedCents } from "./payments";
import { type EmulatorContext, findCapture, findOrder, resetState } from "./state";
import type { ServerResponse } from "node:http";
import type { Refund } from "./types";
import { decodeId, isRecord, randomId, timestamp } from "./util";
import { fromCents, toCents } from "./validate";
import { emit, signedWebhook, webhookEvent } from "./webhooks";

type Control = (emu: EmulatorContext, ctx: Ctx, id: string) => void;

/** The controls at a fixed path, each answering one method. */
const FIXED: Record<string, { method: string; run: Control }> = {
  reset: { method: "POST", run: reset },
  orders: { method: "GET", run: (emu, ctx) => sendJson(ctx.res, 200, { orders: [...emu.state.orders.values()].map((o) => represent(emu, o, ctx.apiBase)) }) },
  "fail-next-capture": { method: "POST", run: failNextCapture },
  "complete-capture-with": { method: "POST", run: completeCaptureWith },
  "fail-next-refund": { method: "POST", run: failNextRefund },
  "webhook-event": { method: "POST", run: webhookEventControl },
  webhooks: { method: "GET", run: (emu, ctx) => sendJson(ctx.res, 200, { webhookId: emu.config.webhookId, webhooks: emu.state.webhooks }) },
  "hold-capture": { method: "POST", run: (emu, ctx) => holdOrReleaseCapture(emu, ctx, "hold") },
  "release-capture": { method: "POST", run: (emu, ctx) => holdOrReleaseCapture(emu, ctx, "release") },
  "held-captures": { method: "GET", run: heldCaptures },
  "delay-next-capture": { method: "POST", run: (emu, ctx) => delayNext(emu, ctx, "capture") },
  "delay-next-refund": { method: "POST", run: (emu, ctx) => delayNext(emu, ctx, "refund") },
};

/** The controls on one order or capture, its id in the path. */
const BY_ID: ReadonlyArray<{ pattern: RegExp; method: string; run: Control }> = [
  { pattern: /^approve\/([^/]+)$/, method: "POST", run: approveOrder },
  { pattern: /^capture\/([^/]+)$/, method: "POST", run: captureNow },
  { pattern: /^reverse\/([^/]+)$/, method: "POST", run: reverse },
  { pattern: /^dispute\/([^/]+)$/, method: "POST", run: dispute },
];

export function controls(emu: EmulatorContext, ctx: Ctx, rest: string) {
  const fixed = Object.hasOwn(FIXED, rest) ? FIXED[rest] : undefined;
  if (fixed) {
    if (ctx.method !== fixed.method) throw new PaypalError(405, [], "METHOD_NOT_SUPPORTED");
    return fixed.run(emu, ctx, "");
  }
  for (const control of BY_ID) {
    const match = control.pattern.exec(rest);
    if (!match) continue;
    if (ctx.method !== control.method) throw new PaypalError(405, [], "METHOD_NOT_SUPPORTED");
    return control.run(emu, ctx, match[1]!);
  }
  throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "path", ctx.path, "path")]);
}

function reset(emu: EmulatorContext, ctx: Ctx) {
  resetState(emu.state);
  sendJson(ctx.res, 200, { ok: true });
}

/** An HTTP status (400 to 599) and an issue name, as the fail-next controls take them. */
function failure(input: Record<string, unknown>, defaultIssue: string): { status: number; issue: string } {
  const status = input.status ?? 422;
  const issue = input.issue ?? defaultIssue;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
    throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
  }
  if (typeof issue !== "string" || !/^[A-Z0-9_]{1,100}$/.test(issue)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/issue", String(issue))]);
  return { status, issue };
}

function failNextCapture(emu: EmulatorContext, ctx: Ctx) {
  const input = parseJson(ctx, { emptyAllowed: true });
  if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
  const { status, issue } = failure(input, "INSTRUMENT_DECLINED");
  const target = input.orderId;
  if (target !== undefined && (typeof target !== "string" || !emu.state.orders.has(target))) {
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
  }
  if (typeof target === "string") {
    emu.state.failCaptureOf.set(target, { status, issue });
    return sendJson(ctx.res, 200, { ok: true, orderId: target, failNextCapture: { status, issue } });
  }
  emu.state.failNextCapture = { status, issue };
  sendJson(ctx.res, 200, { ok: true, failNextCapture: emu.state.failNextCapture });
}

function completeCaptureWith(emu: EmulatorContext, ctx: Ctx) {
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
    return sendJson(ctx.res, 200, { ok: true, orderId: target, nextCaptureStatus: status });
  }
  emu.state.nextCaptureStatus = status === "COMPLETED" ? null : status;
  sendJson(ctx.res, 200, { ok: true, nextCaptureStatus: status });
}

function failNextRefund(emu: EmulatorContext, ctx: Ctx) {
  const input = parseJson(ctx, { emptyAllowed: true });
  if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
  const { status, issue } = failure(input, "REFUND_FAILED_INSUFFICIENT_FUNDS");
  const target = input.captureId;
  if (target !== undefined && (typeof target !== "string" || !emu.state.captures.has(target))) {
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/captureId", String(target))]);
  }
  if (typeof target === "string") emu.state.failRefundOf.set(target, { status, issue });
  else emu.state.failNextRefund = { status, issue };
  sendJson(ctx.res, 200, { ok: true, failNextRefund: { status, issue }, ...(typeof target === "string" ? { captureId: target } : {}) });
}

function webhookEventControl(emu: EmulatorContext, ctx: Ctx) {
  const input = parseJson(ctx);
  if (!isRecord(input) || typeof input.event_type !== "string" || typeof input.resource_id !== "string") {
    throw new PaypalError(400, [detail("MISSING_REQUIRED_PARAMETER", "/event_type")]);
  }
  const event = webhookEvent(emu, input.event_type, input.resource_id, ctx.apiBase);
  sendJson(ctx.res, 200, { event, ...signedWebhook(emu, event, ctx.apiBase) });
}

function holdOrReleaseCapture(emu: EmulatorContext, ctx: Ctx, action: "hold" | "release") {
  const input = parseJson(ctx);
  const target = isRecord(input) ? input.orderId : undefined;
  if (typeof target !== "string" || !emu.state.orders.has(target)) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
  if (action === "hold") {
    if (!emu.state.heldCaptures.has(target)) emu.state.heldCaptures.set(target, []);
    return sendJson(ctx.res, 200, { ok: true, orderId: target });
  }
  const waiting = emu.state.heldCaptures.get(target) ?? [];
  emu.state.heldCaptures.delete(target);
  for (const run of waiting) run();
  sendJson(ctx.res, 200, { ok: true, orderId: target, released: waiting.length });
}

/** The longest an answer may be held back: longer than any client waits, short enough not to pile up. */
const MAX_DELAY_MS = 120_000;

/**
 * The next capture (of `orderId`) or refund (of `captureId`) is done at once, but its answer waits
 * `ms`: the client times out although PayPal did the work, as when PayPal's answer is lost.
 */
function delayNext(emu: EmulatorContext, ctx: Ctx, operation: "capture" | "refund") {
  const input = parseJson(ctx);
  if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
  const ms = input.ms;
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 1 || ms > MAX_DELAY_MS)
    throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/ms", String(ms))]);
  const field = operation === "capture" ? "orderId" : "captureId";
  const target = input[field];
  const known = operation === "capture" ? emu.state.orders : emu.state.captures;
  if (target !== undefined && (typeof target !== "string" || !known.has(target))) {
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", `/${field}`, String(target))]);
  }
  emu.state.lateAnswers.set(`${operation} ${typeof target === "string" ? target : "*"}`, ms);
  sendJson(ctx.res, 200, { ok: true, operation, ms, ...(typeof target === "string" ? { [field]: target } : {}) });
}

const LATE_PATHS = { capture: /^\/v2\/checkout\/orders\/([^/]+)\/capture$/, refund: /^\/v2\/payments\/captures\/([^/]+)\/refund$/ } as const;

/** A capture or refund whose answer was asked to be late: its answer is held back (the control is used up). */
export function delayAnswerIfAsked(emu: EmulatorContext, ctx: Ctx): void {
  if (ctx.method !== "POST" || emu.state.lateAnswers.size === 0) return;
  for (const operation of ["capture", "refund"] as const) {
    const match = LATE_PATHS[operation].exec(ctx.path);
    if (!match) continue;
    const own = `${operation} ${decodeURIComponent(match[1]!)}`;
    const key = emu.state.lateAnswers.has(own) ? own : `${operation} *`;
    const ms = emu.state.lateAnswers.get(key);
    if (ms === undefined) return;
    emu.state.lateAnswers.delete(key);
    return answerLate(ctx.res, ms);
  }
}

function answerLate(res: ServerResponse, ms: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const timer = setTimeout(() => end(...args), ms);
    // The client gave up (its timeout): nothing is left to answer.
    res.once("close", () => clearTimeout(timer));
    return res;
  }) as ServerResponse["end"];
}

function heldCaptures(emu: EmulatorContext, ctx: Ctx) {
  sendJson(ctx.res, 200, { held: Object.fromEntries([...emu.state.heldCaptures].map(([id, waiting]) => [id, waiting.length])) });
}

function approveOrder(emu: EmulatorContext, ctx: Ctx, id: string) {
  const order = findOrder(emu, decodeId(id, "order_id"));
  if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
  approve(order);
  emit(emu, "CHECKOUT.ORDER.APPROVED", order.id, ctx.apiBase);
  sendJson(ctx.res, 200, represent(emu, order, ctx.apiBase));
}

function captureNow(emu: EmulatorContext, ctx: Ctx, id: string) {
  const order = findOrder(emu, decodeId(id, "order_id"));
  if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
  approve(order);
  capture(emu, order, ctx.apiBase);
  sendJson(ctx.res, 201, represent(emu, order, ctx.apiBase));
}

/** A chargeback: what is left of the capture goes back, and a dispute opens at the chargeback stage. */
function reverse(emu: EmulatorContext, ctx: Ctx, id: string) {
  const { order, capture } = findCapture(emu, decodeId(id, "capture_id"));
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
  sendJson(ctx.res, 200, { reversal: refundJson(reversal, ctx.apiBase), dispute: disputeJson(dispute, ctx.apiBase) });
}

function dispute(emu: EmulatorContext, ctx: Ctx, id: string) {
  const input = parseJson(ctx, { emptyAllowed: true });
  const reason = isRecord(input) && input.reason !== undefined ? input.reason : "MERCHANDISE_OR_SERVICE_NOT_RECEIVED";
  if (typeof reason !== "string" || !/^[A-Z_]{1,64}$/.test(reason)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/reason", String(reason))]);
  const opened = openDispute(emu, decodeId(id, "capture_id"), { reason, stage: "INQUIRY", channel: "INTERNAL" });
  emit(emu, "CUSTOMER.DISPUTE.CREATED", opened.dispute_id, ctx.apiBase);
  sendJson(ctx.res, 200, disputeJson(opened, ctx.apiBase));
}
