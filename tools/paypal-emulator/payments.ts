// Payments v2: show a capture, refund it (with PayPal-Request-Id replay), show a refund.
import { requireBearer } from "./auth";
import { type Detail, detail, PaypalError } from "./errors";
import { type Ctx, idempotent, parseJson, sendJson } from "./http";
import { captureJson, refundJson } from "./represent";
import { type EmulatorContext, findCapture } from "./state";
import type { Money, Refund } from "./types";
import { isRecord, randomId, timestamp } from "./util";
import { checkMoney, checkString, fromCents, toCents } from "./validate";
import { emit } from "./webhooks";

export function showCapture(emu: EmulatorContext, ctx: Ctx, captureId: string) {
  requireBearer(emu, ctx);
  const { order, capture } = findCapture(emu, captureId);
  sendJson(ctx.res, 200, captureJson(capture, order.id, ctx.apiBase, true));
}

export function refundedCents(emu: EmulatorContext, captureId: string): number {
  let total = 0;
  for (const r of emu.state.refunds.values())
    if (r.captureId === captureId && (r.status === "COMPLETED" || r.status === "PENDING")) total += toCents(r.amount.value);
  return total;
}

export function refundCapture(emu: EmulatorContext, ctx: Ctx, captureId: string) {
  requireBearer(emu, ctx);
  idempotent(emu, ctx, `refund ${captureId}`, () => {
    const input = parseJson(ctx, { emptyAllowed: true });
    if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
    const details: Detail[] = [];
    if (input.amount !== undefined) checkMoney(input.amount, "/amount", details, { positive: true });
    const customId = checkString(input.custom_id, "/custom_id", 127, details);
    const invoiceId = checkString(input.invoice_id, "/invoice_id", 127, details);
    const note = checkString(input.note_to_payer, "/note_to_payer", 255, details);
    if (details.length > 0) throw new PaypalError(400, details);
    const { order, capture } = findCapture(emu, captureId);
    if (capture.status === "REFUNDED") throw new PaypalError(422, [detail("CAPTURE_FULLY_REFUNDED")]);
    if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") throw new PaypalError(422, [detail("REFUND_NOT_ALLOWED")]);
    const failure = emu.state.failRefundOf.get(captureId) ?? emu.state.failNextRefund;
    if (failure) {
      if (emu.state.failRefundOf.has(captureId)) emu.state.failRefundOf.delete(captureId);
      else emu.state.failNextRefund = null;
      throw new PaypalError(failure.status, [detail(failure.issue)]);
    }
    const captured = toCents(capture.amount.value);
    const left = captured - refundedCents(emu, captureId);
    const amount = input.amount as Money | undefined;
    if (amount && amount.currency_code !== capture.amount.currency_code) throw new PaypalError(422, [detail("REFUND_CAPTURE_CURRENCY_MISMATCH")]);
    const cents = amount ? toCents(amount.value) : left;
    if (cents > left) throw new PaypalError(422, [detail("REFUND_AMOUNT_EXCEEDED")]);
    const now = timestamp();
    const currency = capture.amount.currency_code;
    const fee = 0;
    const refund: Refund = {
      id: randomId(17),
      status: "COMPLETED",
      amount: { currency_code: currency, value: fromCents(cents) },
      ...(customId !== undefined ? { custom_id: customId } : {}),
      ...(invoiceId !== undefined ? { invoice_id: invoiceId } : {}),
      ...(note !== undefined ? { note_to_payer: note } : {}),
      seller_payable_breakdown: {
        gross_amount: { currency_code: currency, value: fromCents(cents) },
        paypal_fee: { currency_code: currency, value: fromCents(fee) },
        net_amount: { currency_code: currency, value: fromCents(cents - fee) },
        total_refunded_amount: { currency_code: currency, value: fromCents(captured - left + cents) },
      },
      create_time: now,
      update_time: now,
      captureId,
    };
    emu.state.refunds.set(refund.id, refund);
    capture.status = captured - left + cents >= captured ? "REFUNDED" : "PARTIALLY_REFUNDED";
    capture.update_time = now;
    order.update_time = now;
    emit(emu, "PAYMENT.CAPTURE.REFUNDED", refund.id, ctx.apiBase);
    return { status: 201, value: refundJson(refund, ctx.apiBase) };
  });
}

export function showRefund(emu: EmulatorContext, ctx: Ctx, refundId: string) {
  requireBearer(emu, ctx);
  const refund = emu.state.refunds.get(refundId);
  if (!refund) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "refund_id", refundId, "path")]);
  sendJson(ctx.res, 200, refundJson(refund, ctx.apiBase));
}
