import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { addToCart } from "~/domain/cart/cart.server";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { placeOrder } from "~/domain/orders/checkout.server";
import { expireUnpaidOrders } from "~/domain/orders/expiry.server";
import { cancelUnpaidOrder } from "~/domain/orders/order-actions.server";
import { CheckoutSchema } from "~/domain/orders/schemas";
import { createPaypalClient, type PaypalClient, type PaypalOrder } from "~/lib/paypal-client.server";
import { STALE_HOLD_MS } from "~/domain/payments/attempts.server";
import { completePayment, settlePaypalOrder, startPayment } from "~/domain/payments/payments.server";
import { abandonPayment } from "~/domain/payments/recovery.server";
import { makeRefund } from "~/domain/payments/refunds.server";
import { db } from "~/lib/db.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";
import { makeOrder, orderRow, pointsOf, productStock } from "./payments-fixtures";

// What an order holds (stock lines, loyalty points) and giving back only that: points taken at
// placement, cancellations in any order, a capture landing without stock, the cancel URL during
// a capture, and refunds checked inside their transaction. Real SQLite, the emulator in process.

const CLIENT_ID = "holds-test-client";
const CLIENT_SECRET = "holds-test-secret";
const APP_URL = "http://localhost:3000";

const { emulator, pp, warn } = useEmulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

afterAll(async () => {
  await db.destroy();
});

const ADDRESS = {
  email: "points@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  addressLine1: "1 Loom Street",
  city: "London",
  postalCode: "N1 9GU",
  country: "GB",
  agreeToTerms: true,
};

async function customerWithPoints(points: number) {
  const user = await makeUser(db, { email: `holds-${Math.random().toString(36).slice(2)}@example.com` });
  if (points > 0) await db.transaction().execute((trx) => recordPointsEvent(trx, user.id, { type: "admin_reward", description: "Test", points }));
  return user;
}

/** Places an order with the loyalty discount ticked, from a cart of its own (`cartKey`), for the customer. */
async function placeWithPoints(userId: number, productId: number, cartKey: string, quantity = 2) {
  await addToCart(db, { cartKey }, { productId, quantity });
  const input = CheckoutSchema.parse({ ...ADDRESS, useLoyaltyPoints: true });
  return placeOrder(db, { owner: { cartKey }, userId, sessionKey: null }, input);
}

