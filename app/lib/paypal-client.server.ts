import { getEnv } from "~/lib/env.server";
import {
  type CreatePaypalOrderInput,
  type PaypalCapture,
  type PaypalDispute,
  type PaypalOrder,
  type PaypalRefund,
  type RefundCaptureInput,
  type WebhookSignatureInput,
} from "~/lib/paypal-types";

export type {
  PaypalMoney,
  PaypalLink,
  PaypalCapture,
  PaypalDispute,
  PaypalRefund,
  RefundCaptureInput,
  WebhookSignatureInput,
  PaypalPurchaseUnit,
  PaypalOrder,
  CreatePaypalOrderInput,
} from "~/lib/paypal-types";

/*
 * The shop's one client for PayPal's REST API (OAuth2 client credentials and Orders v2). The
 * same code talks to the emulator, the sandbox and live: only the base URL and the
 * credentials differ (CONTRACT.md). Secrets never leave this module, not even in errors.
 */

export type PaypalMode = "emulator" | "sandbox" | "live";

export interface PaypalConfig {
  mode: PaypalMode;
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** The shop's PayPal merchant id (PAYPAL_MERCHANT_ID); the emulator's own when unset in emulator mode. */
  merchantId?: string;
}

export const PAYPAL_BASES: Record<Exclude<PaypalMode, "emulator">, string> = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
};

/** The emulator's own webhook id (tools/paypal-emulator EMULATOR_WEBHOOK_ID): PAYPAL_WEBHOOK_ID in emulator mode when unset. */
export const EMULATOR_WEBHOOK_ID = "8EMULATR2WEBHK4SHP0PAYPAL";

/** The emulator's demo credentials (tools/paypal-emulator/cli.ts accepts them when none are set). */
export const EMULATOR_CREDENTIALS = { clientId: "emulator-client-id", clientSecret: "emulator-client-secret" };
/** The emulator's merchant (tools/paypal-emulator EMULATOR_MERCHANT_ID). */
export const EMULATOR_MERCHANT_ID = "EMULATR2MRCHT";

/** A dispute id as PayPal issues them (PP-D-12345, PP-R-...). */
export function isPaypalDisputeId(value: unknown): value is string {
  return typeof value === "string" && /^PP-[A-Z0-9-]{1,40}$/.test(value);
}

/**
 * PayPal said no (`status` is its HTTP status, `issue` the first detail's issue), or could not
 * be reached (`status` 0). The message names the call and PayPal's error, never a credential.
 */
export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly paypalName?: string,
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = "PaypalError";
  }

  /** No answer at all (network error, timeout) or a 5xx: the outcome of a write is unknown. */
  get isUnavailable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export interface PaypalClient {
  readonly mode: PaypalMode;
  readonly clientId: string;
  createOrder(input: CreatePaypalOrderInput): Promise<PaypalOrder>;
  captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalOrder>;
  /** `timeoutMs` shortens the wait when a page must not hang on PayPal. */
  getOrder(paypalOrderId: string, opts?: { timeoutMs?: number }): Promise<PaypalOrder>;
  getCapture(captureId: string): Promise<PaypalCapture>;
  refundCapture(input: RefundCaptureInput): Promise<PaypalRefund>;
  getRefund(refundId: string): Promise<PaypalRefund>;
  getDispute(disputeId: string): Promise<PaypalDispute>;
  /** Disputes updated after `since`, newest first (one page; the list holds no transactions: read each with getDispute). */
  listDisputes(since: Date): Promise<PaypalDispute[]>;
  /** PayPal's verification_status: SUCCESS or FAILURE. */
  verifyWebhookSignature(input: WebhookSignatureInput): Promise<"SUCCESS" | "FAILURE">;
}

function centsToValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A PayPal order, capture or refund id as PayPal issues them: upper-case letters and digits
 * (17 of them today; the bound leaves room). Checked before any id goes into a PayPal URL.
 */
export function isPaypalOrderId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Z0-9]{1,36}$/.test(value);
}

export const isPaypalResourceId = isPaypalOrderId;

