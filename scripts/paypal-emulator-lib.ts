// A local stand-in for the subset of PayPal's REST API the shop uses (OAuth2 client credentials and
// Orders v2: create, show, update, capture), plus the buyer's approval page. It answers with PayPal's
// request and response shapes, so the shop's PayPal client is the same code for the emulator, the
// sandbox and live; only the base URL and the credentials differ. Why: docs/decisions/paypal-emulator.md.
//
// Payments v2 too: show a capture, refund it (POST /v2/payments/captures/{id}/refund, with
// PayPal-Request-Id replay) and show a refund; and webhooks: with `webhookUrl` (PAYPAL_WEBHOOK_URL)
// it POSTs CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED/DENIED/REFUNDED events there, signed
// with a key of its own (HMAC-SHA256 over PayPal's `transmission_id|time|webhook_id|crc32(body)`),
// and answers POST /v1/notifications/verify-webhook-signature by checking that signature.
//
// Test controls that PayPal does not have live under /__emulator/ and need no authentication:
// POST fail-next-capture {status?, issue?, orderId?}, POST complete-capture-with {status, orderId?}
// (with orderId they apply to that PayPal order only), POST fail-next-refund {status?, issue?,
// captureId?}, POST approve/{id}, POST capture/{id} (the buyer's side captured without the shop),
// POST webhook-event {event_type, resource_id} (answers a signed event {headers, body} without
// sending it), GET webhooks (what was sent and how the receiver answered), POST reset, GET orders,
// POST hold-capture {orderId} / POST release-capture {orderId} / GET held-captures (the capture of
// that order waits, unanswered, until released: a capture in flight), POST reverse/{captureId}
// (PayPal takes the money back: PAYMENT.CAPTURE.REVERSED, and a chargeback dispute) and
// POST dispute/{captureId} {reason?} (the buyer opens a dispute: CUSTOMER.DISPUTE.CREATED).
// Disputes v1 as PayPal answers them: GET /v1/customer/disputes and /v1/customer/disputes/{id}.
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export interface Capture {
  id: string;
  status: "COMPLETED" | "PENDING" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  status_details?: { reason: string };
  amount: Money;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories?: string[] };
  seller_receivable_breakdown?: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money & { breakdown?: Record<string, Money> };
  payee: { email_address: string; merchant_id: string };
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  items?: unknown[];
  shipping?: unknown;
  payments?: { captures: Capture[] };
}

export type OrderStatus = "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";

/** One order as the emulator keeps it; `represent()` turns it into PayPal's JSON. */
export interface EmulatorOrder {
  id: string;
  intent: "CAPTURE" | "AUTHORIZE";
  status: OrderStatus;
  purchase_units: PurchaseUnit[];
  /** True when the order was created with `payment_source.paypal` (PayPal's newer flow). */
  usesPaymentSource: boolean;
  payer?: Payer;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  user_action?: string;
  create_time: string;
  update_time: string;
}

export interface Refund {
  id: string;
  status: "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED";
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
  /** Not part of PayPal's answer: the capture it refunds. */
  captureId: string;
}

/** A customer dispute (Disputes v1), as PayPal shows it. */
export interface Dispute {
  dispute_id: string;
  create_time: string;
  update_time: string;
  disputed_transactions: { seller_transaction_id: string; buyer_transaction_id: string }[];
  reason: string;
  status: "OPEN" | "WAITING_FOR_BUYER_RESPONSE" | "WAITING_FOR_SELLER_RESPONSE" | "UNDER_REVIEW" | "RESOLVED" | "OTHER";
  dispute_amount: Money;
  dispute_life_cycle_stage: "INQUIRY" | "CHARGEBACK" | "PRE_ARBITRATION" | "ARBITRATION";
  dispute_channel: "INTERNAL" | "EXTERNAL";
}

export interface SentWebhook {
  id: string;
  event_type: string;
  resource_id: string;
  /** The receiver's HTTP status, 0 when it could not be reached, null while in flight. */
  status: number | null;
}

export interface StoredResponse {
  status: number;
  body: string;
}

export interface EmulatorState {
  orders: Map<string, EmulatorOrder>;
  /** capture id → order id */
  captures: Map<string, string>;
  /** access token → expiry (epoch milliseconds) */
  tokens: Map<string, number>;
  /** `PayPal-Request-Id` replay store: "<operation> <request id>" → the first answer */
  idempotency: Map<string, StoredResponse>;
  /** Set by POST /__emulator/fail-next-capture; consumed by the next capture. */
  failNextCapture: { status: number; issue: string } | null;
  /** Set by POST /__emulator/complete-capture-with; consumed by the next successful capture. */
  nextCaptureStatus: "PENDING" | "DECLINED" | null;
  /** The same two, for one PayPal order only (`orderId` in the control's body), so parallel tests do not meet each other's. */
  failCaptureOf: Map<string, { status: number; issue: string }>;
  captureStatusOf: Map<string, "PENDING" | "DECLINED">;
  refunds: Map<string, Refund>;
  /** Set by POST /__emulator/fail-next-refund; with captureId for that capture only. */
  failNextRefund: { status: number; issue: string } | null;
  failRefundOf: Map<string, { status: number; issue: string }>;
  webhooks: SentWebhook[];
  disputes: Map<string, Dispute>;
  /** Reversals (PAYMENT.CAPTURE.REVERSED's resource, refund-shaped): id → the reversal. */
  reversals: Map<string, Refund>;
  /** PayPal order id → the capture requests waiting for POST /__emulator/release-capture. */
  heldCaptures: Map<string, (() => void)[]>;
}

export interface PaypalEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  clientId: string;
  clientSecret: string;
  /** Origin the buyer's browser uses for the approval page; default: the emulator's own URL. */
  publicUrl?: string;
  /** Access token lifetime; default 32400 seconds like PayPal. */
  tokenLifetimeSeconds?: number;
  /** Where webhooks are POSTed (PAYPAL_WEBHOOK_URL); none are sent without it. */
  webhookUrl?: string;
  /** The id of that webhook, which verify-webhook-signature checks; default EMULATOR_WEBHOOK_ID. */
  webhookId?: string;
  /** The event types the webhook subscribes to (as in PayPal's dashboard); default all the emulator sends. */
  webhookEvents?: string[];
}

/** The emulator's own merchant (payee) id, in PayPal's 13-character form. */
export const EMULATOR_MERCHANT_ID = "EMULATR2MRCHT";
/** The id of the emulator's webhook when none is given (PAYPAL_WEBHOOK_ID in emulator mode). */
export const EMULATOR_WEBHOOK_ID = "8EMULATR2WEBHK4SHP0PAYPAL";
const WEBHOOK_ALGO = "HMACSHA256";

