import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { takeOrderPoints, takeOrderStock } from "~/domain/orders/holds.server";
import { createPaypalClient, EMULATOR_MERCHANT_ID, type PaypalClient, PaypalError } from "~/lib/paypal-client.server";
import { STALE_HOLD_MS } from "~/domain/payments/attempts.server";
import { PaymentError } from "~/domain/payments/payment-order.server";
import { completePayment, startPayment, validateOrderStock } from "~/domain/payments/payments.server";
import { abandonPayment, recoverPayment } from "~/domain/payments/recovery.server";
import { db } from "~/lib/db.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";
import { makeOrder, orderRow, pointsOf, productStock } from "./payments-fixtures";

const CLIENT_ID = "payments-test-client";
const CLIENT_SECRET = "payments-test-secret";
const APP_URL = "http://localhost:3000";

const { emulator, pp } = useEmulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

afterAll(async () => {
  await db.destroy();
});

async function expectPaymentError(promise: Promise<unknown>, kind: PaymentError["kind"], status?: number): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  expect((error as PaymentError).kind).toBe(kind);
  if (status !== undefined) expect((error as PaymentError).status).toBe(status);
  return error as PaymentError;
}

/** An unpaid order of one product (stock `stock`), its PayPal order started and, unless told otherwise, approved. */
async function startedOrder(
  opts: { stock?: number; quantity?: number; approve?: boolean; userId?: number; discount?: { cents: number; points: number } } = {},
) {
  const product = await makeProduct(db, { stock: opts.stock ?? 5, priceCents: 2400 });
  const order = await makeOrder(db, {
    lines: [{ productId: product.id, quantity: opts.quantity ?? 1, title: product.title }],
    userId: opts.userId ?? null,
    loyaltyDiscountCents: opts.discount?.cents,
    loyaltyPointsUsed: opts.discount?.points,
  });
  const started = await startPayment(db, order.id, { appUrl: APP_URL });
  if (opts.approve !== false) await pp.approve(started.paypalOrderId);
  return { product, order, started };
}

