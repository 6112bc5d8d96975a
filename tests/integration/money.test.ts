import { sql } from "kysely";
import {
  adminCancelOrder,
  declineCancellation,
  getReturnTerms,
  markDelivered,
  processReturn,
  shipOrder,
  startPacking,
} from "~/domain/orders/fulfilment.server";
import { DomainError } from "~/domain/common/errors";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { expireUnpaidOrders } from "~/domain/orders/expiry.server";
import { getOrderView } from "~/domain/orders/orders.server";
import { listOrderEvents } from "~/domain/orders/transitions.server";
import { createPaypalClient, type PaypalClient } from "~/lib/paypal-client.server";
import { findUnpaidOrderForAmount } from "~/domain/payments/client-terms.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { reconcilePayments } from "~/domain/payments/reconcile.server";
import { listRefunds, RefundError } from "~/domain/payments/refunds.server";
import { handlePaypalWebhook } from "~/domain/payments/webhooks.server";
import { listActivity } from "~/domain/ops/activity.server";
import { ADMIN_ORDER_INTENTS } from "~/domain/orders/fulfilment";
import { handleAdminOrderForm } from "~/web/admin/orders-tab.server";
import { db } from "~/lib/db.server";
import { EMULATOR_WEBHOOK_ID } from "../../tools/paypal-emulator";
import { makeProduct, makeUser } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";
import { makeOrder, orderRow, pointsOf, productStock } from "./payments-fixtures";

// Money after payment against the PayPal emulator over HTTP: refunds (cancel, refusal, a lost
// write), returns with restock and points, the admin's transitions, webhooks (valid, forged,
// replayed), reconciliation and unpaid expiry.

const CLIENT_ID = "money-test-client";
const CLIENT_SECRET = "money-test-secret";
const APP_URL = "http://localhost:3000";
const OWNER = { id: 1, email: "owner@money.test", ip: "192.0.2.77" };

const { emulator, pp, config } = useEmulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
let paypal: PaypalClient;

beforeAll(() => {
  paypal = createPaypalClient(config);
});

afterAll(async () => {
  await db.destroy();
});

