// @vitest-environment node
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { adminCancelOrder, processReturn } from "../../app/domain/orders/fulfilment.server";
import { type OrderStatus } from "../../app/domain/orders/status";
import { listRefunds } from "../../app/domain/payments/refunds.server";
import { cancelAndRefundWithdrawal } from "../../app/domain/withdrawals/withdrawals.server";
import { createPaypalClient, type PaypalClient } from "../../app/lib/paypal-client.server";
import { type DB, openDatabase } from "../../app/lib/sqlite.server";
import { seedDemo } from "../../db/seed";
import { verifyPassword } from "../../app/domain/auth/password.server";
import { DEMO_CUSTOMER_PASSWORD, seedDemoYear } from "../../db/seed/demo-year";
import { registerDemoPayments } from "../../db/seed/demo-year/paypal";
import { EMULATOR_MERCHANT_ID, type PaypalEmulator, readSnapshot, startPaypalEmulator } from "../../tools/paypal-emulator";
import { emulatorClient } from "../helpers/paypal-emulator";
import { runDir } from "../helpers/run-dir";

// The demo year's payments registered with the PayPal emulator's state file: a refund, a
// partial refund, a return and a withdrawal of a demo-year order go through at the emulator,
// as they do in `npm run demo`.

const NOW = new Date("2026-11-28T12:00:00.000Z");
const CREDENTIALS = { clientId: "demo-paypal-client", clientSecret: "demo-paypal-secret" };
const dir = path.join(runDir(), `demo-year-paypal-${randomBytes(6).toString("hex")}`);
const stateFile = path.join(dir, "paypal-emulator.json");

let db: DB;
let registered: number;
let emulator: PaypalEmulator;
let paypal: PaypalClient;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  db = openDatabase(path.join(dir, "shop.db"));
  const uploadDir = path.join(dir, "uploads");
  await seedDemo(db, { uploadDir, adminEmail: "admin@example.com", adminPassword: "admin12345", shopEmail: "hello@example.com", now: NOW, demo: true });
  await seedDemoYear(db, { uploadDir, now: NOW });
  registered = await registerDemoPayments(db, stateFile);
  emulator = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile });
  paypal = createPaypalClient({ mode: "emulator", apiBase: emulator.url, ...CREDENTIALS });
}, 180_000);

