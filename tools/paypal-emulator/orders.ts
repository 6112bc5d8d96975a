// Orders v2: create, show, update (PATCH), approve and capture.
import { createHash } from "node:crypto";
import { requireBearer } from "./auth";
import { type Detail, detail, PaypalError } from "./errors";
import { type Ctx, idempotent, parseJson, sendJson, wantsMinimal } from "./http";
import { represent } from "./represent";
import { type EmulatorContext, findOrder } from "./state";
import { type Capture, EMULATOR_MERCHANT_ID, type EmulatorOrder, type Money, type PurchaseUnit } from "./types";
import { ACCOUNT_ALPHABET, isRecord, randomId, timestamp } from "./util";
import { checkBreakdown, checkMoney, checkString, checkUrl, fromCents, toCents } from "./validate";
import { emit } from "./webhooks";

const MERCHANT = { email_address: "merchant@example.com", merchant_id: EMULATOR_MERCHANT_ID };

/** A payee given at creation is honoured, as PayPal does (anyone may create an order that pays their own account). */
function payeeOf(unit: Record<string, unknown>): { email_address: string; merchant_id: string } {
  const given = unit.payee;
  if (!isRecord(given)) return { ...MERCHANT };
  const email = typeof given.email_address === "string" ? given.email_address.slice(0, 254) : "";
  const merchantId = typeof given.merchant_id === "string" ? given.merchant_id.slice(0, 13) : "";
  if (!email && !merchantId) return { ...MERCHANT };
  if (merchantId === MERCHANT.merchant_id || (!merchantId && email === MERCHANT.email_address)) return { ...MERCHANT };
  // Another seller: PayPal fills in the id from the e-mail (derived here, stable per address).
  // PayPal's merchant ids are 13 characters of [2-9A-HJ-NP-Z] (no 0, 1, I or O).
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const derived =
    merchantId ||
    `P${[...createHash("sha256").update(email).digest()]
      .slice(0, 12)
      .map((b) => alphabet[b % alphabet.length])
      .join("")}`;
  return { email_address: email || `${derived.toLowerCase()}@example.com`, merchant_id: derived };
}
export const BUYER = { email_address: "buyer@example.com", name: { given_name: "Test", surname: "Buyer" } };