async function attempts(orderId: number) {
  return db
    .selectFrom("payment_attempts")
    .select(["paypal_order_id as paypalOrderId", "status", "amount_cents as amountCents"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/**
 * Records a PayPal order made outside the shop as if the shop had created it for the order: the
 * tampering tests below reach the checks behind "was it made by the shop" (tested on its own).
 */
async function recordAsShopMade(orderId: number, paypalOrderId: string, amountCents = 2900) {
  await db.insertInto("payment_attempts").values({ order_id: orderId, paypal_order_id: paypalOrderId, status: "CREATED", amount_cents: amountCents }).execute();
}

describe("startPayment", () => {
  it("creates the PayPal order for exactly the order's total, with the order as reference, and marks nothing paid", async () => {
    const { product, order, started } = await startedOrder({ quantity: 2, approve: false });
    expect(order.totalCents).toBe(2 * 2400 + 500);
    expect(started.status).toBe("CREATED");
    expect(started.approveUrl).toBe(`${emulator.url}/checkoutnow?token=${started.paypalOrderId}`);
    expect(started.links.map((l) => l.rel)).toContain("approve");

    const atPaypal = (await pp.getOrder(started.paypalOrderId)).body;
    expect(atPaypal).toMatchObject({
      intent: "CAPTURE",
      status: "CREATED",
      purchase_units: [{ reference_id: String(order.id), custom_id: String(order.id), amount: { currency_code: "USD", value: "53.00" } }],
    });
    const stored = emulator.state.orders.get(started.paypalOrderId)!;
    expect(stored.return_url).toBe(`${APP_URL}/order/${order.id}/paypal-return`);
    expect(stored.cancel_url).toBe(`${APP_URL}/order/${order.id}/paypal-cancel`);
    expect(stored.brand_name).toBe("Little Stitches Atelier");

    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", paypalOrderId: null, paypalCaptureId: null, stockReserved: 0, paidAt: null });
    expect((await productStock(db, product.id)).stock).toBe(5);
    expect(await attempts(order.id)).toEqual([{ paypalOrderId: started.paypalOrderId, status: "CREATED", amountCents: 5300 }]);
  });

  it("gives a retry the same PayPal order instead of a second one", async () => {
    const { order, started } = await startedOrder({ approve: false });
    const again = await startPayment(db, order.id, { appUrl: APP_URL });
    expect(again.paypalOrderId).toBe(started.paypalOrderId);
    expect(await attempts(order.id)).toHaveLength(1);
  });

  it("sends an already approved PayPal order straight to the shop's return URL", async () => {
    const { order, started } = await startedOrder();
    const again = await startPayment(db, order.id, { appUrl: APP_URL });
    expect(again).toMatchObject({ paypalOrderId: started.paypalOrderId, status: "APPROVED" });
    expect(again.approveUrl).toBe(`${APP_URL}/order/${order.id}/paypal-return?token=${started.paypalOrderId}`);
  });

  it("refuses an order whose stock is gone, a paid one and a cancelled one", async () => {
    const product = await makeProduct(db, { stock: 1 });
    const short = await makeOrder(db, { lines: [{ productId: product.id, quantity: 2, title: "Lace Bonnet" }] });
    const stock = await expectPaymentError(startPayment(db, short.id, { appUrl: APP_URL }), "stock", 409);
    expect(stock.message).toBe("Lace Bonnet: only 1 items available in stock (you ordered 2)");
    const paid = await makeOrder(db, { lines: [{ productId: product.id }], status: "paid" });
    expect((await expectPaymentError(startPayment(db, paid.id, { appUrl: APP_URL }), "state", 409)).message).toBe("This order is already paid");
    const cancelled = await makeOrder(db, { lines: [{ productId: product.id }], status: "unpaidcancelled" });
    expect((await expectPaymentError(startPayment(db, cancelled.id, { appUrl: APP_URL }), "state", 409)).message).toBe("This order has been cancelled");
    await expectPaymentError(startPayment(db, 999_999, { appUrl: APP_URL }), "state", 404);
    expect(emulator.state.orders.size).toBeGreaterThan(0);
  });

  it("says payments are not configured when there is no PayPal", async () => {
    const product = await makeProduct(db);
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    await expectPaymentError(startPayment(db, order.id, { appUrl: APP_URL, paypal: null }), "unavailable");
  });
});

describe("validateOrderStock", () => {
  it("answers {hasStockIssues, message} from current stock, colours and deleted products included", async () => {
    const plain = await makeProduct(db, { stock: 3, title: "Tiny Beret" });
    const colored = await makeProduct(db, {
      title: "Tea Dress",
      colors: [
        { colorId: 3, stock: 0 },
        { colorId: 4, stock: 2 },
      ],
    });
    const fine = await makeOrder(db, {
      lines: [
        { productId: plain.id, quantity: 3 },
        { productId: colored.id, colorId: 4, quantity: 2 },
      ],
    });
    expect(await validateOrderStock(db, fine.id)).toEqual({ hasStockIssues: false, message: "" });

    const short = await makeOrder(db, {
      lines: [
        { productId: plain.id, quantity: 4, title: "Tiny Beret" },
        { productId: colored.id, colorId: 3, title: "Tea Dress" },
      ],
    });
    expect(await validateOrderStock(db, short.id)).toEqual({
      hasStockIssues: true,
      message: "Tiny Beret: only 3 items available in stock (you ordered 4); Tea Dress is sold out",
    });

    const gone = await makeProduct(db, { title: "Gone Cape" });
    const withGone = await makeOrder(db, { lines: [{ productId: gone.id, title: "Gone Cape" }] });
    await db.deleteFrom("product_images").where("product_id", "=", gone.id).execute();
    await db.deleteFrom("products").where("id", "=", gone.id).execute();
    expect(await validateOrderStock(db, withGone.id)).toEqual({ hasStockIssues: true, message: "Gone Cape is no longer available" });
  });
});

describe("completePayment", () => {
  it("marks the order paid only after a COMPLETED capture of exactly the total, takes stock, awards points and empties the cart", async () => {
    const user = await makeUser(db);
    const cart = await db.insertInto("carts").values({ user_id: user.id }).returning("id").executeTakeFirstOrThrow();
    const { product, order, started } = await startedOrder({ stock: 4, quantity: 2, userId: user.id });
    await db.insertInto("cart_items").values({ cart_id: cart.id, product_id: product.id, quantity: 2 }).execute();

    const result = await completePayment(db, order.id, started.paypalOrderId);
    const captureId = emulator.state.orders.get(started.paypalOrderId)!.purchase_units[0]!.payments!.captures[0]!.id;
    expect(result).toEqual({ id: order.id, confirmationToken: order.token, paypalOrderId: started.paypalOrderId, captureId });
    expect(await orderRow(db, order.id)).toMatchObject({
      status: "paid",
      paypalOrderId: started.paypalOrderId,
      paypalCaptureId: captureId,
      stockReserved: 1,
      pointsAwarded: 48,
    });
    expect((await orderRow(db, order.id)).paidAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await productStock(db, product.id)).toEqual({ stock: 2, total: 2 });
    expect(await pointsOf(db, user.id)).toBe(48);
    expect(await db.selectFrom("cart_items").select("id").where("cart_id", "=", cart.id).execute()).toEqual([]);
    expect((await pp.getOrder(started.paypalOrderId)).body.purchase_units[0].payments.captures[0]).toMatchObject({
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "53.00" },
    });
    expect((await attempts(order.id))[0]!.status).toBe("COMPLETED");
  });

  it("is idempotent: again, and again concurrently, it answers the same order and changes nothing", async () => {
    const { product, order, started } = await startedOrder({ stock: 3 });
    const first = await completePayment(db, order.id, started.paypalOrderId);
    const before = await orderRow(db, order.id);
    const again = await Promise.all([completePayment(db, order.id, started.paypalOrderId), completePayment(db, order.id, started.paypalOrderId)]);
    expect(again).toEqual([first, first]);
    expect(await orderRow(db, order.id)).toEqual(before);
    expect((await productStock(db, product.id)).stock).toBe(2);
    expect([...emulator.state.captures.values()].filter((id) => id === started.paypalOrderId)).toHaveLength(1);
  });

  it("two first captures of the same PayPal order at once (PayPal's approval webhook and the buyer's return) both answer paid", async () => {
    const { product, order, started } = await startedOrder({ stock: 3 });
    const both = await Promise.all([completePayment(db, order.id, started.paypalOrderId), completePayment(db, order.id, started.paypalOrderId)]);
    expect(both[0]).toEqual(both[1]);
    expect(both[0]!.captureId).toBeTruthy();
    expect((await orderRow(db, order.id)).status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(2);
    expect([...emulator.state.captures.values()].filter((id) => id === started.paypalOrderId)).toHaveLength(1);
  });

  it("never captures a PayPal order the buyer has not approved", async () => {
    const { product, order, started } = await startedOrder({ approve: false });
    await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "failed", 409);
    expect((await pp.getOrder(started.paypalOrderId)).body.status).toBe("CREATED");
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null });
    expect((await productStock(db, product.id)).stock).toBe(5);
  });

  it("refuses a PayPal order for another amount (4xx, nothing captured, not paid)", async () => {
    const product = await makeProduct(db, { stock: 5 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    expect(order.totalCents).toBe(2900);
    for (const [value, currency] of [
      ["1.00", "USD"],
      ["29.01", "USD"],
      ["29.00", "EUR"],
    ] as const) {
      const cheap = await pp.createOrder(String(order.id), value, currency);
      await recordAsShopMade(order.id, cheap.id);
      await pp.approve(cheap.id);
      const error = await expectPaymentError(completePayment(db, order.id, cheap.id), "mismatch", 400);
      expect(error.message).toBe("The PayPal payment amount does not match this order's total of 29.00 USD");
      expect((await pp.getOrder(cheap.id)).body.status).toBe("APPROVED");
    }
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null });
    expect((await productStock(db, product.id)).stock).toBe(5);
  });

  it("refuses a PayPal order made for another shop order, and an unknown one", async () => {
    const product = await makeProduct(db, { stock: 5 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    const other = await pp.createOrder(String(order.id + 1000), "29.00");
    await recordAsShopMade(order.id, other.id);
    await pp.approve(other.id);
    expect((await expectPaymentError(completePayment(db, order.id, other.id), "mismatch", 409)).message).toBe("This PayPal payment belongs to another order");
    await expectPaymentError(completePayment(db, order.id, "UNKNOWN0000000000"), "mismatch", 400);
    await expectPaymentError(completePayment(db, order.id, "../../v1/oauth2/token"), "mismatch", 400);
    expect((await pp.getOrder(other.id)).body.status).toBe("APPROVED");
    expect((await orderRow(db, order.id)).status).toBe("unpaid");
  });

  it("refuses a PayPal order id another order already used or started (409)", async () => {
    const paid = await startedOrder();
    await completePayment(db, paid.order.id, paid.started.paypalOrderId);
    const second = await makeOrder(db, { lines: [{ productId: paid.product.id }] });
    const reused = await expectPaymentError(completePayment(db, second.id, paid.started.paypalOrderId), "mismatch", 409);
    expect(reused.message).toBe("This PayPal payment belongs to another order");

    const open = await startedOrder();
    const third = await makeOrder(db, { lines: [{ productId: open.product.id }] });
    await expectPaymentError(completePayment(db, third.id, open.started.paypalOrderId), "mismatch", 409);
    expect(await orderRow(db, second.id)).toMatchObject({ status: "unpaid", paypalOrderId: null });
    expect(await orderRow(db, third.id)).toMatchObject({ status: "unpaid", paypalOrderId: null });
    expect(await orderRow(db, open.order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
  });

  it("answers 409 for an order already paid with another PayPal order", async () => {
    const { product, order, started } = await startedOrder();
    await completePayment(db, order.id, started.paypalOrderId);
    const late = await pp.createOrder(String(order.id), "29.00");
    await pp.approve(late.id);
    expect((await expectPaymentError(completePayment(db, order.id, late.id), "state", 409)).message).toBe("This order is already paid");
    expect((await pp.getOrder(late.id)).body.status).toBe("APPROVED");
    expect((await productStock(db, product.id)).stock).toBe(4);
  });

  it("gives stock back when PayPal refuses the capture (the points stay with the unpaid order), and a new attempt then pays", async () => {
    const user = await makeUser(db);
    await db.updateTable("users").set({ loyalty_points: 120 }).where("id", "=", user.id).execute();
    const { product, order, started } = await startedOrder({ stock: 2, quantity: 2, userId: user.id, discount: { cents: 500, points: 50 } });
    await pp.failNextCapture();
    const refused = await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "failed", 409);
    expect(refused.message).toBe("There was an error processing your PayPal payment. Please try again.");
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null, paypalCaptureId: null });
    expect(await productStock(db, product.id)).toEqual({ stock: 2, total: 2 });
    // The discount's points are the order's until it is paid, expires or is cancelled.
    expect(await pointsOf(db, user.id)).toBe(70);
    const events = await db
      .selectFrom("loyalty_events")
      .select(["event_type as type", "points", "points_after as after"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(events).toEqual([{ type: "order_spend", points: -50, after: 70 }]);
    expect((await attempts(order.id))[0]!.status).toBe("FAILED");

    // Coming back with the refused PayPal order changes nothing; a new attempt gets a new PayPal order.
    await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "failed");
    expect(await productStock(db, product.id)).toEqual({ stock: 2, total: 2 });
    const retry = await startPayment(db, order.id, { appUrl: APP_URL });
    expect(retry.paypalOrderId).not.toBe(started.paypalOrderId);
    await pp.approve(retry.paypalOrderId);
    await completePayment(db, order.id, retry.paypalOrderId);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalOrderId: retry.paypalOrderId });
    expect((await productStock(db, product.id)).stock).toBe(0);
    // 120, minus the 50 the discount used, plus 1 point per dollar of the $48.00 subtotal.
    expect(await pointsOf(db, user.id)).toBe(120 - 50 + 48);
  });

  it("never pays an order with a PayPal order the shop did not create, even for the right reference and total", async () => {
    const product = await makeProduct(db, { stock: 5 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    // The buyer creates it herself with the shop's public client id (PayPal's script can).
    const own = await pp.createOrder(String(order.id), "29.00");
    await pp.approve(own.id);
    expect((await expectPaymentError(completePayment(db, order.id, own.id), "mismatch", 400)).message).toBe("This PayPal payment was not started by this shop");
    expect((await pp.getOrder(own.id)).body.status).toBe("APPROVED");
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null });
  });

  it("never pays an order with a PayPal order whose payee is not the shop's merchant account", async () => {
    const product = await makeProduct(db, { stock: 5 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    for (const payee of [{ email_address: "attacker@example.com" }, { merchant_id: "ATTACKERACCT1" }]) {
      const theirs = await pp.createOrder(String(order.id), "29.00", "USD", payee);
      expect((theirs.purchase_units as { payee: { merchant_id: string } }[])[0]!.payee.merchant_id).not.toBe(EMULATOR_MERCHANT_ID);
      await recordAsShopMade(order.id, theirs.id as string);
      await pp.approve(theirs.id as string);
      expect((await expectPaymentError(completePayment(db, order.id, theirs.id as string), "mismatch", 400)).message).toBe(
        "This PayPal payment is not made out to this shop",
      );
      expect((await pp.getOrder(theirs.id as string)).body.status).toBe("APPROVED");
    }
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null });
  });

  it("a capture PayPal leaves PENDING is not a failure: the stock stays taken, the order waits, 'Payment pending'", async () => {
    const { product, order, started } = await startedOrder({ stock: 1 });
    await pp.completeNextCaptureWith("PENDING", started.paypalOrderId);
    const error = await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "pending", 409);
    expect(error.message).toMatch(/PayPal is still reviewing this payment/);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 1 });
    expect((await productStock(db, product.id)).stock).toBe(0);
    expect((await attempts(order.id))[0]!.status).toBe("PENDING");
    // A visit of the payment page (PayPal's return URL sends the buyer there) asks PayPal again
    // and still says pending; leaving through PayPal's cancel link gives nothing back.
    expect(await recoverPayment(db, order.id)).toBe("pending");
    expect((await attempts(order.id))[0]!.status).toBe("PENDING");
    await abandonPayment(db, order.id, started.paypalOrderId);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 1 });
    expect((await productStock(db, product.id)).stock).toBe(0);
  });

  it("treats a capture PayPal DECLINED as not paid and gives the stock back", async () => {
    for (const status of ["DECLINED"] as const) {
      const { product, order, started } = await startedOrder({ stock: 1 });
      await pp.completeNextCaptureWith(status, started.paypalOrderId);
      await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "failed", 409);
      expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null });
      expect((await productStock(db, product.id)).stock).toBe(1);
      expect((await attempts(order.id))[0]!.status).toBe(status);
    }
  });

  it("a capture failure aimed at one PayPal order leaves other payments alone (emulator control with orderId)", async () => {
    const target = await startedOrder({ stock: 1 });
    const bystander = await startedOrder({ stock: 1 });
    await pp.failNextCapture({ orderId: target.started.paypalOrderId });
    await completePayment(db, bystander.order.id, bystander.started.paypalOrderId);
    expect((await orderRow(db, bystander.order.id)).status).toBe("paid");
    await expectPaymentError(completePayment(db, target.order.id, target.started.paypalOrderId), "failed", 409);
    expect((await orderRow(db, target.order.id)).status).toBe("unpaid");
    const unknown = await fetch(`${emulator.url}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify({ orderId: "NOPE" }) });
    expect(unknown.status).toBe(404);
  });

  it("gives stock back after a PayPal server error when PayPal's record shows no capture", async () => {
    const { product, order, started } = await startedOrder({ stock: 1 });
    await pp.failNextCapture({ status: 500, issue: "INTERNAL_SERVICE_ERROR" });
    await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "failed", 409);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect((await productStock(db, product.id)).stock).toBe(1);
  });

  it("records a capture PayPal completed although its answer was lost, without capturing twice", async () => {
    const { product, order, started } = await startedOrder({ stock: 2 });
    const real = createPaypalClient({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const lossy: PaypalClient = {
      ...real,
      createOrder: real.createOrder,
      getOrder: real.getOrder,
      async captureOrder(id, requestId) {
        await real.captureOrder(id, requestId);
        throw new PaypalError("PayPal capture: PayPal timed out", 0);
      },
    };
    const result = await completePayment(db, order.id, started.paypalOrderId, { paypal: lossy });
    expect(result.id).toBe(order.id);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalOrderId: started.paypalOrderId });
    expect((await productStock(db, product.id)).stock).toBe(1);
  });
});

describe("concurrency", () => {
  it("twenty buyers paying at once for the last unit: exactly one paid order and stock 0", async () => {
    const product = await makeProduct(db, { stock: 1, title: "Last Lace Dress" });
    const orders = [];
    for (let i = 0; i < 20; i++) {
      const order = await makeOrder(db, { lines: [{ productId: product.id, title: "Last Lace Dress" }] });
      const started = await startPayment(db, order.id, { appUrl: APP_URL });
      await pp.approve(started.paypalOrderId);
      orders.push({ order, started });
    }
    const outcomes = await Promise.allSettled(orders.map(({ order, started }) => completePayment(db, order.id, started.paypalOrderId)));
    const paid = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(PaymentError);
      expect(r.reason).toMatchObject({ kind: "stock", status: 409 });
      expect(r.reason.message).toContain("items available in stock");
    }
    expect(await productStock(db, product.id)).toEqual({ stock: 0, total: 0 });
    const statuses = await db
      .selectFrom("orders")
      .select(["status", "stock_reserved as held"])
      .where(
        "id",
        "in",
        orders.map((o) => o.order.id),
      )
      .execute();
    expect(statuses.filter((s) => s.status === "paid")).toHaveLength(1);
    expect(statuses.filter((s) => s.held === 1)).toHaveLength(1);
    // Only the winner was captured: nobody else was charged.
    const captured = orders.filter(({ started }) => emulator.state.orders.get(started.paypalOrderId)!.status === "COMPLETED");
    expect(captured).toHaveLength(1);
  });

  it("separate processes with their own SQLite connections never oversell either", async () => {
    const product = await makeProduct(db, { stock: 1, title: "Last Velvet Cape" });
    const jobs = [];
    for (let i = 0; i < 4; i++) {
      const order = await makeOrder(db, { lines: [{ productId: product.id, title: "Last Velvet Cape" }] });
      const started = await startPayment(db, order.id, { appUrl: APP_URL });
      await pp.approve(started.paypalOrderId);
      jobs.push({ order, started });
    }
    const root = path.resolve(import.meta.dirname, "../..");
    const workers = jobs.map(({ order, started }) => {
      const child = spawn(
        path.join(root, "node_modules/.bin/tsx"),
        [
          path.join(import.meta.dirname, "payments-race-worker.ts"),
          process.env.DATABASE_PATH!,
          emulator.url,
          CLIENT_ID,
          CLIENT_SECRET,
          String(order.id),
          started.paypalOrderId,
        ],
        { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
      );
      const lines = createInterface({ input: child.stdout! });
      const queue: string[] = [];
      const waiters: ((line: string) => void)[] = [];
      lines.on("line", (line) => (waiters.length ? waiters.shift()!(line) : queue.push(line)));
      const next = () => new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiters.push(resolve)));
      return { child, next };
    });
    expect(await Promise.all(workers.map((w) => w.next()))).toEqual(["ready", "ready", "ready", "ready"]);
    for (const w of workers) w.child.stdin!.write("go\n");
    const outcomes = (await Promise.all(workers.map((w) => w.next()))).map((line) => JSON.parse(line) as { ok: boolean; kind?: string });
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.kind)).toEqual(["stock", "stock", "stock"]);
    expect(await productStock(db, product.id)).toEqual({ stock: 0, total: 0 });
    const paid = await db
      .selectFrom("orders")
      .select("id")
      .where(
        "id",
        "in",
        jobs.map((j) => j.order.id),
      )
      .where("status", "=", "paid")
      .execute();
    expect(paid).toHaveLength(1);
  }, 60_000);
});

describe("abandon and recovery", () => {
  /** Leaves the order holding its stock and points as a capture in progress would (`ageMs` old). */
  async function holdStock(orderId: number, paypalOrderId: string, ageMs: number) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", orderId).execute();
      await takeOrderStock(trx, orderId);
      await takeOrderPoints(trx, orderId);
      await trx
        .updateTable("payment_attempts")
        .set({ status: "CAPTURING", updated_at: new Date(Date.now() - ageMs).toISOString() })
        .where("paypal_order_id", "=", paypalOrderId)
        .execute();
    });
  }

  it("abandonPayment gives held stock back when PayPal saw no approval; the points stay with the order, which can be paid later", async () => {
    const user = await makeUser(db);
    await db.updateTable("users").set({ loyalty_points: 60 }).where("id", "=", user.id).execute();
    const { product, order, started } = await startedOrder({ stock: 1, userId: user.id, discount: { cents: 500, points: 50 }, approve: false });
    await holdStock(order.id, started.paypalOrderId, STALE_HOLD_MS + 1000);
    expect((await productStock(db, product.id)).stock).toBe(0);
    expect(await pointsOf(db, user.id)).toBe(10);

    await abandonPayment(db, order.id, started.paypalOrderId);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect(await productStock(db, product.id)).toEqual({ stock: 1, total: 1 });
    expect(await pointsOf(db, user.id)).toBe(10);
    await abandonPayment(db, order.id, started.paypalOrderId);
    expect((await productStock(db, product.id)).stock).toBe(1);

    const retry = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(retry.paypalOrderId);
    await completePayment(db, order.id, retry.paypalOrderId);
    expect((await orderRow(db, order.id)).status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(0);
    expect(await pointsOf(db, user.id)).toBe(10 + 24);
  });

  it("abandonPayment leaves a capture that is in progress for another PayPal order alone", async () => {
    const { product, order, started } = await startedOrder({ stock: 1 });
    await holdStock(order.id, started.paypalOrderId, 0);
    await abandonPayment(db, order.id, "SOMEOTHERPAYPAL01");
    expect((await orderRow(db, order.id)).stockReserved).toBe(1);
    expect((await productStock(db, product.id)).stock).toBe(0);
    // The same order paid again meanwhile: told to wait, nothing captured.
    const other = await pp.createOrder(String(order.id), "29.00");
    await recordAsShopMade(order.id, other.id);
    await pp.approve(other.id);
    await expectPaymentError(completePayment(db, order.id, other.id), "in-progress", 409);
    expect((await pp.getOrder(other.id)).body.status).toBe("APPROVED");
  });

  it("recoverPayment records a capture that completed at PayPal but was never recorded", async () => {
    const user = await makeUser(db);
    const cart = await db.insertInto("carts").values({ user_id: user.id }).returning("id").executeTakeFirstOrThrow();
    const { product, order, started } = await startedOrder({ stock: 3, userId: user.id });
    await db.insertInto("cart_items").values({ cart_id: cart.id, product_id: product.id, quantity: 1 }).execute();
    const captured = await pp.capture(started.paypalOrderId);
    expect(captured.status).toBe(201);
    expect((await orderRow(db, order.id)).status).toBe("unpaid");

    expect(await recoverPayment(db, order.id)).toBe("recorded");
    expect(await orderRow(db, order.id)).toMatchObject({
      status: "paid",
      paypalOrderId: started.paypalOrderId,
      paypalCaptureId: captured.body.purchase_units[0].payments.captures[0].id,
      stockReserved: 1,
    });
    expect((await productStock(db, product.id)).stock).toBe(2);
    expect(await db.selectFrom("cart_items").select("id").where("cart_id", "=", cart.id).execute()).toEqual([]);
    expect(await recoverPayment(db, order.id)).toBe("none");
    // And completePayment with that PayPal order now answers the same order.
    expect((await completePayment(db, order.id, started.paypalOrderId)).id).toBe(order.id);
  });

  it("money PayPal took when the stock has gone meanwhile is refunded, the order cancelled, and the owner told", async () => {
    const { product, order, started } = await startedOrder({ stock: 1 });
    await pp.capture(started.paypalOrderId);
    await db.updateTable("products").set({ stock: 0, total_stock: 0 }).where("id", "=", product.id).execute();
    await expectPaymentError(completePayment(db, order.id, started.paypalOrderId), "stock", 409);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    expect((await productStock(db, product.id)).stock).toBe(0);
    const refunds = await db.selectFrom("refunds").select(["kind", "status"]).where("order_id", "=", order.id).execute();
    expect(refunds).toEqual([{ kind: "automatic", status: "COMPLETED" }]);
    const alerts = await db
      .selectFrom("outbox")
      .select("event_key as key")
      .where("kind", "=", "owner-payment-alert")
      .where("event_key", "like", `owner-payment-alert:${order.id}:%`)
      .execute();
    expect(alerts).toHaveLength(1);
  });

  it("a hold left by a lost connection is settled by the next visit: released when PayPal has no capture", async () => {
    const { product, order, started } = await startedOrder({ stock: 1 });
    const real = createPaypalClient({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const offline: PaypalClient = {
      ...real,
      createOrder: real.createOrder,
      getOrder: async (id) => {
        if (emulator.state.orders.get(id)?.status === "APPROVED" && (await orderRow(db, order.id)).stockReserved === 1)
          throw new PaypalError("PayPal get order: PayPal could not be reached", 0);
        return real.getOrder(id);
      },
      captureOrder: async () => {
        throw new PaypalError("PayPal capture: PayPal could not be reached", 0);
      },
    };
    await expectPaymentError(completePayment(db, order.id, started.paypalOrderId, { paypal: offline }), "unavailable");
    // Unknown outcome: the stock stays held for now.
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 1 });
    expect((await productStock(db, product.id)).stock).toBe(0);
    expect(await recoverPayment(db, order.id)).toBe("none");
    expect((await orderRow(db, order.id)).stockReserved).toBe(1);

    await db
      .updateTable("payment_attempts")
      .set({ updated_at: new Date(Date.now() - STALE_HOLD_MS - 1000).toISOString() })
      .where("order_id", "=", order.id)
      .execute();
    expect(await recoverPayment(db, order.id)).toBe("none");
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect((await productStock(db, product.id)).stock).toBe(1);
    // The same PayPal order can still be paid.
    await completePayment(db, order.id, started.paypalOrderId);
    expect((await orderRow(db, order.id)).status).toBe("paid");
  });

  it("a stale hold whose capture did complete is recorded when another payment arrives", async () => {
    const { product, order, started } = await startedOrder({ stock: 1 });
    await holdStock(order.id, started.paypalOrderId, STALE_HOLD_MS + 1000);
    await pp.capture(started.paypalOrderId);
    const other = await pp.createOrder(String(order.id), "29.00");
    await recordAsShopMade(order.id, other.id);
    await pp.approve(other.id);
    await expectPaymentError(completePayment(db, order.id, other.id), "state", 409);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalOrderId: started.paypalOrderId, stockReserved: 1 });
    expect((await productStock(db, product.id)).stock).toBe(0);
    expect((await pp.getOrder(other.id)).body.status).toBe("APPROVED");
  });
});