export interface PaypalEmulator {
  /** Base URL of the API (what PAYPAL_API_BASE should be). */
  url: string;
  close(): Promise<void>;
  state: EmulatorState;
  /** Same as POST /__emulator/reset. */
  reset(): void;
  /** Waits until every webhook sent so far has its answer (tests). */
  settled(): Promise<void>;
}

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
  const derived = merchantId || `P${[...createHash("sha256").update(email).digest()].slice(0, 12).map((b) => alphabet[b % alphabet.length]).join("")}`;
  return { email_address: email || `${derived.toLowerCase()}@example.com`, merchant_id: derived };
}
const BUYER = { email_address: "buyer@example.com", name: { given_name: "Test", surname: "Buyer" } };
const APP_ID = "APP-80W284485P519543T";
const SCOPE =
  "https://uri.paypal.com/services/invoicing https://uri.paypal.com/services/payments/payment/authcapture openid https://uri.paypal.com/services/disputes/read-seller https://uri.paypal.com/services/payments/refund https://api-m.paypal.com/v1/payments/.* https://uri.paypal.com/services/payments/realtimepayment";
const MAX_BODY = 1024 * 1024;
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** PayPal's payer and merchant ids: 13 characters without 0, 1, I and O. */
const ACCOUNT_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: "Request is not well-formed, syntactically incorrect, or violates schema.",
  AUTHENTICATION_FAILURE: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  NOT_AUTHORIZED: "Authorization failed due to insufficient permissions.",
  RESOURCE_NOT_FOUND: "The specified resource does not exist.",
  METHOD_NOT_SUPPORTED: "The server does not implement the requested HTTP method.",
  UNSUPPORTED_MEDIA_TYPE: "The server does not support the request payload's media type.",
  UNPROCESSABLE_ENTITY: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  RATE_LIMIT_REACHED: "Too many requests. Blocked due to rate limiting.",
  INTERNAL_SERVER_ERROR: "An internal server error has occurred.",
  SERVICE_UNAVAILABLE: "Service Unavailable.",
};

const NAME_BY_STATUS: Record<number, string> = {
  400: "INVALID_REQUEST",
  401: "AUTHENTICATION_FAILURE",
  403: "NOT_AUTHORIZED",
  404: "RESOURCE_NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_ENTITY",
  429: "RATE_LIMIT_REACHED",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

const ISSUE_DESCRIPTIONS: Record<string, string> = {
  MALFORMED_REQUEST_JSON: "The request JSON is not well formed.",
  MISSING_REQUIRED_PARAMETER: "A required field / parameter is missing.",
  INVALID_PARAMETER_VALUE: "The value of a field is invalid.",
  INVALID_PARAMETER_SYNTAX: "The value of a field does not conform to the expected format.",
  INVALID_STRING_LENGTH: "The value of a field is either too short or too long.",
  INVALID_ARRAY_MAX_ITEMS: "The number of items in an array parameter is too large.",
  INVALID_ARRAY_MIN_ITEMS: "The number of items in an array parameter is too small.",
  INVALID_RESOURCE_ID: "Specified resource ID does not exist. Please check the resource ID and try again.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_COMPLETED_OR_VOIDED: "Order is voided or completed and hence cannot be processed.",
  ACTION_DOES_NOT_MATCH_INTENT: "Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately, create an order with an intent of 'CAPTURE'.",
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  PAYER_ACTION_REQUIRED: "Transaction cannot complete successfully, instruct the buyer to return to PayPal.",
  TRANSACTION_REFUSED: "The request was refused.",
  REFERENCE_ID_REQUIRED: "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: "`reference_id` must be unique if multiple purchase_unit are provided.",
  ITEM_TOTAL_REQUIRED: "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
  ITEM_TOTAL_MISMATCH: "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.",
  AMOUNT_MISMATCH: "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
  CURRENCY_MISMATCH: "Currency code should be the same for all amounts in a purchase_unit.",
  INVALID_JSON_POINTER_FORMAT: "Path should be a valid JSON Pointer https://tools.ietf.org/html/rfc6901 that references a location within the request where the field is to be patched.",
  INVALID_PATCH_OPERATION: "The operation cannot be honored. Cannot add a property that's already present, use replace. Cannot remove a property thats not present, use add. Cannot replace a property thats not present, use add.",
  PATCH_VALUE_REQUIRED: "Please specify a 'value' to for the field that is being patched.",
  FIELD_NOT_PATCHABLE: "Field cannot be patched.",
  CAPTURE_FULLY_REFUNDED: "The capture has already been fully refunded",
  REFUND_CAPTURE_CURRENCY_MISMATCH: "Refund must be in the same currency as the capture",
  REFUND_NOT_ALLOWED: "Capture cannot be refunded.",
  REFUND_TIME_LIMIT_EXCEEDED: "You are over the time limit to perform a refund on this capture",
  REFUND_AMOUNT_EXCEEDED: "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
  REFUND_FAILED_INSUFFICIENT_FUNDS: "Capture could not be refunded due to insufficient funds. Please check to see if you have sufficient funds in your PayPal account or if the bank account linked to your PayPal account is verified and has sufficient funds.",
};

interface Detail {
  issue: string;
  description?: string;
  field?: string;
  value?: string;
  location?: string;
}

/** An error answer in PayPal's shape, thrown by handlers and written by the dispatcher. */
class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly details: Detail[] = [],
    readonly errorName: string = NAME_BY_STATUS[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "INVALID_REQUEST"),
  ) {
    super(MESSAGES[errorName] ?? errorName);
  }
}

function detail(issue: string, field?: string, value?: unknown, location = "body"): Detail {
  const d: Detail = { issue, description: ISSUE_DESCRIPTIONS[issue] ?? issue.toLowerCase().replace(/_/g, " ") };
  if (field !== undefined) {
    d.field = field;
    if (value !== undefined && value !== null && typeof value !== "object") d.value = String(value);
    d.location = location;
  }
  return d;
}

function randomId(length: number, alphabet = ALNUM): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The string PayPal signs for a webhook: transmission id, time, webhook id and the CRC32 of the body. */
export function webhookSigningString(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, "utf8")) >>> 0}`;
}

const debugId = () => randomBytes(7).toString("hex").slice(0, 13);
const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

function sameSecret(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** decodeURIComponent that turns a malformed escape into a 404 instead of a crash. */
function decodeId(raw: string, field: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", field, raw, "path")]);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Appends query parameters to a URL without re-encoding what is already there. */
export function appendQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf("#");
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${query}${hash}`;
}

// ---- money -------------------------------------------------------------------------------------