/** PayPal's `amount.breakdown` when the parts add up to the total (PayPal refuses one that does not). */
function breakdownOf(input: CreatePaypalOrderInput): { breakdown?: Record<string, { currency_code: "USD"; value: string }> } {
  const b = input.breakdown;
  if (!b || b.itemTotalCents + b.shippingCents - b.discountCents !== input.totalCents) return {};
  const usd = (cents: number) => ({ currency_code: "USD" as const, value: centsToValue(cents) });
  return {
    breakdown: {
      item_total: usd(b.itemTotalCents),
      shipping: usd(b.shippingCents),
      ...(b.discountCents > 0 ? { discount: usd(b.discountCents) } : {}),
    },
  };
}

/** One signed request to PayPal: the parsed JSON answer, or a PaypalError. */
type PaypalCall = <T = PaypalOrder>(
  method: string,
  path: string,
  what: string,
  opts?: { body?: unknown; requestId?: string; timeoutMs?: number; noId?: boolean },
) => Promise<T>;

/** The OAuth2 token (cached, renewed before it expires, fetched once for concurrent callers) and the request that uses it. */
function createPaypalCall(config: PaypalConfig): PaypalCall {
  const base = config.apiBase.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;
  let cached: { token: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(url: string, init: RequestInit, what: string, timeout = timeoutMs): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeout) });
    } catch (error) {
      const reason = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? "timed out" : "could not be reached";
      throw new PaypalError(`PayPal ${what}: PayPal ${reason}`, 0);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const res = await send(
      `${base}/v1/oauth2/token`,
      {
        method: "POST",
        headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: "grant_type=client_credentials",
      },
      "sign-in",
    );
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown; error?: unknown } | null;
    if (!res.ok || typeof body?.access_token !== "string") {
      const error = typeof body?.error === "string" ? body.error : res.statusText || "no token";
      throw new PaypalError(
        `PayPal sign-in failed: ${res.status} ${error} (check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)`,
        res.ok ? 502 : res.status,
        error,
      );
    }
    const lifetime = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 300;
    // Renew a little before PayPal would refuse it (a tenth of its life, at most 5 minutes).
    const margin = Math.min(300, lifetime / 10);
    cached = { token: body.access_token, refreshAt: Date.now() + (lifetime - margin) * 1000 };
    return body.access_token;
  }

  async function token(): Promise<string> {
    if (cached && Date.now() < cached.refreshAt) return cached.token;
    // Concurrent callers share one token request.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T = PaypalOrder>(
    method: string,
    path: string,
    what: string,
    opts: { body?: unknown; requestId?: string; timeoutMs?: number; noId?: boolean } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const accessToken = await token();
      const headers: Record<string, string> = {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/json",
        Prefer: "return=representation",
      };
      if (opts.body !== undefined) headers["Content-Type"] = "application/json";
      if (opts.requestId) headers["PayPal-Request-Id"] = opts.requestId;
      const res = await send(
        `${base}${path}`,
        { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
        what,
        opts.timeoutMs,
      );
      if (res.status === 401 && attempt === 0) {
        // The token expired or was revoked early: fetch a new one, once.
        cached = null;
        continue;
      }
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (!res.ok) throw errorFrom(res, json, what);
      if (!json || typeof json !== "object" || (!opts.noId && typeof (json as PaypalOrder).id !== "string")) {
        throw new PaypalError(`PayPal ${what}: unreadable answer (${res.status})`, 502);
      }
      return json as T;
    }
  }

  return call;
}

/** Orders v2: create, capture and read an order. */
function orderCalls(call: PaypalCall): Pick<PaypalClient, "createOrder" | "captureOrder" | "getOrder"> {
  return {
    createOrder(input) {
      return call("POST", "/v2/checkout/orders", "create order", {
        requestId: input.requestId,
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: String(input.orderId),
              custom_id: String(input.orderId),
              description: `Order #${input.orderId}`,
              amount: { currency_code: "USD", value: centsToValue(input.totalCents), ...breakdownOf(input) },
            },
          ],
          application_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
            ...(input.brandName ? { brand_name: input.brandName.slice(0, 127) } : {}),
          },
        },
      });
    },
    captureOrder(paypalOrderId, requestId) {
      return call("POST", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, "capture", { requestId, body: {} });
    },
    getOrder(paypalOrderId, opts) {
      return call("GET", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, "get order", { timeoutMs: opts?.timeoutMs });
    },
  };
}