async function caught(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** A paid order of `quantity` × a $24 product (stock 5 before), through the emulator; with a user who earned points. */
async function paidOrder(opts: { quantity?: number; withUser?: boolean } = {}) {
  const product = await makeProduct(db, { stock: 5, priceCents: 2400 });
  const user = opts.withUser === false ? null : await makeUser(db);
  const order = await makeOrder(db, { lines: [{ productId: product.id, quantity: opts.quantity ?? 2, title: product.title }], userId: user?.id ?? null });
  const started = await startPayment(db, order.id, { appUrl: APP_URL });
  await pp.approve(started.paypalOrderId);
  const result = await completePayment(db, order.id, started.paypalOrderId);
  return { product, user, order, paypalOrderId: started.paypalOrderId, captureId: result.captureId! };
}

describe("admin cancel of a paid order refunds through PayPal", () => {
  it("refunds the capture in full, records it with the cancellation, puts stock and points back", async () => {
    const { product, user, order, captureId } = await paidOrder();
    expect((await productStock(db, product.id)).stock).toBe(3);
    const earned = (await orderRow(db, order.id)).pointsAwarded;
    expect(earned).toBeGreaterThan(0);
    expect(await pointsOf(db, user!.id)).toBe(earned);

    await adminCancelOrder(db, order.id);

    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    expect((await productStock(db, product.id)).stock).toBe(5);
    expect(await pointsOf(db, user!.id)).toBe(0);
    const [refund] = await listRefunds(db, order.id);
    expect(refund).toMatchObject({ kind: "cancel", status: "COMPLETED", amountCents: order.totalCents, captureId });
    expect(refund!.paypalRefundId).toMatch(/^[A-Z0-9]{17}$/);
    // PayPal's own record agrees.
    const atPaypal = await pp.api("GET", `/v2/payments/refunds/${refund!.paypalRefundId}`);
    expect(atPaypal.body).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: (order.totalCents / 100).toFixed(2) } });
    expect((await pp.api("GET", `/v2/payments/captures/${captureId}`)).body.status).toBe("REFUNDED");
    // The customer's page data shows it; the history says what happened.
    expect((await getOrderView(db, order.id))!.refunds).toEqual([expect.objectContaining({ amountCents: order.totalCents, status: "COMPLETED" })]);
    expect((await listOrderEvents(db, order.id)).map((e) => e.type)).toEqual(["paid", "refund", "cancelled"]);
    // A second click changes nothing.
    await caught(adminCancelOrder(db, order.id));
    expect(await listRefunds(db, order.id)).toHaveLength(1);
  });

  it("leaves the order unchanged and shows PayPal's reason when PayPal refuses", async () => {
    const { product, order, captureId } = await paidOrder();
    await fetch(`${emulator.url}/__emulator/fail-next-refund`, { method: "POST", body: JSON.stringify({ captureId, issue: "REFUND_TIME_LIMIT_EXCEEDED" }) });
    const error = await caught(adminCancelOrder(db, order.id));
    expect(error).toBeInstanceOf(RefundError);
    expect(error.message).toContain("You are over the time limit to perform a refund on this capture");
    expect((await orderRow(db, order.id)).status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(3);
    expect(await listRefunds(db, order.id)).toEqual([
      expect.objectContaining({ status: "REFUSED", failureReason: expect.stringContaining("over the time limit to perform a refund") }),
    ]);
    // Once PayPal agrees, the cancel goes through (a new request).
    await adminCancelOrder(db, order.id);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
  });

  it("a refund PayPal answers as FAILED is no success: the order stays paid and the admin is told", async () => {
    const { product, order } = await paidOrder();
    const failing: PaypalClient = { ...paypal, refundCapture: async (input) => ({ ...(await paypal.refundCapture(input)), status: "FAILED" }) };
    const error = await caught(adminCancelOrder(db, order.id, { paypal: failing }));
    expect(error).toBeInstanceOf(RefundError);
    expect(error.message).toContain("PayPal did not complete the refund (status FAILED)");
    expect((await orderRow(db, order.id)).status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(3);
    expect(await listRefunds(db, order.id)).toEqual([expect.objectContaining({ status: "FAILED" })]);
    expect((await listOrderEvents(db, order.id)).map((e) => e.type)).toEqual(["paid", "refund-refused"]);
  });

  it("a refund PayPal answers PENDING is asked about again by the job, and takes PayPal's final word", async () => {
    const { order } = await paidOrder();
    const pendingAnswer: PaypalClient = { ...paypal, refundCapture: async (input) => ({ ...(await paypal.refundCapture(input)), status: "PENDING" }) };
    await adminCancelOrder(db, order.id, { paypal: pendingAnswer });
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    expect((await listRefunds(db, order.id))[0]!.status).toBe("PENDING");
    // Not yet a minute old: left alone. Later, PayPal (the emulator) says COMPLETED.
    await reconcilePayments(db, paypal, new Date());
    expect((await listRefunds(db, order.id))[0]!.status).toBe("PENDING");
    await reconcilePayments(db, paypal, new Date(Date.now() + 2 * 60_000));
    expect((await listRefunds(db, order.id))[0]!.status).toBe("COMPLETED");
    expect((await listOrderEvents(db, order.id)).at(-1)!.message).toMatch(/PayPal completed the pending refund/);

    // One PayPal fails after all: the owner is told the money was not returned.
    const second = await paidOrder();
    await adminCancelOrder(db, second.order.id, { paypal: pendingAnswer });
    const failedLater: PaypalClient = { ...paypal, getRefund: async (id) => ({ ...(await paypal.getRefund(id)), status: "FAILED" }) };
    await reconcilePayments(db, failedLater, new Date(Date.now() + 2 * 60_000));
    expect((await listRefunds(db, second.order.id))[0]!.status).toBe("FAILED");
    expect((await listOrderEvents(db, second.order.id)).at(-1)).toMatchObject({
      type: "refund-refused",
      message: expect.stringMatching(/the money was not returned/),
    });
  });

  it("never loses a refund PayPal made when the shop's write fails: the retry sends the same request id", async () => {
    const { order, captureId } = await paidOrder();
    await sql`CREATE TRIGGER money_test_fail BEFORE UPDATE OF status ON refunds WHEN NEW.status = 'COMPLETED' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`.execute(
      db,
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failure = await caught(adminCancelOrder(db, order.id, { actor: OWNER }));
      expect((failure as RefundError).reason).toBe("recording");
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
      await sql`DROP TRIGGER money_test_fail`.execute(db);
    }
    expect((await orderRow(db, order.id)).status).toBe("paid");
    const [open] = await listRefunds(db, order.id);
    expect(open).toMatchObject({ status: "REQUESTED", paypalRefundId: null });
    const atPaypal = [...emulator.state.refunds.values()].filter((r) => r.captureId === captureId);
    expect(atPaypal).toHaveLength(1);

    // The reconciliation job (a minute later) sends it again: PayPal answers with the same refund.
    await reconcilePayments(db, paypal, new Date(Date.now() + 2 * 60_000));
    const [done] = await listRefunds(db, order.id);
    expect(done).toMatchObject({ status: "COMPLETED", paypalRefundId: atPaypal[0]!.id });
    expect([...emulator.state.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    // Recorded by the job, logged under the admin who asked for it, once.
    const logged = (await listActivity(db, { kind: "order.cancel" })).rows.filter((r) => r.subjectId === order.id);
    expect(logged).toEqual([expect.objectContaining({ actorEmail: OWNER.email, clientIp: OWNER.ip })]);
  });

  it("two admins cancelling at once make one refund at PayPal, recorded once", async () => {
    const { order, captureId } = await paidOrder();
    const results = await Promise.allSettled([adminCancelOrder(db, order.id), adminCancelOrder(db, order.id), adminCancelOrder(db, order.id)]);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(DomainError);
    expect([...emulator.state.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect((await listRefunds(db, order.id)).filter((r) => r.status === "COMPLETED")).toHaveLength(1);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
  });

  it("approves a cancellation request the same way, and an admin cancel of an unpaid order is 'unpaidcancelled'", async () => {
    const { order } = await paidOrder();
    await db.updateTable("orders").set({ status: "cancel_request" }).where("id", "=", order.id).execute();
    await adminCancelOrder(db, order.id);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    expect((await listRefunds(db, order.id))[0]!.status).toBe("COMPLETED");

    const product = await makeProduct(db, { stock: 2 });
    const unpaid = await makeOrder(db, { lines: [{ productId: product.id }] });
    await adminCancelOrder(db, unpaid.id);
    expect((await orderRow(db, unpaid.id)).status).toBe("unpaidcancelled");
    expect(await listRefunds(db, unpaid.id)).toEqual([]);
  });
});

describe("e-mails through the outbox, queued with each money event", () => {
  const kinds = async (orderId: number) =>
    (await db.selectFrom("outbox").select(["kind", "event_key as key"]).where("event_key", "like", `%:${orderId}%`).orderBy("id").execute())
      .filter((m) => m.key.split(":")[1] === String(orderId))
      .map((m) => m.kind);

  it("paid, declined, shipped, a partial refund and a cancellation each queue their mail once", async () => {
    const { order } = await paidOrder({ withUser: false, quantity: 2 });
    expect(await kinds(order.id)).toEqual(["order-confirmation", "owner-new-order"]);
    await db.updateTable("orders").set({ status: "cancel_request" }).where("id", "=", order.id).execute();
    await declineCancellation(db, order.id, "Already packed for you.");
    await shipOrder(db, order.id, "LP9");
    await processReturn(db, order.id, { amountCents: 500, restock: [] });
    expect(await kinds(order.id)).toEqual(["order-confirmation", "owner-new-order", "cancel-declined", "order-shipped", "order-refunded"]);

    const second = await paidOrder({ withUser: false });
    await adminCancelOrder(db, second.order.id);
    expect(await kinds(second.order.id)).toEqual(["order-confirmation", "owner-new-order", "order-cancelled"]);
  });

  it("a refused refund queues nothing", async () => {
    const { order, captureId } = await paidOrder({ withUser: false });
    await fetch(`${emulator.url}/__emulator/fail-next-refund`, { method: "POST", body: JSON.stringify({ captureId }) });
    await caught(adminCancelOrder(db, order.id));
    expect(await kinds(order.id)).toEqual(["order-confirmation", "owner-new-order"]);
  });
});

describe("a capture the shop must not keep", () => {
  it("a capture of another amount is refunded automatically; the order stays unpaid and its stock free", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(started.paypalOrderId);
    // PayPal answers the capture with an amount the order does not have (as a broken or tampered answer would).
    const odd: PaypalClient = {
      ...paypal,
      captureOrder: async (id, requestId) => {
        const answer = await paypal.captureOrder(id, requestId);
        answer.purchase_units![0]!.payments!.captures![0]!.amount = { currency_code: "USD", value: "1.00" };
        return answer;
      },
    };
    const error = await caught(completePayment(db, order.id, started.paypalOrderId, { paypal: odd }));
    expect(error.status).toBe(400);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect((await productStock(db, product.id)).stock).toBe(3);
    const [refund] = await listRefunds(db, order.id);
    expect(refund).toMatchObject({ kind: "automatic", status: "COMPLETED" });
    const captureId = refund!.captureId;
    expect((await pp.api("GET", `/v2/payments/captures/${captureId}`)).body.status).toBe("REFUNDED");
    expect((await listOrderEvents(db, order.id)).map((e) => e.type)).toContain("automatic-refund");
  });
});

describe("a PayPal order changed after the shop made it", () => {
  it("patched to another amount and captured in the buyer's browser: not paid, and the capture is refunded automatically", async () => {
    const product = await makeProduct(db, { stock: 2, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, quantity: 1, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    // What PayPal's script in the browser can do with the public client id: patch, approve, capture.
    const patched = await pp.api("PATCH", `/v2/checkout/orders/${started.paypalOrderId}`, [
      { op: "replace", path: `/purchase_units/@reference_id=='${order.id}'/amount`, value: { currency_code: "USD", value: "1.00" } },
    ]);
    expect(patched.status).toBe(204);
    await pp.approve(started.paypalOrderId);
    const captured = await pp.capture(started.paypalOrderId);
    expect(captured.status).toBe(201);

    const error = await caught(completePayment(db, order.id, started.paypalOrderId));
    expect(error.message).toMatch(/does not match this order's total/);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0, paypalOrderId: null });
    expect((await productStock(db, product.id)).stock).toBe(2);
    expect(await listRefunds(db, order.id)).toEqual([expect.objectContaining({ kind: "automatic", status: "COMPLETED", amountCents: 100 })]);
    expect((await listOrderEvents(db, order.id)).map((e) => e.type)).toContain("automatic-refund");
    // The reconciliation job finds nothing more to give back.
    await reconcilePayments(db, paypal, new Date(Date.now() + 20 * 60_000));
    expect(await listRefunds(db, order.id)).toHaveLength(1);
  });
});

describe("the order's life after payment", () => {
  it("packing, shipping from processing, delivery; each refused from the wrong status", async () => {
    const { order } = await paidOrder({ withUser: false });
    await caught(markDelivered(db, order.id));
    await startPacking(db, order.id);
    expect((await orderRow(db, order.id)).status).toBe("processing");
    expect((await caught(startPacking(db, order.id))).status).toBe(409);
    await shipOrder(db, order.id, "RR123456789CN");
    await markDelivered(db, order.id);
    const view = await getOrderView(db, order.id);
    expect(view).toMatchObject({ status: "delivered", trackingNumber: "RR123456789CN" });
    expect(view!.deliveredAt).not.toBeNull();
  });

  it("declines a cancellation request with a reason the customer sees; a blank reason is refused", async () => {
    const { order } = await paidOrder({ withUser: false });
    await db.updateTable("orders").set({ status: "cancel_request" }).where("id", "=", order.id).execute();
    expect((await caught(declineCancellation(db, order.id, "  "))).field).toBe("reason");
    await declineCancellation(db, order.id, "Your parcel was already handed to the post office.");
    const view = await getOrderView(db, order.id);
    expect(view).toMatchObject({ status: "paid", declineReason: "Your parcel was already handed to the post office." });
    expect((await caught(declineCancellation(db, order.id, "again"))).status).toBe(409);
  });

  it("partial returns: refund through PayPal, restock the ticked items, take back the points of the refunded share", async () => {
    const { product, user, order, captureId } = await paidOrder({ quantity: 2 });
    await shipOrder(db, order.id, "LP00112233");
    await markDelivered(db, order.id);
    const item = (await getOrderView(db, order.id))!.items[0]!;
    const earned = (await orderRow(db, order.id)).pointsAwarded;
    const terms = await getReturnTerms(db, order.id);
    // Items less the loyalty discount: the buyer pays shipping.
    expect(terms).toMatchObject({ open: true, leftCents: order.totalCents, suggestedCents: 4800 });

    // Never above what is left; never an item of another order.
    expect((await caught(processReturn(db, order.id, { amountCents: order.totalCents + 1, restock: [] }))).field).toBe("amount");
    expect((await caught(processReturn(db, order.id, { amountCents: 100, restock: [{ orderItemId: item.id + 100000, quantity: 1 }] }))).field).toBe("items");
    expect((await caught(processReturn(db, order.id, { amountCents: 100, restock: [{ orderItemId: item.id, quantity: 3 }] }))).field).toBe("items");

    await processReturn(db, order.id, { amountCents: 2400, restock: [{ orderItemId: item.id, quantity: 1 }] });
    expect((await orderRow(db, order.id)).status).toBe("returned");
    expect((await productStock(db, product.id)).stock).toBe(4);
    // Points were earned on the items ($48), so half the items' price takes half of them back.
    const taken = Math.round(earned * (2400 / 4800));
    expect(await pointsOf(db, user!.id)).toBe(earned - taken);
    expect((await pp.api("GET", `/v2/payments/captures/${captureId}`)).body.status).toBe("PARTIALLY_REFUNDED");

    // A second partial return of the rest; then nothing is left.
    const left = order.totalCents - 2400;
    await processReturn(db, order.id, { amountCents: left, restock: [{ orderItemId: item.id, quantity: 1 }] });
    expect((await productStock(db, product.id)).stock).toBe(5);
    expect(await pointsOf(db, user!.id)).toBe(0);
    expect((await orderRow(db, order.id)).pointsAwarded).toBe(0);
    expect((await getReturnTerms(db, order.id))!.open).toBe(false);
    expect((await listRefunds(db, order.id)).map((r) => [r.kind, r.status, r.amountCents])).toEqual([
      ["return", "COMPLETED", 2400],
      ["return", "COMPLETED", left],
    ]);
    await caught(processReturn(db, order.id, { amountCents: 1, restock: [] }));
  });

  it("a refund the owner types as 12,50 in the return form refunds $12.50 at PayPal, not $1250", async () => {
    const { order, captureId } = await paidOrder({ withUser: false });
    await shipOrder(db, order.id, "LP00445566");
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: ADMIN_ORDER_INTENTS.return, orderId: String(order.id), amount: "12,50" })) form.set(k, v);
    const request = new Request(`${APP_URL}/admin/orders/${order.id}`, { method: "POST", body: form });
    const res = await handleAdminOrderForm(request, form, ADMIN_ORDER_INTENTS.return, {
      back: `/admin/orders/${order.id}`,
      confirmUrl: (id) => `/admin/orders/${id}?confirm=cancel`,
      shipRetryUrl: (id) => `/admin/orders/${id}`,
    });
    expect(res?.status).toBe(302);
    expect((await listRefunds(db, order.id)).map((r) => [r.kind, r.status, r.amountCents])).toEqual([["return", "COMPLETED", 1250]]);
    const capture = (await pp.api("GET", `/v2/payments/captures/${captureId}`)).body as { status: string };
    expect(capture.status).toBe("PARTIALLY_REFUNDED");
  });

  it("a return refunding the items at the prefilled amount (the buyer keeps paying shipping) takes back every point", async () => {
    const { user, order } = await paidOrder({ quantity: 2 });
    await shipOrder(db, order.id, "LP3");
    const earned = (await orderRow(db, order.id)).pointsAwarded;
    expect(earned).toBeGreaterThan(0);
    const before = await pointsOf(db, user!.id);
    const terms = (await getReturnTerms(db, order.id))!;
    expect(terms.suggestedCents).toBeLessThan(order.totalCents);
    await processReturn(db, order.id, { amountCents: terms.suggestedCents, restock: [] });
    expect(await pointsOf(db, user!.id)).toBe(before - earned);
    expect((await orderRow(db, order.id)).pointsAwarded).toBe(0);
  });

  it("points taken back never go below zero (spent points stay spent)", async () => {
    const { user, order } = await paidOrder({ quantity: 1 });
    await shipOrder(db, order.id, "LP1");
    const balance = await pointsOf(db, user!.id);
    await recordPointsEvent(db, user!.id, { type: "other", description: "spent elsewhere", points: -balance });
    await processReturn(db, order.id, { amountCents: order.totalCents, restock: [] });
    expect(await pointsOf(db, user!.id)).toBe(0);
  });

  it("past 14 days after delivery a return needs a reason", async () => {
    const { order } = await paidOrder({ withUser: false });
    await shipOrder(db, order.id, "LP2");
    await markDelivered(db, order.id, new Date(Date.now() - 15 * 864e5));
    const terms = await getReturnTerms(db, order.id);
    expect(terms!.late).toBe(true);
    expect((await caught(processReturn(db, order.id, { amountCents: 100, restock: [] }))).field).toBe("reason");
    await processReturn(db, order.id, { amountCents: 100, restock: [], reason: "Parcel was stuck in customs" });
    expect((await orderRow(db, order.id)).status).toBe("returned");
  });
});

describe("webhooks", () => {
  async function signedEvent(eventType: string, resourceId: string) {
    const res = await fetch(`${emulator.url}/__emulator/webhook-event`, {
      method: "POST",
      body: JSON.stringify({ event_type: eventType, resource_id: resourceId }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { body: string; headers: Record<string, string>; event: { id: string } };
  }
  const deps = () => ({ paypal, webhookId: EMULATOR_WEBHOOK_ID });

  it("a valid PAYMENT.CAPTURE.COMPLETED pays the order the browser never came back for; a replay changes nothing", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    // The buyer approved and PayPal captured, but the browser never returned.
    const captured = await fetch(`${emulator.url}/__emulator/capture/${started.paypalOrderId}`, { method: "POST" });
    const captureId = ((await captured.json()) as any).purchase_units[0].payments.captures[0].id as string;
    const { body, headers } = await signedEvent("PAYMENT.CAPTURE.COMPLETED", captureId);

    const first = await handlePaypalWebhook(db, { headers: new Headers(headers), body }, deps());
    expect(first.status).toBe(200);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalCaptureId: captureId });
    expect((await productStock(db, product.id)).stock).toBe(2);

    const replay = await handlePaypalWebhook(db, { headers: new Headers(headers), body }, deps());
    expect(replay).toEqual({ status: 200, message: "Already handled" });
    expect((await productStock(db, product.id)).stock).toBe(2);
    expect((await listOrderEvents(db, order.id)).filter((e) => e.type === "paid")).toHaveLength(1);
  });

  it("a forged event (changed body, wrong signature, unsigned, other webhook id) gets 400 and changes nothing", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(started.paypalOrderId);
    const { body, headers } = await signedEvent("CHECKOUT.ORDER.APPROVED", started.paypalOrderId);
    const tampered = body.replace('"CHECKOUT.ORDER.APPROVED"', '"PAYMENT.CAPTURE.COMPLETED"');
    expect(tampered).not.toBe(body);
    for (const attempt of [
      { headers: new Headers(headers), body: tampered },
      { headers: new Headers({ ...headers, "PAYPAL-TRANSMISSION-SIG": "a".repeat(64) }), body },
      { headers: new Headers({ "Content-Type": "application/json" }), body },
      { headers: new Headers(headers), body: "not json" },
    ]) {
      expect((await handlePaypalWebhook(db, attempt, deps())).status).toBe(400);
    }
    expect((await handlePaypalWebhook(db, { headers: new Headers(headers), body }, { paypal, webhookId: "SOMEONEELSESWEBHOOK" })).status).toBe(400);
    expect((await orderRow(db, order.id)).status).toBe("unpaid");
    expect(await db.selectFrom("paypal_webhook_events").select("event_id").where("resource_id", "=", started.paypalOrderId).execute()).toEqual([]);

    // The genuine one captures it, like the return URL would.
    expect((await handlePaypalWebhook(db, { headers: new Headers(headers), body }, deps())).status).toBe(200);
    expect((await orderRow(db, order.id)).status).toBe("paid");
  });

  it("PAYMENT.CAPTURE.DENIED leaves the order unpaid, its stock free, and says so in its history", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.completeNextCaptureWith("DECLINED", started.paypalOrderId);
    const captured = await fetch(`${emulator.url}/__emulator/capture/${started.paypalOrderId}`, { method: "POST" });
    const captureId = ((await captured.json()) as any).purchase_units[0].payments.captures[0].id as string;
    const { body, headers } = await signedEvent("PAYMENT.CAPTURE.DENIED", captureId);
    expect((await handlePaypalWebhook(db, { headers: new Headers(headers), body }, deps())).status).toBe(200);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect((await productStock(db, product.id)).stock).toBe(3);
    expect((await listOrderEvents(db, order.id)).some((e) => e.message.includes("DECLINED"))).toBe(true);
  });

  it("PAYMENT.CAPTURE.REFUNDED for a refund made at PayPal is recorded once, re-read from PayPal", async () => {
    const { order, captureId } = await paidOrder({ withUser: false });
    const refund = await pp.api("POST", `/v2/payments/captures/${captureId}/refund`, { amount: { currency_code: "USD", value: "5.00" } });
    expect(refund.status).toBe(201);
    const { body, headers } = await signedEvent("PAYMENT.CAPTURE.REFUNDED", refund.body.id);
    expect((await handlePaypalWebhook(db, { headers: new Headers(headers), body }, deps())).status).toBe(200);
    const again = await signedEvent("PAYMENT.CAPTURE.REFUNDED", refund.body.id);
    expect((await handlePaypalWebhook(db, { headers: new Headers(again.headers), body: again.body }, deps())).status).toBe(200);
    expect(await listRefunds(db, order.id)).toEqual([expect.objectContaining({ kind: "external", amountCents: 500, paypalRefundId: refund.body.id })]);
  });
});

describe("reconciliation and expiry", () => {
  it("captures and records a payment approved but never returned, only after 10 minutes", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await pp.approve(started.paypalOrderId);
    await reconcilePayments(db, paypal, new Date(Date.now() + 5 * 60_000));
    expect((await orderRow(db, order.id)).status).toBe("unpaid");
    const report = await reconcilePayments(db, paypal, new Date(Date.now() + 11 * 60_000));
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalOrderId: started.paypalOrderId });
    expect((await pp.getOrder(started.paypalOrderId)).body.status).toBe("COMPLETED");
  });

  it("refunds automatically a capture for an order cancelled meanwhile, and says so in its history", async () => {
    const product = await makeProduct(db, { stock: 3, priceCents: 2400 });
    const order = await makeOrder(db, { lines: [{ productId: product.id }] });
    const started = await startPayment(db, order.id, { appUrl: APP_URL });
    await adminCancelOrder(db, order.id);
    await fetch(`${emulator.url}/__emulator/capture/${started.paypalOrderId}`, { method: "POST" });
    await reconcilePayments(db, paypal, new Date(Date.now() + 11 * 60_000));
    expect((await orderRow(db, order.id)).status).toBe("unpaidcancelled");
    const [refund] = await listRefunds(db, order.id);
    expect(refund).toMatchObject({ kind: "automatic", status: "COMPLETED", amountCents: order.totalCents });
    expect((await listOrderEvents(db, order.id)).some((e) => e.type === "automatic-refund" && e.message.includes("already unpaidcancelled"))).toBe(true);
    expect((await productStock(db, product.id)).stock).toBe(3);
  });

  it("expires unpaid orders older than the limit, and only those", async () => {
    const product = await makeProduct(db, { stock: 3 });
    const old = await makeOrder(db, { lines: [{ productId: product.id }] });
    const fresh = await makeOrder(db, { lines: [{ productId: product.id }] });
    const held = await makeOrder(db, { lines: [{ productId: product.id }] });
    const paid = await makeOrder(db, { lines: [{ productId: product.id }], status: "paid" });
    const now = new Date();
    const at = (hours: number) => new Date(now.getTime() - hours * 3600_000).toISOString();
    const placedAgain = await makeOrder(db, { lines: [{ productId: product.id }] });
    await db
      .updateTable("orders")
      .set({ created_at: at(73), updated_at: at(73) })
      .where("id", "in", [old.id, held.id, paid.id])
      .execute();
    await db
      .updateTable("orders")
      .set({ created_at: at(71), updated_at: at(71) })
      .where("id", "=", fresh.id)
      .execute();
    // Placed 73 hours ago, placed again (checkout with the same cart) an hour ago: the buyer is still at it.
    await db
      .updateTable("orders")
      .set({ created_at: at(73), updated_at: at(1) })
      .where("id", "=", placedAgain.id)
      .execute();
    await db.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", held.id).execute();
    const expired = await expireUnpaidOrders(db, now, 72);
    expect(expired).toContain(old.id);
    expect(expired).not.toContain(fresh.id);
    expect(expired).not.toContain(placedAgain.id);
    expect((await orderRow(db, old.id)).status).toBe("unpaidcancelled");
    expect((await orderRow(db, fresh.id)).status).toBe("unpaid");
    expect((await orderRow(db, held.id)).status).toBe("unpaid");
    expect((await orderRow(db, paid.id)).status).toBe("paid");
    expect((await productStock(db, product.id)).stock).toBe(3);
  });
});