export function buildOrder(emu: EmulatorContext, input: unknown): EmulatorOrder {
  if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/", undefined)]);
  const details: Detail[] = [];
  const { intent, purchase_units: units, application_context: appContext, payment_source: source } = input;
  if (intent === undefined || intent === null || intent === "") details.push(detail("MISSING_REQUIRED_PARAMETER", "/intent"));
  else if (intent !== "CAPTURE" && intent !== "AUTHORIZE") details.push(detail("INVALID_PARAMETER_VALUE", "/intent", intent));

  const purchaseUnits: PurchaseUnit[] = [];
  if (units === undefined || units === null) details.push(detail("MISSING_REQUIRED_PARAMETER", "/purchase_units"));
  else if (!Array.isArray(units)) details.push(detail("INVALID_PARAMETER_SYNTAX", "/purchase_units"));
  else if (units.length === 0) details.push(detail("INVALID_ARRAY_MIN_ITEMS", "/purchase_units"));
  else if (units.length > 10) details.push(detail("INVALID_ARRAY_MAX_ITEMS", "/purchase_units"));
  else {
    units.forEach((unit: unknown, i: number) => {
      const refId = isRecord(unit) && typeof unit.reference_id === "string" ? unit.reference_id : "default";
      const field = `/purchase_units/@reference_id=='${refId}'`;
      if (!isRecord(unit)) return details.push(detail("INVALID_PARAMETER_SYNTAX", `/purchase_units/${i}`));
      const start = details.length;
      const referenceId = checkString(unit.reference_id, `${field}/reference_id`, 256, details);
      const description = checkString(unit.description, `${field}/description`, 127, details);
      const customId = checkString(unit.custom_id, `${field}/custom_id`, 127, details);
      const invoiceId = checkString(unit.invoice_id, `${field}/invoice_id`, 127, details);
      const softDescriptor = checkString(unit.soft_descriptor, `${field}/soft_descriptor`, 22, details);
      const amountOk = checkMoney(unit.amount, `${field}/amount`, details, { positive: true });
      if (details.length > start || !amountOk) return;
      const amount = unit.amount as Money & { breakdown?: Record<string, Money> };
      const problems = checkBreakdown(unit, amount, field);
      if (problems.length > 0) throw new PaypalError(422, problems);
      const pu: PurchaseUnit = {
        reference_id: referenceId ?? "default",
        amount: { currency_code: amount.currency_code, value: amount.value, ...(amount.breakdown ? { breakdown: amount.breakdown } : {}) },
        payee: payeeOf(unit),
      };
      if (description !== undefined) pu.description = description;
      if (customId !== undefined) pu.custom_id = customId;
      if (invoiceId !== undefined) pu.invoice_id = invoiceId;
      if (softDescriptor !== undefined) pu.soft_descriptor = softDescriptor;
      if (Array.isArray(unit.items)) pu.items = unit.items;
      if (unit.shipping !== undefined) pu.shipping = unit.shipping;
      purchaseUnits.push(pu);
    });
  }

  let returnUrl: string | undefined;
  let cancelUrl: string | undefined;
  let brandName: string | undefined;
  let userAction: string | undefined;
  if (appContext !== undefined && appContext !== null) {
    if (!isRecord(appContext)) details.push(detail("INVALID_PARAMETER_SYNTAX", "/application_context"));
    else {
      returnUrl = checkUrl(appContext.return_url, "/application_context/return_url", details);
      cancelUrl = checkUrl(appContext.cancel_url, "/application_context/cancel_url", details);
      brandName = checkString(appContext.brand_name, "/application_context/brand_name", 127, details);
      userAction = checkString(appContext.user_action, "/application_context/user_action", 20, details);
    }
  }
  let usesPaymentSource = false;
  if (source !== undefined && source !== null) {
    if (!isRecord(source)) details.push(detail("INVALID_PARAMETER_SYNTAX", "/payment_source"));
    else if (source.paypal !== undefined) {
      usesPaymentSource = true;
      const paypal = source.paypal;
      const ctx = isRecord(paypal) ? paypal.experience_context : undefined;
      if (!isRecord(paypal)) details.push(detail("INVALID_PARAMETER_SYNTAX", "/payment_source/paypal"));
      else if (ctx !== undefined && !isRecord(ctx)) details.push(detail("INVALID_PARAMETER_SYNTAX", "/payment_source/paypal/experience_context"));
      else if (isRecord(ctx)) {
        returnUrl = checkUrl(ctx.return_url, "/payment_source/paypal/experience_context/return_url", details) ?? returnUrl;
        cancelUrl = checkUrl(ctx.cancel_url, "/payment_source/paypal/experience_context/cancel_url", details) ?? cancelUrl;
        brandName = checkString(ctx.brand_name, "/payment_source/paypal/experience_context/brand_name", 127, details) ?? brandName;
        userAction = checkString(ctx.user_action, "/payment_source/paypal/experience_context/user_action", 20, details) ?? userAction;
      }
    } else {
      const kinds = Object.keys(source);
      details.push(detail("INVALID_PARAMETER_VALUE", `/payment_source/${kinds[0] ?? ""}`));
    }
  }
  if (details.length > 0) throw new PaypalError(400, details);

  if (purchaseUnits.length > 1) {
    const ids = (units as Record<string, unknown>[]).map((u) => u.reference_id);
    if (ids.some((id) => id === undefined)) throw new PaypalError(422, [detail("REFERENCE_ID_REQUIRED", "/purchase_units")]);
    if (new Set(ids).size !== ids.length) throw new PaypalError(422, [detail("DUPLICATE_REFERENCE_ID", "/purchase_units")]);
  }

  let id = randomId(17);
  while (emu.state.orders.has(id)) id = randomId(17);
  const now = timestamp();
  return {
    id,
    intent: intent as "CAPTURE" | "AUTHORIZE",
    status: usesPaymentSource ? "PAYER_ACTION_REQUIRED" : "CREATED",
    purchase_units: purchaseUnits,
    usesPaymentSource,
    return_url: returnUrl,
    cancel_url: cancelUrl,
    brand_name: brandName,
    user_action: userAction,
    create_time: now,
    update_time: now,
  };
}

export function createOrder(emu: EmulatorContext, ctx: Ctx) {
  requireBearer(emu, ctx);
  idempotent(emu, ctx, "create-order", () => {
    const order = buildOrder(emu, parseJson(ctx));
    emu.state.orders.set(order.id, order);
    return { status: 201, value: represent(emu, order, ctx.apiBase, wantsMinimal(ctx)) };
  });
}

export function showOrder(emu: EmulatorContext, ctx: Ctx, id: string) {
  requireBearer(emu, ctx);
  sendJson(ctx.res, 200, represent(emu, findOrder(emu, id), ctx.apiBase));
}

export function approve(order: EmulatorOrder) {
  if (order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED") {
    order.status = "APPROVED";
    order.payer = { payer_id: randomId(13, ACCOUNT_ALPHABET), ...BUYER, name: { ...BUYER.name }, address: { country_code: "US" } };
    order.update_time = timestamp();
  }
}