const AMOUNT = /^\d+(\.\d{2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

function toCents(value: string): number {
  const [whole, fraction = "00"] = value.split(".");
  return Number(whole) * 100 + Number(fraction);
}

function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Checks a Money object; pushes problems to `details`. Returns true when it is well formed. */
function checkMoney(value: unknown, field: string, details: Detail[], { positive = false } = {}): value is Money {
  if (!isRecord(value)) {
    details.push(detail("MISSING_REQUIRED_PARAMETER", field));
    return false;
  }
  let ok = true;
  const { currency_code, value: amount } = value;
  if (currency_code === undefined || currency_code === null || currency_code === "") {
    details.push(detail("MISSING_REQUIRED_PARAMETER", `${field}/currency_code`));
    ok = false;
  } else if (typeof currency_code !== "string" || !CURRENCY.test(currency_code)) {
    details.push(detail("INVALID_PARAMETER_VALUE", `${field}/currency_code`, currency_code));
    ok = false;
  }
  if (amount === undefined || amount === null || amount === "") {
    details.push(detail("MISSING_REQUIRED_PARAMETER", `${field}/value`));
    ok = false;
  } else if (typeof amount !== "string" || !AMOUNT.test(amount) || amount.length > 32) {
    details.push(detail("INVALID_PARAMETER_SYNTAX", `${field}/value`, amount));
    ok = false;
  } else if (positive && toCents(amount) <= 0) {
    details.push(detail("INVALID_PARAMETER_VALUE", `${field}/value`, amount));
    ok = false;
  }
  return ok;
}

function checkUrl(value: unknown, field: string, details: Detail[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > 4000) {
    details.push(detail("INVALID_PARAMETER_SYNTAX", field, typeof value === "string" ? undefined : value));
    return undefined;
  }
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
  } catch {
    details.push(detail("INVALID_PARAMETER_SYNTAX", field, value));
    return undefined;
  }
  return value;
}

function checkString(value: unknown, field: string, max: number, details: Detail[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    details.push(detail("INVALID_PARAMETER_SYNTAX", field));
    return undefined;
  }
  if (value.length < 1 || value.length > max) {
    details.push(detail("INVALID_STRING_LENGTH", field, value));
    return undefined;
  }
  return value;
}

const BREAKDOWN_PLUS = ["item_total", "tax_total", "shipping", "handling", "insurance"];
const BREAKDOWN_MINUS = ["shipping_discount", "discount"];

/** PayPal's 422 business rules on amount breakdowns and items, for one purchase unit. */
function checkBreakdown(unit: Record<string, unknown>, amount: Money, unitField: string): Detail[] {
  const problems: Detail[] = [];
  const breakdown = (amount as Money & { breakdown?: unknown }).breakdown;
  const items = unit.items;
  if (breakdown !== undefined && !isRecord(breakdown)) return [detail("INVALID_PARAMETER_SYNTAX", `${unitField}/amount/breakdown`)];
  const parts = (breakdown ?? {}) as Record<string, unknown>;
  const syntax: Detail[] = [];
  for (const key of [...BREAKDOWN_PLUS, ...BREAKDOWN_MINUS]) {
    if (parts[key] !== undefined) checkMoney(parts[key], `${unitField}/amount/breakdown/${key}`, syntax);
  }
  if (items !== undefined && !Array.isArray(items)) syntax.push(detail("INVALID_PARAMETER_SYNTAX", `${unitField}/items`));
  const itemList = Array.isArray(items) ? items : [];
  itemList.forEach((item, i) => {
    const field = `${unitField}/items/@index==${i}`;
    if (!isRecord(item)) return syntax.push(detail("INVALID_PARAMETER_SYNTAX", field));
    if (typeof item.name !== "string" || item.name.length < 1) syntax.push(detail("MISSING_REQUIRED_PARAMETER", `${field}/name`));
    if (typeof item.quantity !== "string" || !/^\d{1,10}$/.test(item.quantity)) syntax.push(detail("INVALID_PARAMETER_SYNTAX", `${field}/quantity`, item.quantity));
    checkMoney(item.unit_amount, `${field}/unit_amount`, syntax);
  });
  if (syntax.length > 0) throw new PaypalError(400, syntax);

  const currency = amount.currency_code;
  for (const key of Object.keys(parts)) {
    const part = parts[key];
    if (isRecord(part) && part.currency_code !== currency) problems.push(detail("CURRENCY_MISMATCH", `${unitField}/amount/breakdown/${key}/currency_code`, part.currency_code));
  }
  for (const [i, item] of itemList.entries()) {
    const ua = (item as { unit_amount: Money }).unit_amount;
    if (ua.currency_code !== currency) problems.push(detail("CURRENCY_MISMATCH", `${unitField}/items/@index==${i}/unit_amount/currency_code`, ua.currency_code));
  }
  if (problems.length > 0) return problems;

  if (itemList.length > 0) {
    if (!isRecord(parts.item_total)) return [detail("ITEM_TOTAL_REQUIRED", `${unitField}/amount/breakdown/item_total`)];
    const sum = itemList.reduce<number>((acc, item) => {
      const it = item as { unit_amount: Money; quantity: string };
      return acc + toCents(it.unit_amount.value) * Number(it.quantity);
    }, 0);
    if (sum !== toCents((parts.item_total as unknown as Money).value)) {
      return [detail("ITEM_TOTAL_MISMATCH", `${unitField}/amount/breakdown/item_total/value`, (parts.item_total as unknown as Money).value)];
    }
  }
  if (breakdown !== undefined) {
    let total = 0;
    for (const key of BREAKDOWN_PLUS) if (isRecord(parts[key])) total += toCents((parts[key] as unknown as Money).value);
    for (const key of BREAKDOWN_MINUS) if (isRecord(parts[key])) total -= toCents((parts[key] as unknown as Money).value);
    if (total !== toCents(amount.value)) return [detail("AMOUNT_MISMATCH", `${unitField}/amount/value`, amount.value)];
  }
  return [];
}

// ---- the server --------------------------------------------------------------------------------

interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  /** Base URL of the API as the caller reached it, for `links`. */
  apiBase: string;
}

