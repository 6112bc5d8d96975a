import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { createPaypalClient, setPaypalConfig } from "~/lib/paypal-client.server";
import { PaymentError } from "~/domain/payments/payment-order.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { makeRefund } from "~/domain/payments/refunds.server";
import { db } from "~/lib/db.server";
import { EMULATOR_MERCHANT_ID, EMULATOR_WEBHOOK_ID, registerPayments, startPaypalEmulator, type PaypalEmulator } from "../../tools/paypal-emulator";
import { makeProduct } from "../helpers/kit";
import { emulatorClient } from "../helpers/paypal-emulator";
import { runDir } from "../helpers/run-dir";
import { makeOrder } from "./payments-fixtures";

// Fidelity to PayPal's own OpenAPI documents (../shared/paypal, Orders v2, Payments v2, webhooks):
// the requests the shop's client sends and the answers the emulator gives are validated against
// the documents' component schemas with Ajv (OpenAPI 3.0 schemas are JSON Schema plus a few
// keywords Ajv is told to ignore; some of PayPal's patterns need RegExp without the `u` flag).

// A copy of ../shared/paypal is kept in the repository (tests/fixtures/paypal-openapi, with PayPal's
// LICENSE), so a clone anywhere runs this test; when ../shared/paypal is there, the copy must equal it.
const KEPT = path.resolve(import.meta.dirname, "../fixtures/paypal-openapi");
const UPSTREAM = path.resolve(import.meta.dirname, "../../../shared/paypal");
const SHARED = process.env.PAYPAL_OPENAPI_DIR ?? KEPT;
const CLIENT_ID = "openapi-test-client";
const CLIENT_SECRET = "openapi-test-secret";