describe("POST /api/paypal/order without orderId", () => {
  it("binds to the viewer's newest unpaid order of that total, never another person's", async () => {
    const product = await makeProduct(db, { stock: 9, priceCents: 2400 });
    const user = await makeUser(db);
    const other = await makeUser(db);
    const older = await makeOrder(db, { lines: [{ productId: product.id }], userId: user.id });
    const newer = await makeOrder(db, { lines: [{ productId: product.id }], userId: user.id });
    const guest = await makeOrder(db, { lines: [{ productId: product.id }], sessionKey: "guest-key-1" });
    expect(older.id).toBeLessThan(newer.id);
    expect(await findUnpaidOrderForAmount(db, { userId: user.id, sessionKey: null }, "29.00")).toBe(newer.id);
    expect(await findUnpaidOrderForAmount(db, { userId: null, sessionKey: "guest-key-1" }, 29)).toBe(guest.id);
    expect((await caught(findUnpaidOrderForAmount(db, { userId: other.id, sessionKey: null }, "29.00"))).status).toBe(409);
    expect((await caught(findUnpaidOrderForAmount(db, { userId: user.id, sessionKey: null }, "30.00"))).status).toBe(409);
    expect((await caught(findUnpaidOrderForAmount(db, { userId: user.id, sessionKey: null }, "abc"))).status).toBe(400);
    expect((await caught(findUnpaidOrderForAmount(db, { userId: user.id, sessionKey: null }, undefined))).status).toBe(400);
  });
});
