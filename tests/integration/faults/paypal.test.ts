import { addToCart } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { placeOrder } from "~/domain/orders/checkout.server";
import { adminCancelOrder, processReturn, shipOrder } from "~/domain/orders/fulfilment.server";
import { CheckoutSchema } from "~/domain/orders/schemas";
import { PaymentError } from "~/domain/payments/payment-order.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { reconcilePayments, RECONCILE_AFTER_MS } from "~/domain/payments/reconcile.server";
import { listRefunds, REFUND_UNANSWERED_TEXT, RefundError } from "~/domain/payments/refunds.server";
import { db } from "~/lib/db.server";
import { createPaypalClient, type PaypalClient } from "~/lib/paypal-client.server";
import { makeProduct, makeUser } from "../../helpers/kit";
import { useEmulator } from "../../helpers/paypal-emulator";

// PayPal failing under the shop's real payment code, over HTTP against the emulator: a capture or
// a refund answered 500, or answered too late for the shop's timeout (the emulator did the work,
// or is still doing it). Whatever the shop answers at the time, the order ends paid by exactly one
// capture, a refund is made exactly once, and stock, points and e-mails are counted once.

const CLIENT_ID = "faults-paypal-client";
const CLIENT_SECRET = "faults-paypal-secret";
const APP_URL = "http://localhost:3000";
/** The shop's PayPal timeout in these tests (15 s in production): PayPal's late answers wait longer. */
const TIMEOUT_MS = 400;
const LATE_MS = 2_000;

const { emulator, pp, config } = useEmulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
let paypal: PaypalClient;

beforeAll(() => {
  paypal = createPaypalClient({ ...config, timeoutMs: TIMEOUT_MS });
});
afterAll(() => db.destroy());

async function control(path: string, body: unknown): Promise<Response> {
  return fetch(`${emulator.url}/__emulator/${path}`, { method: "POST", body: JSON.stringify(body) });
}

async function rejection<T extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

let n = 0;
/**
 * A customer with 300 points places an order of 2 × a $20 product (stock 3) with the loyalty
 * discount, starts paying and approves at PayPal.
 */
async function approvedOrder() {
  const user = await makeUser(db, { email: `faults-paypal-${++n}-${Date.now()}@example.com` });
  await db.transaction().execute((trx) => recordPointsEvent(trx, user.id, { type: "admin_reward", description: "Test", points: 300 }));
  const product = await makeProduct(db, { stock: 3, priceCents: 2000 });
  const cartKey = `faults-paypal-cart-${n}`;
  await addToCart(db, { cartKey }, { productId: product.id, quantity: 2 });
  const input = CheckoutSchema.parse({
    email: user.email,
    firstName: "Ada",
    lastName: "Lovelace",
    addressLine1: "1 Loom Street",
    city: "London",
    postalCode: "N1 9GU",
    country: "GB",
    agreeToTerms: true,
    useLoyaltyPoints: true,
  });
  const placed = await placeOrder(db, { owner: { cartKey }, userId: user.id, sessionKey: null }, input);
  const started = await startPayment(db, placed.id, { appUrl: APP_URL, paypal });
  await pp.approve(started.paypalOrderId);
  return { user, product, orderId: placed.id, paypalOrderId: started.paypalOrderId };
}

async function paidOrder() {
  const order = await approvedOrder();
  const paid = await completePayment(db, order.orderId, order.paypalOrderId, { paypal });
  return { ...order, captureId: paid.captureId! };
}

/** What the shop and PayPal hold for an order, everything a fault could lose or double. */
async function ledger(o: { orderId: number; product: { id: number }; user: { id: number } }) {
  const order = await db
    .selectFrom("orders")
    .select(["status", "stock_reserved as reserved", "paypal_capture_id as captureId", "points_to_earn as toEarn", "loyalty_points_used as used"])
    .where("id", "=", o.orderId)
    .executeTakeFirstOrThrow();
  const stock = (await db.selectFrom("products").select("stock").where("id", "=", o.product.id).executeTakeFirstOrThrow()).stock;
  const points = (await db.selectFrom("users").select("loyalty_points as p").where("id", "=", o.user.id).executeTakeFirstOrThrow()).p;
  const mails = (await db.selectFrom("outbox").select(["kind", "data"]).execute())
    .filter((m) => (JSON.parse(m.data) as { orderId?: number }).orderId === o.orderId)
    .map((m) => m.kind)
    .sort();
  const paypalOrders = [...emulator.state.orders.values()].filter((p) => p.purchase_units[0]?.reference_id === String(o.orderId));
  const captures = paypalOrders.flatMap((p) => p.purchase_units.flatMap((u) => u.payments?.captures ?? [])).filter((c) => c.status !== "DECLINED");
  const refundsAtPaypal = [...emulator.state.refunds.values()].filter((r) => captures.some((c) => c.id === r.captureId));
  return { ...order, stock, points, mails, captures: captures.length, refundsAtPaypal, refunds: await listRefunds(db, o.orderId) };
}