export async function startPaypalEmulator(opts: PaypalEmulatorOptions): Promise<PaypalEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const tokenLifetime = opts.tokenLifetimeSeconds ?? 32400;
  const state: EmulatorState = {
    orders: new Map(),
    captures: new Map(),
    tokens: new Map(),
    idempotency: new Map(),
    failNextCapture: null,
    nextCaptureStatus: null,
    failCaptureOf: new Map(),
    captureStatusOf: new Map(),
    refunds: new Map(),
    failNextRefund: null,
    failRefundOf: new Map(),
    webhooks: [],
    disputes: new Map(),
    reversals: new Map(),
    heldCaptures: new Map(),
  };
  const webhookId = opts.webhookId ?? EMULATOR_WEBHOOK_ID;
  // The emulator's signing key: only its own verify endpoint knows it, like PayPal's private key.
  const signingKey = randomBytes(32);
  const inFlight = new Set<Promise<void>>();
  let ownUrl = "";
  const publicBase = () => (opts.publicUrl ?? ownUrl).replace(/\/+$/, "");

  // Issued tokens survive a reset, so a shop that cached one keeps working.
  function reset() {
    state.orders.clear();
    state.captures.clear();
    state.idempotency.clear();
    state.failNextCapture = null;
    state.nextCaptureStatus = null;
    state.failCaptureOf.clear();
    state.captureStatusOf.clear();
    state.refunds.clear();
    state.failNextRefund = null;
    state.failRefundOf.clear();
    state.webhooks.length = 0;
    state.disputes.clear();
    state.reversals.clear();
    for (const waiting of state.heldCaptures.values()) for (const run of waiting) run();
    state.heldCaptures.clear();
  }

  // ---- answers ----

  function send(res: ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}) {
    if (res.headersSent) return;
    res.writeHead(status, {
      "Content-Type": contentType,
      "Content-Length": String(Buffer.byteLength(body)),
      "Paypal-Debug-Id": String(res.getHeader("Paypal-Debug-Id") ?? debugId()),
      "Cache-Control": "no-store",
      ...headers,
    });
    res.end(body);
  }

  function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
    send(res, status, status === 204 ? "" : JSON.stringify(value), "application/json", headers);
  }

  /** PayPal's error JSON; its debug_id is the one in the answer's Paypal-Debug-Id header. */
  function errorBody(error: PaypalError, res: ServerResponse) {
    const body: Record<string, unknown> = { name: error.errorName, message: error.message, debug_id: String(res.getHeader("Paypal-Debug-Id") ?? debugId()) };
    if (error.details.length > 0) body.details = error.details;
    const issue = error.details[0]?.issue;
    body.links = [
      {
        href: issue ? `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}` : "https://developer.paypal.com/api/rest/reference/orders/v2/errors/",
        rel: "information_link",
        method: "GET",
      },
    ];
    return body;
  }

  // ---- representations ----

  function orderLinks(order: EmulatorOrder, apiBase: string): Link[] {
    const self = `${apiBase}/v2/checkout/orders/${order.id}`;
    const approveHref = `${publicBase()}/checkoutnow?token=${order.id}`;
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

  function captureJson(capture: Capture, orderId: string, apiBase: string, withRelated = false) {
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

  function refundJson(refund: Refund, apiBase: string) {
    const { captureId, ...rest } = refund;
    return {
      ...rest,
      links: [
        { href: `${apiBase}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
        { href: `${apiBase}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
    };
  }

  function disputeJson(dispute: Dispute, apiBase: string) {
    return { ...dispute, links: [{ href: `${apiBase}/v1/customer/disputes/${dispute.dispute_id}`, rel: "self", method: "GET" }] };
  }

  /** GET /v1/customer/disputes: the summaries (no transactions), newest first, optionally updated after a time. */
  function listDisputes(ctx: Ctx) {
    requireBearer(ctx);
    const after = ctx.query.get("update_time_after");
    const since = after ? Date.parse(after) : NaN;
    if (after && Number.isNaN(since)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "update_time_after", after, "query")]);
    const items = [...state.disputes.values()]
      .filter((d) => Number.isNaN(since) || Date.parse(d.update_time) > since)
      .sort((a, b) => b.update_time.localeCompare(a.update_time))
      .map(({ disputed_transactions: _t, ...summary }) => ({ ...summary, links: disputeJson({ ...summary, disputed_transactions: [] }, ctx.apiBase).links }));
    sendJson(ctx.res, 200, { items, links: [{ href: `${ctx.apiBase}/v1/customer/disputes`, rel: "self", method: "GET" }] });
  }

  function showDispute(ctx: Ctx, id: string) {
    requireBearer(ctx);
    const dispute = state.disputes.get(id);
    if (!dispute) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "dispute_id", id, "path")]);
    sendJson(ctx.res, 200, disputeJson(dispute, ctx.apiBase));
  }

  function openDispute(captureId: string, opts: { reason: string; stage: Dispute["dispute_life_cycle_stage"]; channel: Dispute["dispute_channel"] }): Dispute {
    const { capture } = findCapture(captureId);
    const now = timestamp();
    const dispute: Dispute = {
      dispute_id: `PP-D-${randomInt(10000, 99999999)}`,
      create_time: now,
      update_time: now,
      disputed_transactions: [{ seller_transaction_id: capture.id, buyer_transaction_id: randomId(17) }],
      reason: opts.reason,
      status: opts.stage === "CHARGEBACK" ? "UNDER_REVIEW" : "OPEN",
      dispute_amount: { ...capture.amount },
      dispute_life_cycle_stage: opts.stage,
      dispute_channel: opts.channel,
    };
    state.disputes.set(dispute.dispute_id, dispute);
    return dispute;
  }

  function findCapture(captureId: string): { order: EmulatorOrder; capture: Capture } {
    const orderId = state.captures.get(captureId);
    const order = orderId ? state.orders.get(orderId) : undefined;
    const capture = order?.purchase_units.flatMap((u) => u.payments?.captures ?? []).find((c) => c.id === captureId);
    if (!order || !capture) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "capture_id", captureId, "path")]);
    return { order, capture };
  }

  // ---- webhooks ----

  /** A webhook event for a resource, in PayPal's shape. */
  function webhookEvent(eventType: string, resourceId: string, apiBase: string) {
    let resourceType: string;
    let resource: unknown;
    let summary: string;
    if (eventType === "CHECKOUT.ORDER.APPROVED") {
      resourceType = "checkout-order";
      resource = represent(findOrder(resourceId), apiBase);
      summary = "An order has been approved by buyer";
    } else if (eventType === "PAYMENT.CAPTURE.REFUNDED") {
      const refund = state.refunds.get(resourceId);
      if (!refund) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "resource_id", resourceId)]);
      resourceType = "refund";
      resource = refundJson(refund, apiBase);
      summary = `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`;
    } else if (eventType === "PAYMENT.CAPTURE.REVERSED") {
      const reversal = state.reversals.get(resourceId);
      if (!reversal) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "resource_id", resourceId)]);
      resourceType = "refund";
      resource = refundJson(reversal, apiBase);
      summary = `A ${reversal.amount.value} ${reversal.amount.currency_code} capture payment was reversed`;
    } else if (eventType === "CUSTOMER.DISPUTE.CREATED") {
      const dispute = state.disputes.get(resourceId);
      if (!dispute) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "resource_id", resourceId)]);
      resourceType = "dispute";
      resource = disputeJson(dispute, apiBase);
      summary = `A new dispute opened with Case # ${dispute.dispute_id}`;
    } else if (eventType === "PAYMENT.CAPTURE.COMPLETED" || eventType === "PAYMENT.CAPTURE.DENIED" || eventType === "PAYMENT.CAPTURE.PENDING") {
      const { order, capture } = findCapture(resourceId);
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

  function sign(transmissionId: string, transmissionTime: string, body: string): string {
    return createHmac("sha256", signingKey).update(webhookSigningString(transmissionId, transmissionTime, webhookId, body)).digest("hex");
  }

  /** The event's body and the headers PayPal sends it with. */
  function signedWebhook(event: { id: string }, apiBase: string) {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    return {
      body,
      headers: {
        "Content-Type": "application/json",
        "PAYPAL-TRANSMISSION-ID": transmissionId,
        "PAYPAL-TRANSMISSION-TIME": transmissionTime,
        "PAYPAL-TRANSMISSION-SIG": sign(transmissionId, transmissionTime, body),
        "PAYPAL-CERT-URL": `${apiBase}/v1/notifications/certs/CERT-EMULATOR`,
        "PAYPAL-AUTH-ALGO": WEBHOOK_ALGO,
      },
    };
  }

  /** Sends an event to webhookUrl (when set), without holding up the answer that caused it. */
  function emit(eventType: string, resourceId: string, apiBase: string) {
    if (!opts.webhookUrl) return;
    if (opts.webhookEvents && !opts.webhookEvents.includes(eventType)) return;
    const event = webhookEvent(eventType, resourceId, apiBase);
    const { body, headers } = signedWebhook(event, apiBase);
    const log: SentWebhook = { id: event.id, event_type: eventType, resource_id: resourceId, status: null };
    state.webhooks.push(log);
    if (state.webhooks.length > 500) state.webhooks.shift();
    const delivery = (async () => {
      // Like PayPal, a moment after the call that caused it.
      await new Promise((r) => setTimeout(r, 20));
      try {
        const res = await fetch(opts.webhookUrl!, { method: "POST", headers, body, signal: AbortSignal.timeout(15_000) });
        log.status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        log.status = 0;
      }
    })();
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  function verifyWebhook(ctx: Ctx) {
    requireBearer(ctx);
    const input = parseJson(ctx);
    if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
    const details: Detail[] = [];
    for (const field of ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"]) {
      if (typeof input[field] !== "string" || input[field] === "") details.push(detail("MISSING_REQUIRED_PARAMETER", `/${field}`));
    }
    if (!isRecord(input.webhook_event)) details.push(detail("MISSING_REQUIRED_PARAMETER", "/webhook_event"));
    if (details.length > 0) throw new PaypalError(400, details);
    const sig = String(input.transmission_sig);
    let ok = input.auth_algo === WEBHOOK_ALGO && input.webhook_id === webhookId && /^[0-9a-f]{64}$/.test(sig);
    if (ok) {
      const expected = Buffer.from(sign(String(input.transmission_id), String(input.transmission_time), JSON.stringify(input.webhook_event)), "hex");
      ok = timingSafeEqual(expected, Buffer.from(sig, "hex"));
    }
    sendJson(ctx.res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
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

  function represent(order: EmulatorOrder, apiBase: string, minimal = false) {
    const source = paymentSource(order);
    if (minimal) {
      return { id: order.id, status: order.status, ...(source ? { payment_source: source } : {}), links: orderLinks(order, apiBase) };
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
      links: orderLinks(order, apiBase),
    };
  }

  // ---- request helpers ----

  function parseJson(ctx: Ctx, { emptyAllowed = false } = {}): unknown {
    const text = ctx.body.toString("utf8").trim();
    if (text === "") {
      if (emptyAllowed) return {};
      throw new PaypalError(400, [detail("MALFORMED_REQUEST_JSON")]);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new PaypalError(400, [detail("MALFORMED_REQUEST_JSON")]);
    }
  }

  function requireBearer(ctx: Ctx) {
    const header = ctx.req.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const expiry = match ? state.tokens.get(match[1]) : undefined;
    if (expiry === undefined || expiry <= Date.now()) {
      if (match && expiry !== undefined) state.tokens.delete(match[1]);
      throw new PaypalError(401);
    }
  }

  function findOrder(id: string): EmulatorOrder {
    const order = state.orders.get(id);
    if (!order) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "order_id", id, "path")]);
    return order;
  }

  /** Runs `handler` once per `PayPal-Request-Id`; a repeat gets the first answer back. 5xx answers are not kept. */
  function idempotent(ctx: Ctx, operation: string, handler: () => { status: number; value: unknown }) {
    const requestId = ctx.req.headers["paypal-request-id"];
    const key = typeof requestId === "string" && requestId !== "" ? `${operation} ${requestId}` : undefined;
    const stored = key ? state.idempotency.get(key) : undefined;
    if (stored) return send(ctx.res, stored.status, stored.body, "application/json");
    let status: number;
    let body: string;
    try {
      const result = handler();
      status = result.status;
      body = JSON.stringify(result.value);
    } catch (error) {
      if (!(error instanceof PaypalError)) throw error;
      status = error.status;
      body = JSON.stringify(errorBody(error, ctx.res));
    }
    if (key && status < 500) state.idempotency.set(key, { status, body });
    send(ctx.res, status, body, "application/json");
  }

  // ---- API handlers ----

  function token(ctx: Ctx) {
    const invalidClient = () => sendJson(ctx.res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
    const header = ctx.req.headers.authorization ?? "";
    const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
    if (!match) return invalidClient();
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon === -1) return invalidClient();
    const id = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    if (!sameSecret(id, opts.clientId) || !sameSecret(secret, opts.clientSecret)) return invalidClient();
    const form = new URLSearchParams(ctx.body.toString("utf8"));
    const grantType = form.get("grant_type") ?? ctx.query.get("grant_type");
    if (!grantType) return sendJson(ctx.res, 400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
    if (grantType !== "client_credentials") {
      return sendJson(ctx.res, 400, { error: "unsupported_grant_type", error_description: `Grant Type ${grantType} is not supported` });
    }
    const now = Date.now();
    for (const [t, expiry] of state.tokens) if (expiry <= now) state.tokens.delete(t);
    const accessToken = `A21AA${randomBytes(48).toString("base64url")}`;
    state.tokens.set(accessToken, now + tokenLifetime * 1000);
    sendJson(ctx.res, 200, {
      scope: SCOPE,
      access_token: accessToken,
      token_type: "Bearer",
      app_id: APP_ID,
      expires_in: tokenLifetime,
      nonce: `${timestamp()}${randomBytes(32).toString("base64url")}`,
    });
  }

  function buildOrder(input: unknown): EmulatorOrder {
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
    while (state.orders.has(id)) id = randomId(17);
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

  function wantsMinimal(ctx: Ctx) {
    return /return=minimal/i.test(String(ctx.req.headers.prefer ?? ""));
  }

  function createOrder(ctx: Ctx) {
    requireBearer(ctx);
    idempotent(ctx, "create-order", () => {
      const order = buildOrder(parseJson(ctx));
      state.orders.set(order.id, order);
      return { status: 201, value: represent(order, ctx.apiBase, wantsMinimal(ctx)) };
    });
  }

  function showOrder(ctx: Ctx, id: string) {
    requireBearer(ctx);
    sendJson(ctx.res, 200, represent(findOrder(id), ctx.apiBase));
  }

  function approve(order: EmulatorOrder) {
    if (order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED") {
      order.status = "APPROVED";
      order.payer = { payer_id: randomId(13, ACCOUNT_ALPHABET), ...BUYER, name: { ...BUYER.name }, address: { country_code: "US" } };
      order.update_time = timestamp();
    }
  }

  /** Captures an approved order (the order's status becomes COMPLETED) and sends the capture's webhook. */
  function capture(order: EmulatorOrder, apiBase: string) {
      let captureStatus: Capture["status"] = "COMPLETED";
      const chosen = state.captureStatusOf.get(order.id);
      if (chosen) {
        captureStatus = chosen;
        state.captureStatusOf.delete(order.id);
      } else if (state.nextCaptureStatus) {
        captureStatus = state.nextCaptureStatus;
        state.nextCaptureStatus = null;
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
        state.captures.set(capture.id, order.id);
      }
      order.status = "COMPLETED";
      order.update_time = now;
      for (const unit of order.purchase_units) {
        for (const c of unit.payments?.captures ?? []) {
          emit(c.status === "COMPLETED" ? "PAYMENT.CAPTURE.COMPLETED" : c.status === "DECLINED" ? "PAYMENT.CAPTURE.DENIED" : "PAYMENT.CAPTURE.PENDING", c.id, apiBase);
        }
      }
  }

  function captureOrder(ctx: Ctx, id: string) {
    requireBearer(ctx);
    idempotent(ctx, `capture ${id}`, () => {
      parseJson(ctx, { emptyAllowed: true });
      const order = findOrder(id);
      if (order.intent !== "CAPTURE") throw new PaypalError(422, [detail("ACTION_DOES_NOT_MATCH_INTENT")]);
      if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
      if (order.status !== "APPROVED") throw new PaypalError(422, [detail("ORDER_NOT_APPROVED")]);
      const failure = state.failCaptureOf.get(order.id) ?? state.failNextCapture;
      if (failure) {
        if (state.failCaptureOf.has(order.id)) state.failCaptureOf.delete(order.id);
        else state.failNextCapture = null;
        throw new PaypalError(failure.status, [detail(failure.issue)]);
      }
      capture(order, ctx.apiBase);
      return { status: 201, value: represent(order, ctx.apiBase) };
    });
  }

  const PATCHABLE_UNIT_FIELDS = new Set(["amount", "description", "custom_id", "invoice_id", "soft_descriptor", "shipping", "items"]);

  function patchOrder(ctx: Ctx, id: string) {
    requireBearer(ctx);
    const ops = parseJson(ctx);
    const order = findOrder(id);
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
    const rebuilt = buildOrder({
      intent,
      purchase_units: units.map(({ payee: _payee, payments: _payments, ...rest }) => rest),
    });
    order.intent = intent;
    order.purchase_units = rebuilt.purchase_units;
    order.update_time = timestamp();
    sendJson(ctx.res, 204, null);
  }

  function showCapture(ctx: Ctx, captureId: string) {
    requireBearer(ctx);
    const { order, capture } = findCapture(captureId);
    sendJson(ctx.res, 200, captureJson(capture, order.id, ctx.apiBase, true));
  }

  function refundedCents(captureId: string): number {
    let total = 0;
    for (const r of state.refunds.values()) if (r.captureId === captureId && (r.status === "COMPLETED" || r.status === "PENDING")) total += toCents(r.amount.value);
    return total;
  }

  function refundCapture(ctx: Ctx, captureId: string) {
    requireBearer(ctx);
    idempotent(ctx, `refund ${captureId}`, () => {
      const input = parseJson(ctx, { emptyAllowed: true });
      if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
      const details: Detail[] = [];
      if (input.amount !== undefined) checkMoney(input.amount, "/amount", details, { positive: true });
      const customId = checkString(input.custom_id, "/custom_id", 127, details);
      const invoiceId = checkString(input.invoice_id, "/invoice_id", 127, details);
      const note = checkString(input.note_to_payer, "/note_to_payer", 255, details);
      if (details.length > 0) throw new PaypalError(400, details);
      const { order, capture } = findCapture(captureId);
      if (capture.status === "REFUNDED") throw new PaypalError(422, [detail("CAPTURE_FULLY_REFUNDED")]);
      if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") throw new PaypalError(422, [detail("REFUND_NOT_ALLOWED")]);
      const failure = state.failRefundOf.get(captureId) ?? state.failNextRefund;
      if (failure) {
        if (state.failRefundOf.has(captureId)) state.failRefundOf.delete(captureId);
        else state.failNextRefund = null;
        throw new PaypalError(failure.status, [detail(failure.issue)]);
      }
      const captured = toCents(capture.amount.value);
      const left = captured - refundedCents(captureId);
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
      state.refunds.set(refund.id, refund);
      capture.status = captured - left + cents >= captured ? "REFUNDED" : "PARTIALLY_REFUNDED";
      capture.update_time = now;
      order.update_time = now;
      emit("PAYMENT.CAPTURE.REFUNDED", refund.id, ctx.apiBase);
      return { status: 201, value: refundJson(refund, ctx.apiBase) };
    });
  }

  function showRefund(ctx: Ctx, refundId: string) {
    requireBearer(ctx);
    const refund = state.refunds.get(refundId);
    if (!refund) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "refund_id", refundId, "path")]);
    sendJson(ctx.res, 200, refundJson(refund, ctx.apiBase));
  }

  // ---- the buyer's approval page ----

  function page(res: ServerResponse, status: number, title: string, content: string, headers: Record<string, string> = {}) {
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – PayPal emulator</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f5f7fa; color: #1a1a1a; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  .brand { margin: 0 0 1.5rem; font-weight: 700; color: #003087; font-size: 1.1rem; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #515354; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-direction: column; gap: 0.75rem; }
  button, .button { font: inherit; font-weight: 600; font-size: 1rem; padding: 0.8rem 1rem; border-radius: 999px; border: 2px solid #003087; cursor: pointer; text-align: center; text-decoration: none; }
  .primary { background: #0070ba; border-color: #0070ba; color: #fff; }
  .secondary { background: #fff; color: #003087; }
  button:focus-visible, .button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  .note { margin-top: 1.5rem; font-size: 0.85rem; color: #515354; }
  .banner { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-radius: 8px; background: #fff4ce; border: 1px solid #e0c45c; color: #3d3000; }
</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>Test payment, no real money moves.</strong> This is the shop's local PayPal emulator, not PayPal.</p>
<p class="brand">PayPal <span aria-hidden="true">·</span> emulator</p>
${content}
<p class="note">This is a local test double of PayPal. No real money moves.</p>
</main>
</body>
</html>`;
    send(res, status, html, "text/html; charset=utf-8", {
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    });
  }

  function formatAmount(money: Money): string {
    try {
      const formatted = new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency_code, currencyDisplay: "narrowSymbol" }).format(Number(money.value));
      return `${formatted} ${money.currency_code}`;
    } catch {
      return `${money.value} ${money.currency_code}`;
    }
  }

  function notFoundPage(res: ServerResponse) {
    page(res, 404, "Payment not found", `<h1>Payment not found</h1>\n<p>This payment link is not valid or has expired. Return to the shop and try again.</p>`);
  }

  function checkoutPage(ctx: Ctx) {
    const id = ctx.query.get("token") ?? "";
    const order = state.orders.get(id);
    if (!order) return notFoundPage(ctx.res);
    const unit = order.purchase_units[0];
    const merchant = order.brand_name ?? "the merchant";
    const total = order.purchase_units.length === 1 ? unit.amount : null;
    const amountText = total ? formatAmount(total) : order.purchase_units.map((u) => formatAmount(u.amount)).join(" + ");
    const summary = `<p>Pay <strong>${escapeHtml(merchant)}</strong></p>
<p class="amount" id="amount">${escapeHtml(amountText)}</p>
<dl>
  <dt>Amount</dt><dd>${escapeHtml(order.purchase_units.map((u) => u.amount.value).join(", "))}</dd>
  <dt>Currency</dt><dd>${escapeHtml(unit.amount.currency_code)}</dd>
  ${unit.description ? `<dt>For</dt><dd>${escapeHtml(unit.description)}</dd>` : ""}
  <dt>Paying as</dt><dd>${escapeHtml(`${BUYER.name.given_name} ${BUYER.name.surname}`)} (${escapeHtml(BUYER.email_address)})</dd>
  <dt>PayPal order</dt><dd>${escapeHtml(order.id)}</dd>
</dl>`;
    if (order.status === "COMPLETED") {
      return page(ctx.res, 200, "Payment complete", `<h1>This payment is already complete</h1>\n${summary}${order.return_url && order.payer ? `\n<p><a class="button secondary" href="${escapeHtml(appendQuery(order.return_url, { token: order.id, PayerID: order.payer.payer_id }))}">Return to ${escapeHtml(merchant)}</a></p>` : ""}`);
    }
    page(
      ctx.res,
      200,
      "Approve your payment",
      `<h1>Approve your payment</h1>
${summary}
<form method="post" action="/checkoutnow" class="actions">
  <input type="hidden" name="token" value="${escapeHtml(order.id)}">
  <button type="submit" name="decision" value="approve" class="primary">Approve</button>
  <button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`,
    );
  }

  function checkoutDecision(ctx: Ctx) {
    const form = new URLSearchParams(ctx.body.toString("utf8"));
    const id = form.get("token") ?? ctx.query.get("token") ?? "";
    const decision = form.get("decision");
    const order = state.orders.get(id);
    if (!order) return notFoundPage(ctx.res);
    if (decision === "cancel") {
      if (order.cancel_url) return send(ctx.res, 302, "", "text/plain", { Location: appendQuery(order.cancel_url, { token: order.id }) });
      return page(ctx.res, 200, "Payment cancelled", `<h1>Payment cancelled</h1>\n<p>You cancelled this payment. You can close this window.</p>`);
    }
    if (decision !== "approve") {
      return page(ctx.res, 400, "Choose an option", `<h1>Choose an option</h1>\n<p>Please <a href="/checkoutnow?token=${encodeURIComponent(order.id)}">go back</a> and choose Approve or Cancel.</p>`);
    }
    if (order.status === "COMPLETED") {
      return page(ctx.res, 409, "Payment complete", `<h1>This payment is already complete</h1>\n<p>Nothing more to approve.</p>`);
    }
    approve(order);
    emit("CHECKOUT.ORDER.APPROVED", order.id, ctx.apiBase);
    if (order.return_url) {
      return send(ctx.res, 302, "", "text/plain", { Location: appendQuery(order.return_url, { token: order.id, PayerID: order.payer!.payer_id }) });
    }
    page(ctx.res, 200, "Payment approved", `<h1>Payment approved</h1>\n<p>You approved this payment. You can close this window.</p>`);
  }

  // ---- test controls ----

  function controls(ctx: Ctx, rest: string) {
    const { method, res } = ctx;
    if (rest === "reset" && method === "POST") {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (rest === "orders" && method === "GET") {
      return sendJson(res, 200, { orders: [...state.orders.values()].map((o) => represent(o, ctx.apiBase)) });
    }
    if (rest === "fail-next-capture" && method === "POST") {
      const input = parseJson(ctx, { emptyAllowed: true });
      if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
      const status = input.status ?? 422;
      const issue = input.issue ?? "INSTRUMENT_DECLINED";
      if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
        throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
      }
      if (typeof issue !== "string" || !/^[A-Z0-9_]{1,100}$/.test(issue)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/issue", String(issue))]);
      const target = input.orderId;
      if (target !== undefined && (typeof target !== "string" || !state.orders.has(target))) {
        throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
      }
      if (typeof target === "string") {
        state.failCaptureOf.set(target, { status, issue });
        return sendJson(res, 200, { ok: true, orderId: target, failNextCapture: { status, issue } });
      }
      state.failNextCapture = { status, issue };
      return sendJson(res, 200, { ok: true, failNextCapture: state.failNextCapture });
    }
    if (rest === "complete-capture-with" && method === "POST") {
      const input = parseJson(ctx);
      const status = isRecord(input) ? input.status : undefined;
      if (status !== "PENDING" && status !== "DECLINED" && status !== "COMPLETED") {
        throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
      }
      const target = isRecord(input) ? input.orderId : undefined;
      if (target !== undefined && (typeof target !== "string" || !state.orders.has(target))) {
        throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
      }
      if (typeof target === "string") {
        if (status === "COMPLETED") state.captureStatusOf.delete(target);
        else state.captureStatusOf.set(target, status);
        return sendJson(res, 200, { ok: true, orderId: target, nextCaptureStatus: status });
      }
      state.nextCaptureStatus = status === "COMPLETED" ? null : status;
      return sendJson(res, 200, { ok: true, nextCaptureStatus: status });
    }
    const approveMatch = /^approve\/([^/]+)$/.exec(rest);
    if (approveMatch && method === "POST") {
      const order = findOrder(decodeId(approveMatch[1], "order_id"));
      if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
      approve(order);
      emit("CHECKOUT.ORDER.APPROVED", order.id, ctx.apiBase);
      return sendJson(res, 200, represent(order, ctx.apiBase));
    }
    const captureMatch = /^capture\/([^/]+)$/.exec(rest);
    if (captureMatch && method === "POST") {
      const order = findOrder(decodeId(captureMatch[1], "order_id"));
      if (order.status === "COMPLETED") throw new PaypalError(422, [detail("ORDER_ALREADY_CAPTURED")]);
      approve(order);
      capture(order, ctx.apiBase);
      return sendJson(res, 201, represent(order, ctx.apiBase));
    }
    if (rest === "fail-next-refund" && method === "POST") {
      const input = parseJson(ctx, { emptyAllowed: true });
      if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
      const status = input.status ?? 422;
      const issue = input.issue ?? "REFUND_FAILED_INSUFFICIENT_FUNDS";
      if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
        throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/status", String(status))]);
      }
      if (typeof issue !== "string" || !/^[A-Z0-9_]{1,100}$/.test(issue)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/issue", String(issue))]);
      const target = input.captureId;
      if (target !== undefined && (typeof target !== "string" || !state.captures.has(target))) {
        throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/captureId", String(target))]);
      }
      if (typeof target === "string") state.failRefundOf.set(target, { status, issue });
      else state.failNextRefund = { status, issue };
      return sendJson(res, 200, { ok: true, failNextRefund: { status, issue }, ...(typeof target === "string" ? { captureId: target } : {}) });
    }
    if (rest === "webhook-event" && method === "POST") {
      const input = parseJson(ctx);
      if (!isRecord(input) || typeof input.event_type !== "string" || typeof input.resource_id !== "string") {
        throw new PaypalError(400, [detail("MISSING_REQUIRED_PARAMETER", "/event_type")]);
      }
      const event = webhookEvent(input.event_type, input.resource_id, ctx.apiBase);
      return sendJson(res, 200, { event, ...signedWebhook(event, ctx.apiBase) });
    }
    if (rest === "webhooks" && method === "GET") {
      return sendJson(res, 200, { webhookId, webhooks: state.webhooks });
    }
    if ((rest === "hold-capture" || rest === "release-capture") && method === "POST") {
      const input = parseJson(ctx);
      const target = isRecord(input) ? input.orderId : undefined;
      if (typeof target !== "string" || !state.orders.has(target)) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "/orderId", String(target))]);
      if (rest === "hold-capture") {
        if (!state.heldCaptures.has(target)) state.heldCaptures.set(target, []);
        return sendJson(res, 200, { ok: true, orderId: target });
      }
      const waiting = state.heldCaptures.get(target) ?? [];
      state.heldCaptures.delete(target);
      for (const run of waiting) run();
      return sendJson(res, 200, { ok: true, orderId: target, released: waiting.length });
    }
    if (rest === "held-captures" && method === "GET") {
      return sendJson(res, 200, { held: Object.fromEntries([...state.heldCaptures].map(([id, waiting]) => [id, waiting.length])) });
    }
    const reverseMatch = /^reverse\/([^/]+)$/.exec(rest);
    if (reverseMatch && method === "POST") {
      const { order, capture } = findCapture(decodeId(reverseMatch[1], "capture_id"));
      if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") throw new PaypalError(422, [detail("REFUND_NOT_ALLOWED")]);
      const now = timestamp();
      const left = toCents(capture.amount.value) - refundedCents(capture.id);
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
      state.reversals.set(reversal.id, reversal);
      capture.status = "REFUNDED";
      capture.update_time = now;
      order.update_time = now;
      // A chargeback is a dispute too: the reconciliation finds it in the disputes list.
      const dispute = openDispute(capture.id, { reason: "UNAUTHORISED", stage: "CHARGEBACK", channel: "EXTERNAL" });
      emit("PAYMENT.CAPTURE.REVERSED", reversal.id, ctx.apiBase);
      return sendJson(res, 200, { reversal: refundJson(reversal, ctx.apiBase), dispute: disputeJson(dispute, ctx.apiBase) });
    }
    const disputeMatch = /^dispute\/([^/]+)$/.exec(rest);
    if (disputeMatch && method === "POST") {
      const input = parseJson(ctx, { emptyAllowed: true });
      const reason = isRecord(input) && input.reason !== undefined ? input.reason : "MERCHANDISE_OR_SERVICE_NOT_RECEIVED";
      if (typeof reason !== "string" || !/^[A-Z_]{1,64}$/.test(reason)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "/reason", String(reason))]);
      const dispute = openDispute(decodeId(disputeMatch[1], "capture_id"), { reason, stage: "INQUIRY", channel: "INTERNAL" });
      emit("CUSTOMER.DISPUTE.CREATED", dispute.dispute_id, ctx.apiBase);
      return sendJson(res, 200, disputeJson(dispute, ctx.apiBase));
    }
    if (
      ["reset", "orders", "fail-next-capture", "complete-capture-with", "fail-next-refund", "webhook-event", "webhooks", "hold-capture", "release-capture", "held-captures"].includes(rest) ||
      approveMatch ||
      captureMatch ||
      reverseMatch ||
      disputeMatch
    ) {
      throw new PaypalError(405, [], "METHOD_NOT_SUPPORTED");
    }
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "path", ctx.path, "path")]);
  }

  // ---- dispatch ----

  function methodNotAllowed(allow: string): never {
    throw Object.assign(new PaypalError(405, [], "METHOD_NOT_SUPPORTED"), { allow });
  }

  function route(ctx: Ctx) {
    const { method, path } = ctx;
    if (path === "/v1/oauth2/token") return method === "POST" ? token(ctx) : methodNotAllowed("POST");
    if (path === "/v2/checkout/orders") return method === "POST" ? createOrder(ctx) : methodNotAllowed("POST");
    let m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (m) {
      const id = decodeId(m[1], "order_id");
      if (method === "GET" || method === "HEAD") return showOrder(ctx, id);
      if (method === "PATCH") return patchOrder(ctx, id);
      return methodNotAllowed("GET, PATCH");
    }
    m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (m) return method === "POST" ? captureOrder(ctx, decodeId(m[1], "order_id")) : methodNotAllowed("POST");
    m = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (m) return method === "GET" || method === "HEAD" ? showCapture(ctx, decodeId(m[1], "capture_id")) : methodNotAllowed("GET");
    m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (m) return method === "POST" ? refundCapture(ctx, decodeId(m[1], "capture_id")) : methodNotAllowed("POST");
    m = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (m) return method === "GET" || method === "HEAD" ? showRefund(ctx, decodeId(m[1], "refund_id")) : methodNotAllowed("GET");
    if (path === "/v1/notifications/verify-webhook-signature") return method === "POST" ? verifyWebhook(ctx) : methodNotAllowed("POST");
    if (path === "/v1/customer/disputes") return method === "GET" || method === "HEAD" ? listDisputes(ctx) : methodNotAllowed("GET");
    m = /^\/v1\/customer\/disputes\/([^/]+)$/.exec(path);
    if (m) return method === "GET" || method === "HEAD" ? showDispute(ctx, decodeURIComponent(m[1])) : methodNotAllowed("GET");
    if (path === "/checkoutnow") {
      if (method === "GET" || method === "HEAD") return checkoutPage(ctx);
      if (method === "POST") return checkoutDecision(ctx);
      return methodNotAllowed("GET, POST");
    }
    if (path.startsWith("/__emulator/")) return controls(ctx, path.slice("/__emulator/".length));
    throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "path", path, "path")]);
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer | null) {
    res.setHeader("Paypal-Debug-Id", debugId());
    const hostHeader = typeof req.headers.host === "string" && /^[A-Za-z0-9.:[\]-]+$/.test(req.headers.host) ? req.headers.host : undefined;
    const apiBase = hostHeader ? `http://${hostHeader}` : ownUrl;
    const target = req.url ?? "/";
    const queryAt = target.indexOf("?");
    const path = (queryAt === -1 ? target : target.slice(0, queryAt)).replace(/\/+$/, "") || "/";
    const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
    if (body === null) {
      return sendJson(res, 413, errorBody(new PaypalError(413, [detail("INVALID_PARAMETER_VALUE", "body")], "INVALID_REQUEST"), res));
    }
    const ctx: Ctx = { req, res, method: req.method ?? "GET", path, query, body, apiBase };
    const run = () => {
      try {
        route(ctx);
      } catch (error) {
        if (error instanceof PaypalError) {
          const allow = (error as PaypalError & { allow?: string }).allow;
          return sendJson(res, error.status, errorBody(error, res), allow ? { Allow: allow } : {});
        }
        // A bug in the emulator itself: say so loudly, answer like PayPal would.
        console.error("PayPal emulator: unexpected error", error);
        sendJson(res, 500, errorBody(new PaypalError(500), res));
      }
    };
    // A capture held by POST /__emulator/hold-capture waits, unanswered, until it is released.
    const held = ctx.method === "POST" ? /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path) : null;
    const waiting = held ? state.heldCaptures.get(decodeURIComponent(held[1]!)) : undefined;
    if (waiting) waiting.push(run);
    else run();
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => handle(req, res, tooLarge ? null : Buffer.concat(chunks)));
    req.on("error", () => res.destroy());
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  ownUrl = `http://${urlHost}:${address.port}`;

  return {
    url: ownUrl,
    state,
    reset,
    settled: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