function readable(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, logger: false, validateSchema: false });
addFormats(ajv);
const docs = { orders: "checkout_orders_v2.json", payments: "payments_payment_v2.json", webhooks: "notifications_webhooks_v1.json" } as const;
for (const [id, file] of Object.entries(docs)) {
  const doc = JSON.parse(readFileSync(path.join(SHARED, file), "utf8"));
  // PayPal's own formats (ppaas_payer_id_v3, ...) are described by their pattern and length; the name alone checks nothing.
  for (const format of new Set([...JSON.stringify(doc).matchAll(/"format":\s*"([^"]+)"/g)].map((m) => m[1]!))) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  ajv.addSchema(doc, id);
}

function check(doc: keyof typeof docs, schema: string, data: unknown): ErrorObject[] {
  const validate = ajv.getSchema(`${doc}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`no schema ${doc}#${schema}`);
  return validate(data) ? [] : (validate.errors ?? []);
}

function expectValid(doc: keyof typeof docs, schema: string, data: unknown) {
  const errors = check(doc, schema, data);
  expect(
    errors.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`),
    `${doc} ${schema}: ${JSON.stringify(data).slice(0, 300)}`,
  ).toEqual([]);
}

let emulator: PaypalEmulator;
let pp: ReturnType<typeof emulatorClient>;
const sent: { method: string; path: string; body: unknown }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  pp = emulatorClient(emulator.url, CLIENT_ID, CLIENT_SECRET);
  setPaypalConfig({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  // Records what the shop's client sends to PayPal (JSON bodies), then sends it.
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (url.origin === new URL(emulator.url).origin && typeof init?.body === "string" && init.body.startsWith("{")) {
      sent.push({ method: init.method ?? "GET", path: url.pathname, body: JSON.parse(init.body) });
    }
    return realFetch(input, init);
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  setPaypalConfig(undefined);
  await emulator?.close();
  await db.destroy();
});

describe("PayPal's OpenAPI documents", () => {
  it("the repository's copy is PayPal's documents unchanged (as in ../shared/paypal when that is there)", () => {
    for (const name of ["checkout_orders_v2.json", "payments_payment_v2.json", "notifications_webhooks_v1.json", "LICENSE"]) {
      const kept = readFileSync(path.join(KEPT, name));
      expect(kept.length).toBeGreaterThan(1000);
      if (readable(path.join(UPSTREAM, name))) expect(kept.equals(readFileSync(path.join(UPSTREAM, name)))).toBe(true);
    }
  });

  it("the validator refuses what PayPal's documents refuse (so the checks below can fail)", () => {
    expect(check("orders", "account_id", "EMULATORMRCHNT")).not.toEqual([]);
    expect(check("orders", "account_id", "ABCDEFGH2JKLM")).toEqual([]);
    expect(check("orders", "order_request", { intent: "SELL", purchase_units: [] })).not.toEqual([]);
    expect(check("payments", "refund_request", { amount: { currency_code: "US", value: "ten" } })).not.toEqual([]);
    expect(check("webhooks", "verify_webhook_signature_response", { verification_status: "MAYBE" })).not.toEqual([]);
  });

  it("a whole payment, refund and webhook verification: the shop's requests and the emulator's answers are valid", async () => {
    sent.length = 0;
    const product = await makeProduct(db, { stock: 4, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, quantity: 2, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
    await pp.decide(started.paypalOrderId, "approve");
    const paid = await completePayment(db, order.id, started.paypalOrderId);
    const refund = await makeRefund(db, { orderId: order.id, captureId: paid.captureId!, amountCents: 1000, kind: "return" });

    // The emulator's answers.
    const shown = await pp.getOrder(started.paypalOrderId);
    expectValid("orders", "order", shown.body);
    // The same answer with the emulator's old, 14-character payer id does not pass.
    expect(check("orders", "order", { ...shown.body, payer: { ...shown.body.payer, payer_id: "EMULATORMRCHNT" } })).not.toEqual([]);
    expect(shown.body.payer.payer_id).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);
    expect(shown.body.payment_source.paypal.account_id).toBe(shown.body.payer.payer_id);
    expect(shown.body.purchase_units[0].payee.merchant_id).toBe(EMULATOR_MERCHANT_ID);
    expectValid("orders", "account_id", EMULATOR_MERCHANT_ID);
    const capture = await pp.api("GET", `/v2/payments/captures/${paid.captureId}`);
    expectValid("payments", "capture-2", capture.body);
    expect(capture.body.status).toBe("PARTIALLY_REFUNDED");
    const shownRefund = await pp.api("GET", `/v2/payments/refunds/${refund.paypalRefundId}`);
    expect(shownRefund.status).toBe(200);
    expectValid("payments", "refund", shownRefund.body);
    const created = await pp.api("POST", "/v2/checkout/orders", { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "USD", value: "10.00" } }] });
    expectValid("orders", "order", created.body);

    // A webhook event as the emulator sends it, and its verification through the shop's client.
    const signed = await (
      await realFetch(`${emulator.url}/__emulator/webhook-event`, {
        method: "POST",
        body: JSON.stringify({ event_type: "PAYMENT.CAPTURE.REFUNDED", resource_id: refund.paypalRefundId }),
      })
    ).json();
    expectValid("webhooks", "event", signed.event);
    expectValid("payments", "refund", signed.event.resource);
    const client = createPaypalClient({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const h = signed.headers as Record<string, string>;
    const verdict = await client.verifyWebhookSignature({
      authAlgo: h["PAYPAL-AUTH-ALGO"]!,
      certUrl: h["PAYPAL-CERT-URL"]!,
      transmissionId: h["PAYPAL-TRANSMISSION-ID"]!,
      transmissionSig: h["PAYPAL-TRANSMISSION-SIG"]!,
      transmissionTime: h["PAYPAL-TRANSMISSION-TIME"]!,
      webhookId: EMULATOR_WEBHOOK_ID,
      event: JSON.parse(signed.body),
    });
    expect(verdict).toBe("SUCCESS");
    const verifyAnswer = await pp.api("POST", "/v1/notifications/verify-webhook-signature", sent.at(-1)!.body);
    expectValid("webhooks", "verify_webhook_signature_response", verifyAnswer.body);

    // The shop's requests, each against the schema of its operation.
    const byPath = (re: RegExp) => sent.filter((s) => s.method === "POST" && re.test(s.path));
    const creates = byPath(/^\/v2\/checkout\/orders$/);
    const captures = byPath(/\/capture$/);
    const refunds = byPath(/\/refund$/);
    const verifies = byPath(/verify-webhook-signature$/);
    expect([creates.length, captures.length, refunds.length, verifies.length]).toEqual([2, 1, 1, 2]);
    expectValid("orders", "order_request", creates[0]!.body);
    expectValid("orders", "order_capture_request", captures[0]!.body);
    expectValid("payments", "refund_request", refunds[0]!.body);
    expectValid("webhooks", "verify_webhook_signature", verifies[0]!.body);
  });

  it("an order with a discount code and the loyalty discount: the breakdown sent and shown is valid, both discounts in `discount`", async () => {
    const product = await makeProduct(db, { stock: 4, priceCents: 3000 });
    const order = await makeOrder(db, {
      lines: [{ productId: product.id, quantity: 2, unitPriceCents: 3000, title: product.title }],
      shippingCents: 800,
      loyaltyDiscountCents: 500,
    });
    // $60.00 + $8.00 shipping, less a $6.00 code and the $5.00 loyalty discount.
    await db.updateTable("orders").set({ discount_code: "SPRING10", discount_cents: 600, total_cents: 5700 }).where("id", "=", order.id).execute();
    sent.length = 0;
    const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
    const create = sent.find((s) => s.method === "POST" && s.path === "/v2/checkout/orders")!;
    expectValid("orders", "order_request", create.body);
    const shown = (await pp.getOrder(started.paypalOrderId)).body;
    expectValid("orders", "order", shown);
    expect(shown.purchase_units[0].amount).toEqual({
      currency_code: "USD",
      value: "57.00",
      breakdown: {
        item_total: { currency_code: "USD", value: "60.00" },
        shipping: { currency_code: "USD", value: "8.00" },
        discount: { currency_code: "USD", value: "11.00" },
      },
    });
  });

  it("the shop checks a PayPal order id's form before sending it to PayPal", async () => {
    const product = await makeProduct(db, { stock: 4 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    const before = sent.length;
    const calls = (globalThis.fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    for (const id of ["abc123", "../../v1/oauth2/token", "A".repeat(37), "5O190127TN364715T?x=1"]) {
      const error = await completePayment(db, order.id, id).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PaymentError);
      expect((error as PaymentError).status).toBe(400);
    }
    expect(sent.length).toBe(before);
    expect((globalThis.fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBe(calls);
  });

  it("a payment registered in the emulator's state file (the demo year's) answers as valid orders, captures and refunds", async () => {
    const file = path.join(runDir(), `openapi-state-${process.pid}-${Date.now()}.json`);
    registerPayments(file, [
      {
        orderId: "7AB12345CD6789012",
        captureId: "8EF12345GH6789012",
        amountCents: 6180,
        currency: "USD",
        reference: "12",
        payee: { email_address: "merchant@example.com", merchant_id: EMULATOR_MERCHANT_ID },
        payer: { payer_id: "QYR5Z8XDVJNXQ", email_address: "ada@example.com", given_name: "Ada", surname: "Lovelace", country_code: "PL" },
        createdAt: new Date("2026-02-01T10:00:00.123Z"),
        capturedAt: new Date("2026-02-01T10:20:00Z"),
        refunds: [{ id: "9IJ12345KL6789012", amountCents: 1800, status: "COMPLETED", createdAt: new Date("2026-02-20T08:00:00Z") }],
      },
    ]);
    const kept = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, stateFile: file });
    try {
      const api = emulatorClient(kept.url, CLIENT_ID, CLIENT_SECRET).api;
      expectValid("orders", "order", (await api("GET", "/v2/checkout/orders/7AB12345CD6789012")).body);
      expectValid("payments", "capture-2", (await api("GET", "/v2/payments/captures/8EF12345GH6789012")).body);
      expectValid("payments", "refund", (await api("GET", "/v2/payments/refunds/9IJ12345KL6789012")).body);
      const refund = await api("POST", "/v2/payments/captures/8EF12345GH6789012/refund", { amount: { currency_code: "USD", value: "10.00" } });
      expect(refund.status).toBe(201);
      expectValid("payments", "refund", refund.body);
    } finally {
      await kept.close();
    }
  });
});