async function heldPoints(orderId: number) {
  return db
    .selectFrom("orders")
    .select(["points_taken as taken", "loyalty_points_used as used", "loyalty_discount_cents as discount"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
}

async function outboxTo(kind: string, orderId: number) {
  const rows = await db.selectFrom("outbox").select(["kind", "data"]).where("kind", "=", kind).execute();
  return rows.filter((r) => (JSON.parse(r.data) as { orderId: number }).orderId === orderId);
}

async function eventsOf(orderId: number) {
  return db.selectFrom("order_events").select(["type", "message"]).where("order_id", "=", orderId).orderBy("id").execute();
}

describe("points at placement", () => {
  it("takes the discount's points when the order is placed, and gives them back once on expiry", async () => {
    const user = await customerWithPoints(50);
    const product = await makeProduct(db, { stock: 5, priceCents: 2000 });
    const placed = await placeWithPoints(user.id, product.id, `cart-${Math.random()}`);
    expect(await heldPoints(placed.id)).toMatchObject({ taken: 50, used: 50, discount: 500 });
    expect(await pointsOf(db, user.id)).toBe(0);

    await db
      .updateTable("orders")
      .set({ created_at: "2020-01-01T00:00:00.000Z", updated_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", placed.id)
      .execute();
    expect(await expireUnpaidOrders(db, new Date(), 72)).toContain(placed.id);
    expect(await pointsOf(db, user.id)).toBe(50);
    // Expired again, cancelled after: nothing more comes back.
    await expireUnpaidOrders(db, new Date(), 72);
    await expect(cancelUnpaidOrder(db, placed.id)).rejects.toMatchObject({ status: 409 });
    await expect(adminCancelOrder(db, placed.id, { paypal: null })).rejects.toMatchObject({ status: 409 });
    expect(await pointsOf(db, user.id)).toBe(50);
  });

  it("two orders racing for one set of points: only one gets the discount, and no point is made or lost", async () => {
    const user = await customerWithPoints(50);
    const product = await makeProduct(db, { stock: 10, priceCents: 2000 });
    const [a, b] = await Promise.all([
      placeWithPoints(user.id, product.id, `race-a-${Math.random()}`),
      placeWithPoints(user.id, product.id, `race-b-${Math.random()}`, 3),
    ]);
    const held = [await heldPoints(a.id), await heldPoints(b.id)];
    expect(held.filter((h) => h.discount > 0)).toHaveLength(1);
    expect(held.every((h) => h.taken === h.used)).toBe(true);
    expect(held.reduce((sum, h) => sum + h.taken, 0) + (await pointsOf(db, user.id))).toBe(50);

    // Cancelling both, in either order and twice, gives back exactly the 50 taken.
    await cancelUnpaidOrder(db, b.id);
    await cancelUnpaidOrder(db, a.id);
    await expect(cancelUnpaidOrder(db, a.id)).rejects.toMatchObject({ status: 409 });
    expect(await pointsOf(db, user.id)).toBe(50);
  });

  it("the customer cancelling an unpaid order gets its points back", async () => {
    const user = await customerWithPoints(60);
    const product = await makeProduct(db, { stock: 5, priceCents: 2000 });
    const placed = await placeWithPoints(user.id, product.id, `cart-${Math.random()}`);
    expect(await pointsOf(db, user.id)).toBe(10);
    await cancelUnpaidOrder(db, placed.id);
    expect(await pointsOf(db, user.id)).toBe(60);
    expect((await heldPoints(placed.id)).taken).toBe(0);
  });
});

describe("cancelling returns only what was taken", () => {
  it("a paid order whose points were never taken gives none back when cancelled, however often", async () => {
    const user = await customerWithPoints(0);
    const product = await makeProduct(db, { stock: 5, priceCents: 2400 });
    // An order whose discount's points are not held (placed before points were taken at placement).
    const order = await makeOrder(db, {
      lines: [{ productId: product.id, title: product.title }],
      userId: user.id,
      loyaltyDiscountCents: 500,
      loyaltyPointsUsed: 50,
    });
    await db.updateTable("orders").set({ status: "paid", stock_reserved: 1 }).where("id", "=", order.id).execute();
    await db.updateTable("order_items").set({ stock_taken: 1 }).where("order_id", "=", order.id).execute();
    await db.updateTable("products").set({ stock: 4, total_stock: 4 }).where("id", "=", product.id).execute();
    await adminCancelOrder(db, order.id, { paypal: null });
    await expect(adminCancelOrder(db, order.id, { paypal: null })).rejects.toMatchObject({ status: 409 });
    expect(await pointsOf(db, user.id)).toBe(0);
    expect((await productStock(db, product.id)).stock).toBe(5);
  });
});

describe("a capture that lands without stock", () => {
  it("is never paid silently: the order is cancelled, refunded automatically, and the owner is told", async () => {
    const product = await makeProduct(db, { stock: 1, priceCents: 2400 });
    const late = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, late.id, { appUrl: APP_URL });
    // Someone else buys the last unit first.
    const first = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const firstStarted = await startPayment(db, first.id, { appUrl: APP_URL });
    await pp.approve(firstStarted.paypalOrderId);
    await completePayment(db, first.id, firstStarted.paypalOrderId);
    expect((await productStock(db, product.id)).stock).toBe(0);

    // The late buyer's PayPal order is captured at PayPal without the shop (the browser, a retry).
    const captured = await fetch(`${emulator.url}/__emulator/capture/${started.paypalOrderId}`, { method: "POST" });
    expect(captured.status).toBe(201);
    await settlePaypalOrder(db, late.id, started.paypalOrderId);

    const row = await orderRow(db, late.id);
    expect(row.status).toBe("cancelled");
    expect((await productStock(db, product.id)).stock).toBe(0);
    const refunds = await db.selectFrom("refunds").select(["kind", "status"]).where("order_id", "=", late.id).execute();
    expect(refunds).toEqual([{ kind: "automatic", status: "COMPLETED" }]);
    const events = await eventsOf(late.id);
    expect(events.map((e) => e.type)).toContain("stock-short");
    expect(events.find((e) => e.type === "stock-short")!.message).toContain(product.title);
    expect(await outboxTo("owner-payment-alert", late.id)).toHaveLength(1);
    expect(warn.mock.calls.flat().join(" ")).not.toMatch(/stock was short/);

    // Cancelling it again gives back nothing it never took.
    await expect(adminCancelOrder(db, late.id, { paypal: null })).rejects.toMatchObject({ status: 409 });
    expect((await productStock(db, product.id)).stock).toBe(0);
  });

  it("a capture whose discount's points are gone is refunded too, and gives no points back later", async () => {
    const user = await customerWithPoints(0);
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, {
      lines: [{ productId: product.id, title: product.title }],
      userId: user.id,
      loyaltyDiscountCents: 500,
      loyaltyPointsUsed: 50,
    });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    const captured = await fetch(`${emulator.url}/__emulator/capture/${started.paypalOrderId}`, { method: "POST" });
    expect(captured.status).toBe(201);
    await settlePaypalOrder(db, order.id, started.paypalOrderId);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    expect((await productStock(db, product.id)).stock).toBe(3);
    expect(await pointsOf(db, user.id)).toBe(0);
    expect((await eventsOf(order.id)).map((e) => e.type)).toContain("stock-short");
    expect(await outboxTo("owner-payment-alert", order.id)).toHaveLength(1);
  });
});

/** The configured client, with its capture held until `release()` is called. */
function heldCaptureClient() {
  const inner = createPaypalClient({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inFlight = new Promise<void>((r) => (entered = r));
  const client: PaypalClient = {
    ...inner,
    async captureOrder(id: string, requestId: string): Promise<PaypalOrder> {
      entered();
      await gate;
      return inner.captureOrder(id, requestId);
    },
  };
  return { client, release, inFlight };
}

describe("the cancel URL during a capture", () => {
  it("never releases the stock of a capture in flight, even for the same PayPal order", async () => {
    const product = await makeProduct(db, { stock: 2, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(started.paypalOrderId);
    const held = heldCaptureClient();
    const paying = completePayment(db, order.id, started.paypalOrderId, { paypal: held.client });
    await held.inFlight;
    expect((await productStock(db, product.id)).stock).toBe(1);

    await abandonPayment(db, order.id, started.paypalOrderId);
    expect((await orderRow(db, order.id)).stockReserved).toBe(1);
    expect((await productStock(db, product.id)).stock).toBe(1);

    held.release();
    await paying;
    expect((await orderRow(db, order.id)).status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(1);
  });

  it("asks PayPal first: an old hold whose PayPal order was captured is recorded, not released", async () => {
    const product = await makeProduct(db, { stock: 2, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(started.paypalOrderId);
    const held = heldCaptureClient();
    const paying = completePayment(db, order.id, started.paypalOrderId, { paypal: held.client }).catch((e: unknown) => e);
    await held.inFlight;
    // The shop's request died after PayPal captured: the hold is old, PayPal has the money.
    await fetch(`${emulator.url}/__emulator/capture/${started.paypalOrderId}`, { method: "POST" });
    const old = new Date(Date.now() - STALE_HOLD_MS - 1000).toISOString();
    await db.updateTable("payment_attempts").set({ updated_at: old }).where("order_id", "=", order.id).execute();

    await abandonPayment(db, order.id, started.paypalOrderId);
    const row = await orderRow(db, order.id);
    expect(row.status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(1);
    held.release();
    await paying;
    expect((await productStock(db, product.id)).stock).toBe(1);
  });

  it("still releases a hold PayPal never saw approved", async () => {
    const product = await makeProduct(db, { stock: 2, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    // A hold left by a crash long ago, for a PayPal order the buyer never approved.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", order.id).execute();
      await trx.updateTable("order_items").set({ stock_taken: 1 }).where("order_id", "=", order.id).execute();
      await trx.updateTable("products").set({ stock: 1, total_stock: 1 }).where("id", "=", product.id).execute();
      await trx
        .updateTable("payment_attempts")
        .set({ status: "CAPTURING", updated_at: new Date(Date.now() - STALE_HOLD_MS - 1000).toISOString() })
        .where("paypal_order_id", "=", started.paypalOrderId)
        .execute();
    });
    await abandonPayment(db, order.id, started.paypalOrderId);
    expect((await orderRow(db, order.id)).stockReserved).toBe(0);
    expect((await productStock(db, product.id)).stock).toBe(2);
  });
});

describe("refunds re-check what is refundable inside their transaction", () => {
  it("a refund beyond what is left is refused by the shop before PayPal is asked", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(started.paypalOrderId);
    const paid = await completePayment(db, order.id, started.paypalOrderId);
    const captureId = paid.captureId!;
    await makeRefund(db, { orderId: order.id, captureId, amountCents: 2000, kind: "return" });
    await expect(makeRefund(db, { orderId: order.id, captureId, amountCents: 2000, kind: "return" })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("not yet refunded"),
    });
    const rows = await db.selectFrom("refunds").select(["status", "amount_cents as cents"]).where("order_id", "=", order.id).execute();
    expect(rows).toEqual([{ status: "COMPLETED", cents: 2000 }]);
  });
});