const PAID_MAILS = ["order-confirmation", "owner-new-order"];

describe("a capture PayPal answers 500", () => {
  it("gives the stock back at once; the buyer's retry pays with the same approval, by one capture", async () => {
    const o = await approvedOrder();
    const before = await ledger(o);
    expect(before.used).toBeGreaterThan(0);
    expect(before).toMatchObject({ stock: 3, points: 300 - before.used });
    await pp.failNextCapture({ orderId: o.paypalOrderId, status: 500, issue: "INTERNAL_SERVER_ERROR" });

    await rejection(completePayment(db, o.orderId, o.paypalOrderId, { paypal }), PaymentError);
    expect(await ledger(o)).toMatchObject({ status: "unpaid", reserved: 0, stock: 3, captures: 0, mails: [] });

    // Back on the payment page: her approval still stands, so PayPal's button leads straight back.
    const again = await startPayment(db, o.orderId, { appUrl: APP_URL, paypal });
    expect(again.paypalOrderId).toBe(o.paypalOrderId);
    expect(again.approveUrl).toBe(`${APP_URL}/order/${o.orderId}/paypal-return?token=${o.paypalOrderId}`);
    await completePayment(db, o.orderId, again.paypalOrderId, { paypal });
    // A reload of the return page changes nothing.
    await completePayment(db, o.orderId, again.paypalOrderId, { paypal });

    const after = await ledger(o);
    expect(after).toMatchObject({ status: "paid", captures: 1, stock: 1, mails: PAID_MAILS });
    expect(after.points).toBe(300 - after.used + after.toEarn!);
  });
});

describe("a capture that outlasts the shop's timeout", () => {
  it("done by PayPal but answered late: the shop asks PayPal and records it in the same request, once", async () => {
    const o = await approvedOrder();
    expect((await control("delay-next-capture", { orderId: o.paypalOrderId, ms: LATE_MS })).status).toBe(200);
    const started = Date.now();
    const paid = await completePayment(db, o.orderId, o.paypalOrderId, { paypal });
    expect(Date.now() - started).toBeLessThan(LATE_MS);
    expect(paid.captureId).toBeTruthy();
    await completePayment(db, o.orderId, o.paypalOrderId, { paypal });
    expect(await ledger(o)).toMatchObject({ status: "paid", captureId: paid.captureId, captures: 1, stock: 1, mails: PAID_MAILS });
  });

  it.each([
    ["the buyer's next visit", (o: { orderId: number }) => startPayment(db, o.orderId, { appUrl: APP_URL, paypal })],
    ["the reconciliation job", () => reconcilePayments(db, paypal, new Date(Date.now() + RECONCILE_AFTER_MS + 60_000))],
  ])("still in flight when the shop gave up, landing later: %s records it, and nothing is captured twice", async (_who, recover) => {
    const o = await approvedOrder();
    await control("hold-capture", { orderId: o.paypalOrderId });
    // PayPal has not captured yet when the shop asks: the shop gives the stock back and says so.
    await rejection(completePayment(db, o.orderId, o.paypalOrderId, { paypal }), PaymentError);
    expect(await ledger(o)).toMatchObject({ status: "unpaid", reserved: 0, stock: 3, captures: 0 });

    // Then PayPal's capture goes through after all: the money is taken, the shop does not know.
    await control("release-capture", { orderId: o.paypalOrderId });
    await expect.poll(async () => (await ledger(o)).captures).toBe(1);

    await recover(o).catch((error: unknown) => {
      // The payment page finds the order paid and says so instead of starting a second payment.
      expect(error).toBeInstanceOf(PaymentError);
      expect((error as PaymentError).message).toBe("This order is already paid");
    });
    const after = await ledger(o);
    expect(after).toMatchObject({ status: "paid", captures: 1, stock: 1, mails: PAID_MAILS });
    expect(after.points).toBe(300 - after.used + after.toEarn!);
  });
});

