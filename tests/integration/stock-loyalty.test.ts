import { findStockIssues, returnStock, takeStock } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { awardOrderPoints, recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { reverseOrderPoints } from "~/domain/orders/points-settlement.server";
import { returnOrderPoints, takeOrderPoints } from "~/domain/orders/holds.server";
import { getOrderAccess } from "~/domain/orders/access.server";
import { db } from "~/lib/db.server";
import { makeProduct, makeUser } from "../helpers/kit";

afterAll(() => db.destroy());

async function stockOf(productId: number) {
  const p = await db.selectFrom("products").select(["stock", "total_stock"]).where("id", "=", productId).executeTakeFirstOrThrow();
  const colors = await db.selectFrom("product_colors").select(["color_id", "stock"]).where("product_id", "=", productId).orderBy("color_id").execute();
  const variations = await db
    .selectFrom("product_variations")
    .select(["variation_code", "stock"])
    .where("product_id", "=", productId)
    .orderBy("variation_code")
    .execute();
  return { ...p, colors, variations };
}

async function makeOrder(values: { userId?: number | null; sessionKey?: string | null; subtotalCents?: number; pointsUsed?: number; token?: string } = {}) {
  return db
    .insertInto("orders")
    .values({
      user_id: values.userId ?? null,
      session_key: values.sessionKey ?? null,
      email: "buyer@example.com",
      subtotal_cents: values.subtotalCents ?? 4200,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      loyalty_points_used: values.pointsUsed ?? 0,
      total_cents: (values.subtotalCents ?? 4200) + 800,
      confirmation_token: values.token ?? `tok-${Math.random().toString(36).slice(2)}-${Date.now()}`,
      shipping_first_name: "A",
      shipping_last_name: "B",
      shipping_address_line1: "1 Lane",
      shipping_city: "Krakow",
      shipping_postal_code: "30-001",
      shipping_country: "PL",
      stock_reserved: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("taking and returning stock", () => {
  it("takes plain, colour and variation stock and keeps total_stock in step", async () => {
    const plain = await makeProduct(db, { stock: 3 });
    const coloured = await makeProduct(db, {
      colors: [
        { colorId: 3, stock: 2 },
        { colorId: 7, stock: 4 },
      ],
    });
    const varied = await makeProduct(db, {
      variations: [
        { name: "Size S", stock: 1 },
        { name: "Size M", stock: 5 },
      ],
    });
    await db.transaction().execute((trx) =>
      takeStock(trx, [
        { productId: plain.id, colorId: null, variationCode: null, quantity: 2 },
        { productId: coloured.id, colorId: 7, variationCode: null, quantity: 3 },
        { productId: varied.id, colorId: null, variationCode: "B", quantity: 5 },
      ]),
    );
    expect(await stockOf(plain.id)).toMatchObject({ stock: 1, total_stock: 1 });
    expect(await stockOf(coloured.id)).toMatchObject({
      total_stock: 3,
      colors: [
        { color_id: 3, stock: 2 },
        { color_id: 7, stock: 1 },
      ],
    });
    expect(await stockOf(varied.id)).toMatchObject({
      total_stock: 1,
      variations: [
        { variation_code: "A", stock: 1 },
        { variation_code: "B", stock: 0 },
      ],
    });

    await db.transaction().execute((trx) =>
      returnStock(trx, [
        { productId: coloured.id, colorId: 7, variationCode: null, quantity: 3 },
        { productId: varied.id, colorId: null, variationCode: "B", quantity: 5 },
      ]),
    );
    expect((await stockOf(coloured.id)).total_stock).toBe(6);
    expect((await stockOf(varied.id)).total_stock).toBe(6);
  });

  it("takes nothing when one line is short: 409 with 'items available in stock' and a full rollback", async () => {
    const a = await makeProduct(db, { title: "Roll A", stock: 5 });
    const b = await makeProduct(db, { title: "Roll B", stock: 1 });
    const attempt = db.transaction().execute((trx) =>
      takeStock(trx, [
        { productId: a.id, colorId: null, variationCode: null, quantity: 2 },
        { productId: b.id, colorId: null, variationCode: null, quantity: 2, title: "Roll B" },
      ]),
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, message: "Roll B: only 1 items available in stock" });
    expect((await stockOf(a.id)).stock).toBe(5);
    expect((await stockOf(b.id)).stock).toBe(1);
  });

  it("never goes below zero when many takers want the last unit", async () => {
    const last = await makeProduct(db, { stock: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction().execute((trx) => takeStock(trx, [{ productId: last.id, colorId: null, variationCode: null, quantity: 1 }])),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected" && (r.reason as DomainError).status === 409)).toHaveLength(19);
    expect(await stockOf(last.id)).toMatchObject({ stock: 0, total_stock: 0 });
  });

  it("reports stock issues without changing anything", async () => {
    const p = await makeProduct(db, { title: "Short Hat", stock: 1 });
    expect(await findStockIssues(db, [{ productId: p.id, colorId: null, variationCode: null, quantity: 1 }])).toEqual([]);
    expect(await findStockIssues(db, [{ productId: p.id, colorId: null, variationCode: null, quantity: 3, title: "Short Hat" }])).toEqual([
      "Short Hat: only 1 items available in stock (you ordered 3)",
    ]);
    expect(await findStockIssues(db, [{ productId: 999999, colorId: null, variationCode: null, quantity: 1, title: "Gone" }])).toEqual([
      "Gone is no longer available",
    ]);
    expect((await stockOf(p.id)).stock).toBe(1);
  });
});

describe("loyalty points", () => {
  it("records events with the balance after and refuses to go below zero", async () => {
    const user = await makeUser(db);
    expect(await recordPointsEvent(db, user.id, { type: "admin_reward", description: "Welcome", points: 60 })).toBe(60);
    expect(await recordPointsEvent(db, user.id, { type: "order_spend", description: "Spend", points: -50 })).toBe(10);
    await expect(recordPointsEvent(db, user.id, { type: "order_spend", description: "Too much", points: -11 })).rejects.toMatchObject({ status: 409 });
    const events = await db.selectFrom("loyalty_events").select(["points", "points_after"]).where("user_id", "=", user.id).orderBy("id").execute();
    expect(events).toEqual([
      { points: 60, points_after: 60 },
      { points: -50, points_after: 10 },
    ]);
  });

  it("spends, awards once and reverses an order's points", async () => {
    const user = await makeUser(db);
    await recordPointsEvent(db, user.id, { type: "admin_reward", description: "Start", points: 50 });
    const order = await makeOrder({ userId: user.id, subtotalCents: 4250, pointsUsed: 50 });
    await db.transaction().execute(async (trx) => {
      await takeOrderPoints(trx, order.id);
      expect(await awardOrderPoints(trx, order.id)).toBe(42);
      expect(await awardOrderPoints(trx, order.id)).toBe(0);
    });
    const balance = async () => (await db.selectFrom("users").select("loyalty_points").where("id", "=", user.id).executeTakeFirstOrThrow()).loyalty_points;
    expect(await balance()).toBe(42);
    await db.transaction().execute(async (trx) => {
      await returnOrderPoints(trx, order.id, "cancelled");
      await reverseOrderPoints(trx, order.id);
    });
    expect(await balance()).toBe(50);
    const types = await db.selectFrom("loyalty_events").select(["event_type", "points"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(types).toEqual([
      { event_type: "order_spend", points: -50 },
      { event_type: "order_gain", points: 42 },
      { event_type: "other", points: 50 },
      { event_type: "other", points: -42 },
    ]);
  });

  it("gives guests' orders no points", async () => {
    const order = await makeOrder({ sessionKey: "guest-key" });
    expect(await awardOrderPoints(db, order.id)).toBe(0);
  });
});

describe("who may see an order", () => {
  it("answers owner, guest session, token holder and admin, and nobody else", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const mine = await makeOrder({ userId: owner.id, token: "owner-token-abcdefghijklmnop" });
    const guest = await makeOrder({ sessionKey: "guest-session-key", token: "guest-token-abcdefghijklmnop" });
    const viewer = (v: Partial<Parameters<typeof getOrderAccess>[2]>) => ({ userId: null, sessionKey: null, isAdmin: false, ...v });
    expect(await getOrderAccess(db, mine.id, viewer({ userId: owner.id }))).toBe("owner");
    expect(await getOrderAccess(db, mine.id, viewer({ userId: other.id }))).toBeNull();
    expect(await getOrderAccess(db, mine.id, viewer({ userId: other.id, token: "owner-token-abcdefghijklmnop" }))).toBe("token");
    expect(await getOrderAccess(db, mine.id, viewer({ token: "owner-token-abcdefghijklmnoX" }))).toBeNull();
    expect(await getOrderAccess(db, mine.id, viewer({ token: "short" }))).toBeNull();
    expect(await getOrderAccess(db, mine.id, viewer({ isAdmin: true }))).toBe("admin");
    expect(await getOrderAccess(db, guest.id, viewer({ sessionKey: "guest-session-key" }))).toBe("session");
    expect(await getOrderAccess(db, guest.id, viewer({ sessionKey: "another-session" }))).toBeNull();
    // A user's order is not reachable through a session key, even a matching one.
    expect(await getOrderAccess(db, mine.id, viewer({ sessionKey: "guest-session-key" }))).toBeNull();
    expect(await getOrderAccess(db, 999999, viewer({ isAdmin: true }))).toBeNull();
  });
});
