import { randomBytes } from "node:crypto";
import { cancelOrderAs } from "~/domain/orders/cancel.server";
import { type OrderViewer } from "~/domain/orders/access.server";
import { ORDER_INTENTS } from "~/domain/orders/page-data";
import { DomainError } from "~/domain/common/errors";
import { type Actor, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { db } from "~/lib/db.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { type OrderStatus } from "~/domain/orders/status";

// The routes' shared `db` is this file's own database (tests/setup/per-file.ts).
afterAll(() => db.destroy());

async function makeOrder(spec: { status: OrderStatus; userId?: number | null; sessionKey?: string | null; reserved?: boolean }) {
  const product = await makeProduct(db, { title: "Lace Blouse", priceCents: 2400, stock: 10 });
  const token = randomBytes(24).toString("base64url");
  const order = await db
    .insertInto("orders")
    .values({
      user_id: spec.userId ?? null,
      session_key: spec.sessionKey ?? null,
      email: "buyer@example.com",
      status: spec.status,
      subtotal_cents: 2400,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      total_cents: 3200,
      confirmation_token: token,
      shipping_first_name: "Clara",
      shipping_last_name: "Bloom",
      shipping_address_line1: "12 Lace Lane",
      shipping_city: "Lyon",
      shipping_postal_code: "69001",
      shipping_country: "FR",
      stock_reserved: spec.reserved ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_items")
    .values({ order_id: order.id, product_id: product.id, title: "Lace Blouse", unit_price_cents: 2400, quantity: 1, stock_taken: spec.reserved ? 1 : 0 })
    .execute();
  return { id: order.id, token };
}

const statusOf = async (id: number) => (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const viewer = (v: Partial<OrderViewer>): OrderViewer => ({ userId: null, sessionKey: null, isAdmin: false, token: null, ...v });
const customerActor = (id: number): Actor => ({ id, email: "buyer@example.com" });

async function refused(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).status).toBe(status);
}

describe("cancelOrderAs: who may cancel what", () => {
  it("lets the owner cancel an unpaid order and ask to cancel a paid one", async () => {
    const owner = await makeUser(db);
    const unpaid = await makeOrder({ status: "unpaid", userId: owner.id });
    const paid = await makeOrder({ status: "paid", userId: owner.id, reserved: true });
    await cancelOrderAs(db, unpaid.id, { viewer: viewer({ userId: owner.id }), actor: customerActor(owner.id) });
    await cancelOrderAs(db, paid.id, { viewer: viewer({ userId: owner.id }), actor: customerActor(owner.id) });
    expect(await statusOf(unpaid.id)).toBe("unpaidcancelled");
    expect(await statusOf(paid.id)).toBe("cancel_request");
    // Her own cancellation is confirmed by e-mail in words that say she asked for it.
    const mail = await db.selectFrom("outbox").select("data").where("event_key", "=", `order-cancelled:${unpaid.id}`).executeTakeFirstOrThrow();
    expect(JSON.parse(mail.data)).toMatchObject({ wasPaid: false, cancelledBy: "buyer" });
  });

  it("lets a guest cancel with the order's link token or the session that placed it", async () => {
    const byToken = await makeOrder({ status: "unpaid" });
    const bySession = await makeOrder({ status: "unpaid", sessionKey: "guest-cart-key" });
    await cancelOrderAs(db, byToken.id, { viewer: viewer({ token: byToken.token }), actor: SYSTEM_ACTOR });
    await cancelOrderAs(db, bySession.id, { viewer: viewer({ sessionKey: "guest-cart-key" }), actor: SYSTEM_ACTOR });
    expect(await statusOf(byToken.id)).toBe("unpaidcancelled");
    expect(await statusOf(bySession.id)).toBe("unpaidcancelled");
  });

  it("answers 404 to a customer cancelling someone else's order, and leaves it alone", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const order = await makeOrder({ status: "paid", userId: owner.id, reserved: true });
    await refused(cancelOrderAs(db, order.id, { viewer: viewer({ userId: other.id }), actor: customerActor(other.id) }), 404);
    await refused(
      cancelOrderAs(db, order.id, { viewer: viewer({ userId: other.id }), actor: customerActor(other.id), intent: ORDER_INTENTS.requestCancellation }),
      404,
    );
    await refused(cancelOrderAs(db, order.id, { viewer: viewer({ token: "not-the-token" }), actor: SYSTEM_ACTOR }), 404);
    // Another guest's session never reaches a signed-in customer's order.
    await refused(cancelOrderAs(db, order.id, { viewer: viewer({ sessionKey: "guest-cart-key" }), actor: SYSTEM_ACTOR }), 404);
    await refused(cancelOrderAs(db, 987654, { viewer: viewer({ isAdmin: true }), actor: SYSTEM_ACTOR }), 404);
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("refuses a customer cancelling a shipped or delivered order with 409", async () => {
    const owner = await makeUser(db);
    for (const status of ["shipped", "delivered"] as const) {
      const order = await makeOrder({ status, userId: owner.id, reserved: true });
      await refused(cancelOrderAs(db, order.id, { viewer: viewer({ userId: owner.id }), actor: customerActor(owner.id) }), 409);
      await refused(cancelOrderAs(db, order.id, { viewer: viewer({ userId: owner.id }), actor: customerActor(owner.id), intent: ORDER_INTENTS.cancel }), 409);
      await refused(
        cancelOrderAs(db, order.id, { viewer: viewer({ userId: owner.id }), actor: customerActor(owner.id), intent: ORDER_INTENTS.requestCancellation }),
        409,
      );
      expect(await statusOf(order.id)).toBe(status);
    }
  });

  it("keeps the order page's buttons to their own status: no direct cancel of a paid order", async () => {
    const owner = await makeUser(db);
    const order = await makeOrder({ status: "paid", userId: owner.id, reserved: true });
    await refused(cancelOrderAs(db, order.id, { viewer: viewer({ userId: owner.id }), actor: customerActor(owner.id), intent: ORDER_INTENTS.cancel }), 409);
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("cancels as the shop for an admin through the API, logged under the admin's name", async () => {
    const admin = await makeUser(db, { isAdmin: true });
    const owner = await makeUser(db);
    const order = await makeOrder({ status: "paid", userId: owner.id, reserved: true });
    const actor = { id: admin.id, email: "owner@example.com" };
    await cancelOrderAs(db, order.id, { viewer: viewer({ userId: admin.id, isAdmin: true }), actor });
    // No PayPal capture on record: cancelled without a refund, not a mere request.
    expect(await statusOf(order.id)).toBe("cancelled");
    const logged = await db
      .selectFrom("activity_log")
      .select(["actor_email as email", "kind"])
      .where("subject_id", "=", order.id)
      .where("kind", "=", "order.cancel")
      .executeTakeFirst();
    expect(logged).toEqual({ email: "owner@example.com", kind: "order.cancel" });
  });

  it("gives an admin pressing a customer's button on the order page the customer's action", async () => {
    const admin = await makeUser(db, { isAdmin: true });
    const order = await makeOrder({ status: "paid", reserved: true });
    await cancelOrderAs(db, order.id, {
      viewer: viewer({ userId: admin.id, isAdmin: true }),
      actor: { id: admin.id, email: "owner@example.com" },
      intent: ORDER_INTENTS.requestCancellation,
    });
    expect(await statusOf(order.id)).toBe("cancel_request");
  });
});