describe("a refund PayPal answers 500, or answers too late", () => {
  it("500: the order stays paid, and the admin's retry refunds once, cancels once, gives stock and points back once", async () => {
    const o = await paidOrder();
    await control("fail-next-refund", { captureId: o.captureId, status: 500, issue: "INTERNAL_SERVER_ERROR" });
    const error = await rejection(adminCancelOrder(db, o.orderId, { paypal }), RefundError);
    expect(error.message).toBe(REFUND_UNANSWERED_TEXT);
    expect(await ledger(o)).toMatchObject({ status: "paid", stock: 1, refundsAtPaypal: [], refunds: [expect.objectContaining({ status: "REQUESTED" })] });

    await adminCancelOrder(db, o.orderId, { paypal });
    const after = await ledger(o);
    expect(after).toMatchObject({ status: "cancelled", stock: 3, points: 300, mails: [...PAID_MAILS, "order-cancelled"].sort() });
    expect(after.refundsAtPaypal).toHaveLength(1);
    expect(after.refunds).toEqual([expect.objectContaining({ status: "COMPLETED", paypalRefundId: after.refundsAtPaypal[0]!.id })]);
    await rejection(adminCancelOrder(db, o.orderId, { paypal }), DomainError);
    expect((await ledger(o)).refundsAtPaypal).toHaveLength(1);
  });

  it("made by PayPal but answered late: the retry sends the same PayPal-Request-Id and PayPal answers with the same refund", async () => {
    const o = await paidOrder();
    await shipOrder(db, o.orderId, "FAULT-1");
    const items = await db.selectFrom("order_items").select(["id", "quantity"]).where("order_id", "=", o.orderId).execute();
    const total = (await db.selectFrom("orders").select("total_cents as t").where("id", "=", o.orderId).executeTakeFirstOrThrow()).t;
    // The whole order comes back: every item, the whole payment.
    const wholeReturn = { amountCents: total, restock: items.map((i) => ({ orderItemId: i.id, quantity: i.quantity })) };
    await control("delay-next-refund", { captureId: o.captureId, ms: LATE_MS });
    const error = await rejection(processReturn(db, o.orderId, wholeReturn, { paypal }), RefundError);
    expect(error.message).toBe(REFUND_UNANSWERED_TEXT);
    // PayPal did refund; the shop changed nothing yet and keeps the request open.
    let now = await ledger(o);
    expect(now.refundsAtPaypal).toHaveLength(1);
    expect(now).toMatchObject({ status: "shipped", stock: 1, refunds: [expect.objectContaining({ status: "REQUESTED", amountCents: total })] });

    // Another refund while that one is open is refused: it could refund twice.
    await rejection(processReturn(db, o.orderId, { ...wholeReturn, amountCents: 500 }, { paypal }), DomainError);
    // The admin tries the same return again: one refund at PayPal, recorded once, the items back on the shelf once.
    await processReturn(db, o.orderId, wholeReturn, { paypal });
    now = await ledger(o);
    expect(now.refundsAtPaypal).toHaveLength(1);
    expect(now.refunds).toEqual([expect.objectContaining({ status: "COMPLETED", amountCents: total, paypalRefundId: now.refundsAtPaypal[0]!.id })]);
    // The points earned are taken back once; those the discount spent stay spent, as on any return.
    expect(now).toMatchObject({ status: "returned", stock: 3, points: 300 - now.used });
    expect(now.mails.filter((k) => k === "order-refunded")).toHaveLength(1);
  });

  it("answered late and nobody retries: the reconciliation job settles it a minute later, with one refund", async () => {
    const o = await paidOrder();
    await control("delay-next-refund", { captureId: o.captureId, ms: LATE_MS });
    await rejection(adminCancelOrder(db, o.orderId, { paypal }), RefundError);
    expect((await ledger(o)).status).toBe("paid");
    await reconcilePayments(db, paypal, new Date(Date.now() + 2 * 60_000));
    const after = await ledger(o);
    expect(after).toMatchObject({ status: "cancelled", stock: 3, points: 300 });
    expect(after.refundsAtPaypal).toHaveLength(1);
    expect(after.refunds).toEqual([expect.objectContaining({ status: "COMPLETED", paypalRefundId: after.refundsAtPaypal[0]!.id })]);
  });
});

describe("the emulator's late-answer controls", () => {
  it("refuse a delay that is not a whole number of milliseconds up to two minutes, and an unknown order or capture", async () => {
    for (const ms of [0, -1, 1.5, "100", 120_001]) expect((await control("delay-next-capture", { ms })).status).toBe(400);
    expect((await control("delay-next-capture", { ms: 10, orderId: "NOSUCHORDER" })).status).toBe(404);
    expect((await control("delay-next-refund", { ms: 10, captureId: "NOSUCHCAPTURE" })).status).toBe(404);
  });
});