/** Captures an approved order (the order's status becomes COMPLETED) and sends the capture's webhook. */
export function capture(emu: EmulatorContext, order: EmulatorOrder, apiBase: string) {
  let captureStatus: Capture["status"] = "COMPLETED";
  const chosen = emu.state.captureStatusOf.get(order.id);
  if (chosen) {
    captureStatus = chosen;
    emu.state.captureStatusOf.delete(order.id);
  } else if (emu.state.nextCaptureStatus) {
    captureStatus = emu.state.nextCaptureStatus;
    emu.state.nextCaptureStatus = null;
  }
  const now = timestamp();
  for (const unit of order.purchase_units) {
    const amount: Money = { currency_code: unit.amount.currency_code, value: unit.amount.value };
    const capture: Capture = {
      id: randomId(17),
      status: captureStatus,
      ...(captureStatus === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
      amount,
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
      create_time: now,
      update_time: now,
    };
    if (captureStatus === "COMPLETED") {
      const gross = toCents(amount.value);
      const fee = Math.min(gross, Math.round(gross * 0.0349) + 49);
      capture.seller_receivable_breakdown = {
        gross_amount: amount,
        paypal_fee: { currency_code: amount.currency_code, value: fromCents(fee) },
        net_amount: { currency_code: amount.currency_code, value: fromCents(gross - fee) },
      };
    }
    unit.payments = { captures: [capture] };
    emu.state.captures.set(capture.id, order.id);
  }
  order.status = "COMPLETED";
  order.update_time = now;
  for (const unit of order.purchase_units) {
    for (const c of unit.payments?.captures ?? []) {
      emit(
        emu,
        c.status === "COMPLETED" ? "PAYMENT.CAPTURE.COMPLETED" : c.status === "DECLINED" ? "PAYMENT.CAPTURE.DENIED" : "PAYMENT.CAPTURE.PENDING",
        c.id,
        apiBase,
      );
    }
  }
}

export function captureOrder(emu: EmulatorContext, ctx: Ctx, id: string) {
  requireBearer(emu, ctx);
  idempotent(emu, ctx, `capture ${id}`, () => {
    parseJson(ctx, { emptyAllowed: true });
    const order = findOrder(emu, id);
    if (order.intent !== "CAPTURE") throw new PaypalError(422, [detail("ACTION_DOES_NOT_MATCH_INTENT")]);
    if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
    if (order.status !== "APPROVED") throw new PaypalError(422, [detail("ORDER_NOT_APPROVED")]);
    const failure = emu.state.failCaptureOf.get(order.id) ?? emu.state.failNextCapture;
    if (failure) {
      if (emu.state.failCaptureOf.has(order.id)) emu.state.failCaptureOf.delete(order.id);
      else emu.state.failNextCapture = null;
      throw new PaypalError(failure.status, [detail(failure.issue)]);
    }
    capture(emu, order, ctx.apiBase);
    return { status: 201, value: represent(emu, order, ctx.apiBase) };
  });
}

const PATCHABLE_UNIT_FIELDS = new Set(["amount", "description", "custom_id", "invoice_id", "soft_descriptor", "shipping", "items"]);

export function patchOrder(emu: EmulatorContext, ctx: Ctx, id: string) {
  requireBearer(emu, ctx);
  const ops = parseJson(ctx);
  const order = findOrder(emu, id);
  if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_COMPLETED_OR_VOIDED")]);
  if (!Array.isArray(ops) || ops.length === 0) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
  // Work on a copy so a bad operation changes nothing.
  const units: PurchaseUnit[] = order.purchase_units.map((u) => ({ ...u }));
  let intent = order.intent;
  for (const [i, op] of ops.entries()) {
    if (!isRecord(op) || typeof op.path !== "string") throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", `/${i}/path`)]);
    if (op.op !== "add" && op.op !== "replace" && op.op !== "remove") throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", `/${i}/op`, op.op)]);
    if (op.op !== "remove" && op.value === undefined) throw new PaypalError(422, [detail("PATCH_VALUE_REQUIRED", `/${i}/value`)]);
    if (op.path === "/intent") {
      if (op.op !== "replace") throw new PaypalError(422, [detail("INVALID_PATCH_OPERATION", `/${i}/op`, op.op)]);
      if (op.value !== "CAPTURE" && op.value !== "AUTHORIZE") throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/intent", op.value)]);
      intent = op.value;
      continue;
    }
    const match = /^\/purchase_units\/@reference_id=='([^']*)'\/([a-z_]+)$/.exec(op.path);
    if (!match) throw new PaypalError(422, [detail("INVALID_JSON_POINTER_FORMAT", `/${i}/path`, op.path)]);
    const unit = units.find((u) => u.reference_id === match[1]);
    if (!unit) throw new PaypalError(422, [detail("INVALID_JSON_POINTER_FORMAT", `/${i}/path`, op.path)]);
    const key = match[2] as keyof PurchaseUnit;
    if (!PATCHABLE_UNIT_FIELDS.has(key) || (key === "amount" && op.op === "remove")) {
      throw new PaypalError(422, [detail("FIELD_NOT_PATCHABLE", `/${i}/path`, op.path)]);
    }
    const present = unit[key] !== undefined;
    if ((op.op === "add" && present) || (op.op !== "add" && !present)) throw new PaypalError(422, [detail("INVALID_PATCH_OPERATION", `/${i}/op`, op.op)]);
    const record = unit as unknown as Record<string, unknown>;
    if (op.op === "remove") delete record[key];
    else record[key] = op.value;
  }
  // Re-validate the patched units like a create would.
  const rebuilt = buildOrder(emu, {
    intent,
    purchase_units: units.map(({ payee: _payee, payments: _payments, ...rest }) => rest),
  });
  order.intent = intent;
  order.purchase_units = rebuilt.purchase_units;
  order.update_time = timestamp();
  sendJson(ctx.res, 204, null);
}