afterAll(async () => {
  await emulator?.close();
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const pick = (status: OrderStatus, noRefunds = true) =>
  db
    .selectFrom("orders as o")
    .select(["o.id", "o.total_cents as total", "o.paypal_capture_id as captureId"])
    .where("o.status", "=", status)
    .$if(noRefunds, (q) => q.where((eb) => eb.not(eb.exists(eb.selectFrom("refunds as r").select("r.id").whereRef("r.order_id", "=", "o.id")))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("withdrawals as w").select("w.id").whereRef("w.order_id", "=", "o.id"))))
    .orderBy("o.id")
    .executeTakeFirstOrThrow();

const captureAtPaypal = async (captureId: string) =>
  (await emulatorClient(emulator.url, CREDENTIALS.clientId, CREDENTIALS.clientSecret).api("GET", `/v2/payments/captures/${captureId}`)).body;

describe("the demo year's payments at the PayPal emulator", () => {
  it("registers every paid order: its PayPal order, capture, amount, payee and the refunds the year made", async () => {
    const paid = await db
      .selectFrom("orders")
      .select(["id", "paypal_order_id", "paypal_capture_id", "total_cents"])
      .where("paypal_capture_id", "is not", null)
      .execute();
    expect(paid.length).toBeGreaterThan(150);
    expect(registered).toBe(paid.length);
    const snapshot = readSnapshot(stateFile);
    const byId = new Map(snapshot.orders.map((o) => [o.id, o]));
    for (const o of paid) {
      const unit = byId.get(o.paypal_order_id!)!.purchase_units[0]!;
      expect(unit).toMatchObject({ reference_id: String(o.id), payee: { merchant_id: EMULATOR_MERCHANT_ID } });
      expect(unit.payments!.captures[0]).toMatchObject({ id: o.paypal_capture_id, amount: { currency_code: "USD", value: (o.total_cents / 100).toFixed(2) } });
    }
    // A cancelled order's capture is refunded in full; a returned one's in part.
    const cancelled = await pick("cancelled", false);
    expect(await captureAtPaypal(cancelled.captureId!)).toMatchObject({ status: "REFUNDED" });
    const returned = await pick("returned", false);
    expect(await captureAtPaypal(returned.captureId!)).toMatchObject({ status: "PARTIALLY_REFUNDED" });
    // Registering again adds nothing.
    expect(await registerDemoPayments(db, stateFile)).toBe(0);
  });

  it("a return and a second partial refund of a delivered demo order go through, and survive a restart", async () => {
    const order = await pick("delivered");
    await processReturn(db, order.id, { amountCents: 500, restock: [], reason: "Accepted late, as a courtesy" }, { paypal, now: NOW });
    expect((await listRefunds(db, order.id)).map((r) => [r.kind, r.status, r.amountCents])).toEqual([["return", "COMPLETED", 500]]);
    expect(await captureAtPaypal(order.captureId!)).toMatchObject({ status: "PARTIALLY_REFUNDED" });

    await emulator.close();
    emulator = await startPaypalEmulator({ port: 0, ...CREDENTIALS, stateFile });
    paypal = createPaypalClient({ mode: "emulator", apiBase: emulator.url, ...CREDENTIALS });
    expect(await captureAtPaypal(order.captureId!)).toMatchObject({ status: "PARTIALLY_REFUNDED" });
    const answer = await paypal.refundCapture({ captureId: order.captureId!, amountCents: 250, requestId: `demo-test-${order.id}` });
    expect(answer).toMatchObject({ status: "COMPLETED", amount: { value: "2.50" } });
  });

  it("the owner's cancel of a paid demo order refunds it in full", async () => {
    const order = await pick("paid");
    await adminCancelOrder(db, order.id, { paypal });
    expect((await listRefunds(db, order.id)).map((r) => [r.kind, r.status, r.amountCents])).toEqual([["cancel", "COMPLETED", order.total]]);
    expect(await captureAtPaypal(order.captureId!)).toMatchObject({ status: "REFUNDED" });
  });

  it("a withdrawal from a paid demo order is refunded in full", async () => {
    const order = await pick("processing");
    await db
      .insertInto("withdrawals")
      .values({ order_id: order.id, name: "Demo Buyer", statement: "I withdraw from the contract.", received_at: NOW.toISOString(), client_ip: "198.51.100.7" })
      .execute();
    await cancelAndRefundWithdrawal(db, order.id, { paypal });
    expect((await listRefunds(db, order.id)).map((r) => [r.status, r.amountCents])).toEqual([["COMPLETED", order.total]]);
    expect(await captureAtPaypal(order.captureId!)).toMatchObject({ status: "REFUNDED" });
  });
});

describe("the README's demo customer", () => {
  it("anna.kowalski@example.com signs in with the demo password and has orders, points and favourites", async () => {
    const anna = await db
      .selectFrom("users")
      .select(["id", "password_hash", "loyalty_points"])
      .where("email", "=", "anna.kowalski@example.com")
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(DEMO_CUSTOMER_PASSWORD, anna.password_hash)).toBe(true);
    expect(anna.loyalty_points).toBeGreaterThan(0);
    const orders = await db.selectFrom("orders").select("id").where("user_id", "=", anna.id).execute();
    expect(orders.length).toBeGreaterThanOrEqual(5);
    const favourites = await db.selectFrom("favorites").select("product_id").where("user_id", "=", anna.id).execute();
    expect(new Set(favourites.map((f) => f.product_id)).size).toBe(5);
  });
});