/** Payments v2: captures and refunds. */
function paymentCalls(call: PaypalCall): Pick<PaypalClient, "getCapture" | "refundCapture" | "getRefund"> {
  return {
    getCapture(captureId) {
      return call<PaypalCapture>("GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`, "get capture");
    },
    refundCapture(input) {
      const body: Record<string, unknown> = {};
      if (input.amountCents !== undefined) body.amount = { currency_code: "USD", value: centsToValue(input.amountCents) };
      if (input.customId) body.custom_id = input.customId.slice(0, 127);
      if (input.noteToPayer) body.note_to_payer = input.noteToPayer.slice(0, 255);
      return call<PaypalRefund>("POST", `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`, "refund", { requestId: input.requestId, body });
    },
    getRefund(refundId) {
      return call<PaypalRefund>("GET", `/v2/payments/refunds/${encodeURIComponent(refundId)}`, "get refund");
    },
  };
}

/** Disputes v1 and the webhook signature check. */
function disputeAndWebhookCalls(call: PaypalCall): Pick<PaypalClient, "getDispute" | "listDisputes" | "verifyWebhookSignature"> {
  return {
    async getDispute(disputeId) {
      const dispute = await call<PaypalDispute>("GET", `/v1/customer/disputes/${encodeURIComponent(disputeId)}`, "get dispute", { noId: true });
      if (typeof dispute.dispute_id !== "string") throw new PaypalError("PayPal get dispute: unreadable answer", 502);
      return dispute;
    },
    async listDisputes(since) {
      const query = new URLSearchParams({ update_time_after: since.toISOString(), page_size: "50" });
      const answer = await call<{ items?: PaypalDispute[] }>("GET", `/v1/customer/disputes?${query}`, "list disputes", { noId: true });
      return Array.isArray(answer.items) ? answer.items : [];
    },
    async verifyWebhookSignature(input) {
      const answer = await call<{ verification_status?: unknown }>("POST", "/v1/notifications/verify-webhook-signature", "verify webhook", {
        noId: true,
        body: {
          auth_algo: input.authAlgo,
          cert_url: input.certUrl,
          transmission_id: input.transmissionId,
          transmission_sig: input.transmissionSig,
          transmission_time: input.transmissionTime,
          webhook_id: input.webhookId,
          webhook_event: input.event,
        },
      });
      return answer.verification_status === "SUCCESS" ? "SUCCESS" : "FAILURE";
    },
  };
}

export function createPaypalClient(config: PaypalConfig): PaypalClient {
  const call = createPaypalCall(config);
  return { mode: config.mode, clientId: config.clientId, ...orderCalls(call), ...paymentCalls(call), ...disputeAndWebhookCalls(call) };
}

function errorFrom(res: Response, json: unknown, what: string): PaypalError {
  const body = (json && typeof json === "object" ? json : {}) as {
    name?: unknown;
    message?: unknown;
    debug_id?: unknown;
    details?: { issue?: unknown; description?: unknown }[];
    error?: unknown;
    error_description?: unknown;
  };
  const name = typeof body.name === "string" ? body.name : typeof body.error === "string" ? body.error : undefined;
  const detail = Array.isArray(body.details) ? body.details[0] : undefined;
  const issue = typeof detail?.issue === "string" ? detail.issue : undefined;
  const description =
    typeof detail?.description === "string"
      ? detail.description
      : typeof body.message === "string"
        ? body.message
        : typeof body.error_description === "string"
          ? body.error_description
          : res.statusText;
  const debugId = typeof body.debug_id === "string" ? body.debug_id : (res.headers.get("Paypal-Debug-Id") ?? undefined);
  const label = [name, issue].filter(Boolean).join("/");
  return new PaypalError(
    `PayPal ${what} failed: ${res.status}${label ? ` ${label}` : ""}${description ? `: ${description}` : ""}${debugId ? ` (debug id ${debugId})` : ""}`,
    res.status,
    name,
    issue,
    debugId,
  );
}

/** The configuration from the environment, or null when PayPal is not configured (see CONTRACT.md). */
export function paypalConfigFromEnv(env: {
  PAYPAL_MODE?: PaypalMode;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_API_BASE?: string;
  PAYPAL_EMULATOR_PORT?: number;
  PAYPAL_MERCHANT_ID?: string;
}): PaypalConfig | null {
  if (env.PAYPAL_MODE === "emulator") {
    return {
      mode: "emulator",
      apiBase: env.PAYPAL_API_BASE ?? `http://127.0.0.1:${env.PAYPAL_EMULATOR_PORT ?? 4010}`,
      clientId: env.PAYPAL_CLIENT_ID ?? EMULATOR_CREDENTIALS.clientId,
      clientSecret: env.PAYPAL_CLIENT_SECRET ?? EMULATOR_CREDENTIALS.clientSecret,
      merchantId: env.PAYPAL_MERCHANT_ID ?? EMULATOR_MERCHANT_ID,
    };
  }
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  // Without a mode, credentials mean the sandbox: live money only when asked for by name.
  const mode = env.PAYPAL_MODE ?? "sandbox";
  return {
    mode,
    apiBase: env.PAYPAL_API_BASE ?? PAYPAL_BASES[mode],
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    merchantId: env.PAYPAL_MERCHANT_ID,
  };
}

let override: { config: PaypalConfig | null } | null = null;
let client: PaypalClient | null = null;

function currentConfig(): PaypalConfig | null {
  return override ? override.config : paypalConfigFromEnv(getEnv());
}

/** Tests point the shop at their own emulator (or at nothing, with null); `undefined` goes back to the environment. */
export function setPaypalConfig(config: PaypalConfig | null | undefined): void {
  override = config === undefined ? null : { config };
  client = null;
}

export function isPaypalConfigured(): boolean {
  return currentConfig() !== null;
}

/**
 * The merchant id every PayPal order that pays an order must name as payee: PAYPAL_MERCHANT_ID,
 * or the emulator's own in emulator mode (and for tests that hand in a client of their own).
 * Null for sandbox/live without PAYPAL_MERCHANT_ID: then no PayPal order can pay an order.
 */
export function getShopMerchantId(): string | null {
  const config = currentConfig();
  if (!config || config.mode === "emulator") return config?.merchantId ?? EMULATOR_MERCHANT_ID;
  return config.merchantId ?? null;
}

/** The mode the payment page works in, or null when payments are not configured. */
export function getPaypalMode(): PaypalMode | null {
  return currentConfig()?.mode ?? null;
}

/** The webhook id verify-webhook-signature checks against, or null when webhooks are not configured. */
export function getPaypalWebhookId(): string | null {
  const env = getEnv();
  if (env.PAYPAL_WEBHOOK_ID) return env.PAYPAL_WEBHOOK_ID;
  return currentConfig()?.mode === "emulator" ? EMULATOR_WEBHOOK_ID : null;
}

/** The public client id for the browser's PayPal script (never the secret). */
export function getPaypalClientId(): string | null {
  return currentConfig()?.clientId ?? null;
}

/** The shared client (one token cache per process); null when PayPal is not configured. */
export function getPaypalClient(): PaypalClient | null {
  if (client) return client;
  const config = currentConfig();
  if (!config) return null;
  client = createPaypalClient(config);
  return client;
}

let warned = false;

/** Says once, at start, that payments are off (a warning: the shop still works for browsing). */
export function warnIfPaypalNotConfigured(): void {
  if (warned) return;
  warned = true;
  if (isPaypalConfigured()) return;
  console.warn(
    "PayPal is not configured: the payment page will say so. Set PAYPAL_MODE=emulator (see `npm run paypal:emulator`), or PAYPAL_MODE=sandbox|live with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.",
  );
}

// The server build loads every route module at start, and the payment routes load this one.
if (process.env.NODE_ENV !== "test" && !process.env.VITEST) {
  try {
    warnIfPaypalNotConfigured();
  } catch {
    // An invalid environment is reported by getEnv() where the app first needs it.
  }
}
