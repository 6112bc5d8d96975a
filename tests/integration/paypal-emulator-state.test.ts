import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { adminCancelOrder, processReturn } from "~/domain/orders/fulfilment.server";
import { listOrderEvents } from "~/domain/orders/transitions.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { listRefunds, REFUND_UNKNOWN_PAYMENT_TEXT, RefundError } from "~/domain/payments/refunds.server";
import { db } from "~/lib/db.server";
import { createPaypalClient } from "~/lib/paypal-client.server";
import { EMULATOR_MERCHANT_ID, type PaymentRecord, readSnapshot, registerPayments, startPaypalEmulator } from "../../tools/paypal-emulator";
import { makeProduct } from "../helpers/kit";
import { emulatorClient, useEmulator } from "../helpers/paypal-emulator";
import { runDir } from "../helpers/run-dir";
import { makeOrder, orderRow } from "./payments-fixtures";

// The emulator's memory in a file (PAYPAL_EMULATOR_STATE_FILE): kept across restarts, written
// whole or not at all; payments registered into it from outside (the demo year) refund like its
// own. And what the owner reads when PayPal does not know a payment, or refuses a refund.

const CREDENTIALS = { clientId: "state-test-client", clientSecret: "state-test-secret" };
const dir = path.join(runDir(), `paypal-state-${randomBytes(6).toString("hex")}`);
mkdirSync(dir, { recursive: true });
const fileNamed = (name: string) => path.join(dir, `${name}-${randomBytes(4).toString("hex")}.json`);

const { emulator, pp, config } = useEmulator(CREDENTIALS);

afterAll(async () => {
  await db.destroy();
});

async function refund(base: string, captureId: string, body: unknown, requestId?: string) {
  const client = emulatorClient(base, CREDENTIALS.clientId, CREDENTIALS.clientSecret);
  if (!requestId) return client.api("POST", `/v2/payments/captures/${captureId}/refund`, body);
  const token = (
    (await (
      await fetch(`${base}/v1/oauth2/token`, {
        method: "POST",
        headers: { Authorization: `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString("base64")}` },
        body: "grant_type=client_credentials",
      })
    ).json()) as { access_token: string }
  ).access_token;
  const res = await fetch(`${base}/v2/payments/captures/${captureId}/refund`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "PayPal-Request-Id": requestId },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("the emulator's state file", () => {
  it("keeps orders, captures, refunds, tokens and request ids across a restart, and refunds still work", async () => {
    const file = fileNamed("restart");
    let emu = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: file });
    let client = emulatorClient(emu.url, CREDENTIALS.clientId, CREDENTIALS.clientSecret);
    const created = await client.createOrder("7", "30.00");
    await client.approve(created.id);
    const captured = await client.capture(created.id);
    const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
    const first = await refund(emu.url, captureId, { amount: { currency_code: "USD", value: "10.00" } }, "req-1");
    expect(first.status).toBe(201);
    await emu.close();
    // Written whole: the file, and no temporary file left beside it.
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(readSnapshot(file).orders.map((o) => o.id)).toEqual([created.id]);

    emu = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: file });
    client = emulatorClient(emu.url, CREDENTIALS.clientId, CREDENTIALS.clientSecret);
    const capture = await client.api("GET", `/v2/payments/captures/${captureId}`);
    expect(capture).toMatchObject({ status: 200, body: { status: "PARTIALLY_REFUNDED", amount: { value: "30.00" } } });
    expect((await client.api("GET", `/v2/payments/refunds/${first.body.id}`)).body).toMatchObject({ status: "COMPLETED", amount: { value: "10.00" } });
    // The same PayPal-Request-Id answers the same refund, never a second one.
    const replay = await refund(emu.url, captureId, { amount: { currency_code: "USD", value: "10.00" } }, "req-1");
    expect(replay.body.id).toBe(first.body.id);
    // What is left is refundable; more than that is refused.
    expect((await refund(emu.url, captureId, { amount: { currency_code: "USD", value: "20.01" } })).body.details[0].issue).toBe("REFUND_AMOUNT_EXCEEDED");
    expect((await refund(emu.url, captureId, {})).status).toBe(201);
    await emu.close();

    emu = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: file });
    client = emulatorClient(emu.url, CREDENTIALS.clientId, CREDENTIALS.clientSecret);
    expect((await client.api("GET", `/v2/payments/captures/${captureId}`)).body.status).toBe("REFUNDED");
    expect((await client.api("GET", `/v2/checkout/orders/${created.id}`)).body.status).toBe("COMPLETED");
    await emu.close();
  });

  it("starts empty without a file, writes none when not asked to, and refuses a file that is not its own", async () => {
    const missing = fileNamed("missing");
    const emu = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: missing });
    expect((await emulatorClient(emu.url, CREDENTIALS.clientId, CREDENTIALS.clientSecret).api("GET", "/v2/checkout/orders/NOSUCHORDER1")).status).toBe(404);
    await emu.close();
    // The token it issued is kept (a POST); no order came of the lookup.
    expect(readSnapshot(missing)).toMatchObject({ orders: [], refunds: [], tokens: [[expect.any(String), expect.any(Number)]] });
    // The in-memory emulator (the tests' own) leaves no file anywhere in the run folder.
    const before = readdirSync(dir).length;
    await pp.createOrder("8", "5.00");
    expect(readdirSync(dir).length).toBe(before);

    const foreign = fileNamed("foreign");
    writeFileSync(foreign, JSON.stringify({ hello: "world" }));
    await expect(startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: foreign })).rejects.toThrow(/not a PayPal emulator state file/);
    writeFileSync(foreign, "{ half a file");
    await expect(startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: foreign })).rejects.toThrow();
  });

  it("registers outside payments once: a second registration leaves what was refunded since as it is", async () => {
    const file = fileNamed("register");
    const payment: PaymentRecord = {
      orderId: "5O190127TN364715T",
      captureId: "3C679366HH908993F",
      amountCents: 4550,
      currency: "USD",
      reference: "41",
      payee: { email_address: "merchant@example.com", merchant_id: EMULATOR_MERCHANT_ID },
      payer: { payer_id: "QYR5Z8XDVJNXQ", email_address: "ada@example.com", given_name: "Ada", surname: "Lovelace", country_code: "GB" },
      createdAt: new Date("2026-03-01T10:00:00Z"),
      capturedAt: new Date("2026-03-01T10:05:00Z"),
      refunds: [{ id: "1JU08902781691411", amountCents: 1000, status: "COMPLETED", createdAt: new Date("2026-03-10T09:00:00Z") }],
    };
    expect(registerPayments(file, [payment])).toBe(1);
    const emu = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile: file });
    const client = emulatorClient(emu.url, CREDENTIALS.clientId, CREDENTIALS.clientSecret);
    const order = await client.api("GET", `/v2/checkout/orders/${payment.orderId}`);
    expect(order.body).toMatchObject({
      status: "COMPLETED",
      purchase_units: [
        { reference_id: "41", payee: { merchant_id: EMULATOR_MERCHANT_ID }, payments: { captures: [{ id: payment.captureId, status: "PARTIALLY_REFUNDED" }] } },
      ],
    });
    expect((await refund(emu.url, payment.captureId, { amount: { currency_code: "USD", value: "35.51" } })).body.details[0].issue).toBe(
      "REFUND_AMOUNT_EXCEEDED",
    );
    expect((await refund(emu.url, payment.captureId, {})).body).toMatchObject({ status: "COMPLETED", amount: { value: "35.50" } });
    await emu.close();
    expect(registerPayments(file, [payment])).toBe(0);
    expect(readSnapshot(file).orders[0]!.purchase_units[0]!.payments!.captures[0]!.status).toBe("REFUNDED");
    expect(JSON.parse(readFileSync(file, "utf8")).refunds).toHaveLength(2);
  });
});

describe("what the owner reads when a refund is refused", () => {
  async function paidOrder() {
    const product = await makeProduct(db, { stock: 5, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, quantity: 1, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
    await pp.approve(started.paypalOrderId);
    const result = await completePayment(db, order.id, started.paypalOrderId);
    return { order, captureId: result.captureId! };
  }

  it("a payment PayPal does not know: a plain message, no PayPal code, and the order unchanged", async () => {
    const { order } = await paidOrder();
    // Paid in another PayPal account or environment: this PayPal has never heard of the capture.
    await db.updateTable("orders").set({ paypal_capture_id: "9XX00000000000000" }).where("id", "=", order.id).execute();
    const error = await adminCancelOrder(db, order.id, { paypal: createPaypalClient(config) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RefundError);
    expect((error as RefundError).message).toBe(REFUND_UNKNOWN_PAYMENT_TEXT);
    expect((await orderRow(db, order.id)).status).toBe("paid");
    const [row] = await listRefunds(db, order.id);
    expect(row).toMatchObject({ status: "REFUSED", failureReason: REFUND_UNKNOWN_PAYMENT_TEXT });
    const history = (await listOrderEvents(db, order.id)).map((e) => e.message).join("\n");
    expect(history).toContain("PayPal does not know this payment");
    expect(history).not.toMatch(/INVALID_RESOURCE_ID|RESOURCE_NOT_FOUND|debug id/);
  });

  it("another refusal keeps PayPal's reason in words, without its code or debug id", async () => {
    const { order, captureId } = await paidOrder();
    await db.updateTable("orders").set({ status: "delivered" }).where("id", "=", order.id).execute();
    await fetch(`${emulator.url}/__emulator/fail-next-refund`, { method: "POST", body: JSON.stringify({ captureId, issue: "REFUND_NOT_ALLOWED" }) });
    const error = await processReturn(db, order.id, { amountCents: 1000, restock: [] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as RefundError).message).toBe("PayPal refused the refund: Capture cannot be refunded.");
    const [row] = await listRefunds(db, order.id);
    expect(row!.failureReason).toBe("PayPal refused the refund: Capture cannot be refunded.");
    expect((await listOrderEvents(db, order.id)).map((e) => e.message).join("\n")).not.toMatch(/REFUND_NOT_ALLOWED|UNPROCESSABLE_ENTITY|debug id/);
  });
});
