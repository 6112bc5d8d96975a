import { randomBytes } from "node:crypto";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { OrdersTab } from "~/components/admin/orders-tab";
import { ADMIN_ORDER_INTENTS, ADMIN_ORDER_TEXT } from "~/domain/orders/fulfilment";
import { ORDER_STATUSES } from "~/domain/orders/status";
import { adminCancelOrder, listAdminOrders, returnOrder, shipOrder } from "~/domain/orders/fulfilment.server";
import { loadOrdersTab } from "~/web/admin/orders-tab.server";
import { createToastCookie } from "~/web/session.server";
import { DomainError } from "~/domain/common/errors";
import { awardOrderPoints } from "~/domain/loyalty/loyalty.server";
import { takeOrderPoints } from "~/domain/orders/holds.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import AdminOrderRoute, { action as pageAction, loader as pageLoader } from "~/routes/admin_.orders.$orderId";
import { loader as listApi } from "~/routes/api.admin.orders";
import { loader as oneApi } from "~/routes/api.admin.orders.$orderId";
import { action as cancelApi } from "~/routes/api.admin.orders.$orderId.cancel";
import { action as returnApi } from "~/routes/api.admin.orders.$orderId.return";
import { action as shipApi } from "~/routes/api.orders.$orderId.ship";
import { makeCategory, makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, call, get, getJson, ORIGIN, postForm } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { type OrderStatus } from "~/domain/orders/status";

// The routes use the shared `db`, which tests/setup/per-file.ts points at this file's own database.
afterAll(() => db.destroy());

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

interface Spec {
  status?: OrderStatus;
  stockReserved?: boolean;
  userId?: number | null;
  pointsUsed?: number;
  subtotalCents?: number;
  productId?: number;
  quantity?: number;
  email?: string;
  customerMessage?: string | null;
}

/** An order written straight into the database, as checkout and payment would have left it. */
async function makeOrder(spec: Spec = {}) {
  const productId = spec.productId ?? (await makeProduct(db, { title: "Lace Blouse", priceCents: 2400, stock: 10 })).id;
  const quantity = spec.quantity ?? 2;
  const subtotal = spec.subtotalCents ?? 2400 * quantity;
  const reserved = spec.stockReserved ?? ["paid", "cancel_request", "shipped", "delivered", "returned"].includes(spec.status ?? "paid");
  const order = await db
    .insertInto("orders")
    .values({
      user_id: spec.userId ?? null,
      email: spec.email ?? "buyer@example.com",
      status: spec.status ?? "paid",
      subtotal_cents: subtotal,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      loyalty_points_used: spec.pointsUsed ?? 0,
      loyalty_discount_cents: spec.pointsUsed ? 500 : 0,
      total_cents: subtotal + 800 - (spec.pointsUsed ? 500 : 0),
      customer_message: spec.customerMessage ?? null,
      confirmation_token: randomBytes(24).toString("base64url"),
      shipping_first_name: "Clara",
      shipping_last_name: "Bloom",
      shipping_address_line1: "12 Lace Lane",
      shipping_city: "Lyon",
      shipping_postal_code: "69001",
      shipping_country: "FR",
      stock_reserved: reserved ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_items")
    .values({ order_id: order.id, product_id: productId, title: "Lace Blouse", unit_price_cents: 2400, quantity, stock_taken: reserved ? quantity : 0 })
    .execute();
  return { id: order.id, productId };
}

async function orderRow(id: number) {
  return db
    .selectFrom("orders")
    .select(["status", "stock_reserved as reserved", "tracking_number as tracking", "shipped_at as shippedAt", "points_awarded as awarded"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function stockOf(productId: number) {
  return (await db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock;
}

async function pointsOf(userId: number) {
  return (await db.selectFrom("users").select("loyalty_points as p").where("id", "=", userId).executeTakeFirstOrThrow()).p;
}

async function people() {
  const customer = await makeUser(db);
  const admin = await makeUser(db, { isAdmin: true });
  return { customer: await cookieFor(customer.id), admin: await cookieFor(admin.id) };
}

async function expectDomainError(promise: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).status).toBe(status);
  if (message) expect((error as DomainError).message).toMatch(message);
}

describe("status rules (every action from every status)", () => {
  // A reversed or disputed payment: the owner may cancel (PayPal gives the money back, not the shop).
  const CANCEL_FROM = ["unpaid", "paid", "processing", "cancel_request", "payment_reversed"];
  const SHIP_FROM = ["paid", "processing"];
  // A returned order whose items have not all come back can take another (partial) return.
  const RETURN_FROM = ["shipped", "delivered", "returned"];
  for (const status of ORDER_STATUSES) {
    it(`from '${status}'`, async () => {
      const c = await makeOrder({ status, stockReserved: status !== "unpaid" && status !== "unpaidcancelled" && status !== "processing" ? undefined : false });
      if (CANCEL_FROM.includes(status)) {
        await adminCancelOrder(db, c.id);
        // Nothing was paid for an unpaid order, so it is 'Cancelled (Unpaid)'.
        expect((await orderRow(c.id)).status).toBe(status === "unpaid" ? "unpaidcancelled" : "cancelled");
      } else {
        await expectDomainError(adminCancelOrder(db, c.id), 409, /cannot be cancelled/);
        expect((await orderRow(c.id)).status).toBe(status);
      }
      const s = await makeOrder({ status });
      if (SHIP_FROM.includes(status)) {
        await shipOrder(db, s.id, "TRACK-1");
        expect((await orderRow(s.id)).status).toBe("shipped");
      } else {
        await expectDomainError(
          shipOrder(db, s.id, "TRACK-1"),
          409,
          status === "payment_reversed" ? /reversed or disputed at PayPal/ : /Only a paid order can be shipped/,
        );
        expect((await orderRow(s.id)).status).toBe(status);
      }
      const r = await makeOrder({ status });
      if (RETURN_FROM.includes(status)) {
        await returnOrder(db, r.id);
        expect((await orderRow(r.id)).status).toBe("returned");
      } else {
        await expectDomainError(returnOrder(db, r.id), 409, /Only a shipped or delivered order can be returned/);
        expect((await orderRow(r.id)).status).toBe(status);
      }
    });
  }

  it("unknown orders are 404 for every action", async () => {
    await expectDomainError(adminCancelOrder(db, 987654), 404, ADMIN_ORDER_TEXT.notFound);
    await expectDomainError(shipOrder(db, 987654, "X"), 404);
    await expectDomainError(returnOrder(db, 987654), 404);
  });
});

describe("cancel", () => {
  it("a paid order: stock comes back exactly once, points spent come back, points earned are taken back", async () => {
    const user = await makeUser(db);
    await db.updateTable("users").set({ loyalty_points: 120 }).where("id", "=", user.id).execute();
    const product = await makeProduct(db, { stock: 7 });
    const { id } = await makeOrder({ status: "paid", userId: user.id, productId: product.id, quantity: 3, pointsUsed: 50, subtotalCents: 7200 });
    await takeOrderPoints(db, id); // 120 - 50 = 70, as placing the order would have done
    const earned = await awardOrderPoints(db, id);
    expect(earned).toBeGreaterThan(0);
    expect(await pointsOf(user.id)).toBe(70 + earned);

    await adminCancelOrder(db, id);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", reserved: 0, awarded: 0 });
    expect(await stockOf(product.id)).toBe(10);
    expect(await pointsOf(user.id)).toBe(120);

    await expectDomainError(adminCancelOrder(db, id), 409, /cannot be cancelled/);
    expect(await stockOf(product.id)).toBe(10);
    expect(await pointsOf(user.id)).toBe(120);
  });

  it("a cancellation request gives the stock back too", async () => {
    const product = await makeProduct(db, { stock: 4 });
    const { id } = await makeOrder({ status: "cancel_request", productId: product.id, quantity: 1 });
    await adminCancelOrder(db, id);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("an unpaid order without reserved stock: 'unpaidcancelled', stock untouched", async () => {
    const product = await makeProduct(db, { stock: 4 });
    const { id } = await makeOrder({ status: "unpaid", stockReserved: false, productId: product.id, quantity: 1 });
    await adminCancelOrder(db, id);
    expect(await orderRow(id)).toMatchObject({ status: "unpaidcancelled", reserved: 0 });
    expect(await stockOf(product.id)).toBe(4);
  });

  it("an unpaid order whose PayPal capture is in flight is refused (409), nothing changes", async () => {
    const product = await makeProduct(db, { stock: 4 });
    const { id } = await makeOrder({ status: "unpaid", stockReserved: true, productId: product.id, quantity: 1 });
    await expectDomainError(adminCancelOrder(db, id), 409, ADMIN_ORDER_TEXT.paymentInProgress);
    expect(await orderRow(id)).toMatchObject({ status: "unpaid", reserved: 1 });
    expect(await stockOf(product.id)).toBe(4);
  });

  it("a deleted product is skipped, the rest of the order's stock comes back", async () => {
    const kept = await makeProduct(db, { stock: 2 });
    const gone = await makeProduct(db, { stock: 2 });
    const { id } = await makeOrder({ status: "paid", productId: kept.id, quantity: 1 });
    await db.insertInto("order_items").values({ order_id: id, product_id: gone.id, title: "Gone", unit_price_cents: 100, quantity: 1 }).execute();
    await db.updateTable("order_items").set({ product_id: null }).where("product_id", "=", gone.id).execute();
    await db.deleteFrom("products").where("id", "=", gone.id).execute();
    await adminCancelOrder(db, id);
    expect(await stockOf(kept.id)).toBe(3);
  });

  it("concurrent cancels: one wins, the others get 409, the stock comes back once", async () => {
    // (Two better-sqlite3 connections in one thread would block each other synchronously, so the
    // race runs on the shared connection: Kysely interleaves the calls, each transaction IMMEDIATE.)
    const product = await makeProduct(db, { stock: 5 });
    const { id } = await makeOrder({ status: "paid", productId: product.id, quantity: 2 });
    const results = await Promise.allSettled([adminCancelOrder(db, id), adminCancelOrder(db, id), adminCancelOrder(db, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).status).toBe(409);
    }
    expect(await stockOf(product.id)).toBe(7);
  });
});

describe("ship and return", () => {
  it("ship trims the tracking number, sets shipped_at; empty or blank is 400 on trackingNumber; over 100 is 400", async () => {
    const { id } = await makeOrder({ status: "paid" });
    for (const bad of ["", "   ", undefined, null, 42]) {
      const error = await shipOrder(db, id, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ status: 400, field: "trackingNumber", message: ADMIN_ORDER_TEXT.trackingRequired });
    }
    await expectDomainError(shipOrder(db, id, "x".repeat(101)), 400, ADMIN_ORDER_TEXT.trackingTooLong);
    expect((await orderRow(id)).status).toBe("paid");
    await shipOrder(db, id, "  LX123456789PL \n");
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: "shipped", tracking: "LX123456789PL" });
    expect(row.shippedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expectDomainError(shipOrder(db, id, "OTHER"), 409);
    expect((await orderRow(id)).tracking).toBe("LX123456789PL");
  });

  it("the API's return puts the whole order back in stock, once", async () => {
    const product = await makeProduct(db, { stock: 3 });
    const { id } = await makeOrder({ status: "shipped", productId: product.id, quantity: 1 });
    await returnOrder(db, id);
    expect((await orderRow(id)).status).toBe("returned");
    expect(await stockOf(product.id)).toBe(4);
    await expectDomainError(returnOrder(db, id), 409);
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe("listAdminOrders", () => {
  it("newest first, filtered by status and by number or e-mail", async () => {
    const email = `finder-${Date.now()}@example.com`;
    const a = await makeOrder({ status: "paid", email });
    const b = await makeOrder({ status: "shipped", email });
    const all = await listAdminOrders(db, { q: email });
    expect(all.orders.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(all.total).toBe(2);
    expect(all.orders[0]).toMatchObject({ email, status: "shipped", statusLabel: "Shipped", total: "56.00", itemCount: 2 });
    expect((await listAdminOrders(db, { q: email, status: "paid" })).orders.map((o) => o.id)).toEqual([a.id]);
    expect((await listAdminOrders(db, { q: `#${a.id}` })).orders.map((o) => o.id)).toContain(a.id);
    expect((await listAdminOrders(db, { q: "100%_\\" })).orders).toEqual([]);
  });
});

describe("APIs", () => {
  it("GET /api/admin/orders: 401 guest, 403 customer, admin gets {orders}", async () => {
    const { customer, admin } = await people();
    const { id } = await makeOrder();
    expect((await call(listApi, getJson("/api/admin/orders"))).status).toBe(401);
    const forbidden = await call(listApi, getJson("/api/admin/orders", { cookie: customer }));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: expect.any(String) });
    const ok = await call(listApi, getJson("/api/admin/orders?status=paid", { cookie: admin }));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { orders: { id: number; status: string; email: string; total: string; createdAt: string }[] };
    expect(body.orders.find((o) => o.id === id)).toMatchObject({ status: "paid", email: "buyer@example.com", total: "56.00" });
    expect(body.orders.every((o) => o.status === "paid")).toBe(true);
  });

  it("GET /api/admin/orders/{id}: 401, 403, 404, and the order with items", async () => {
    const { customer, admin } = await people();
    const category = await makeCategory(db, { name: "Blouses" });
    const product = await makeProduct(db, { stock: 5, categoryIds: [category.id] });
    const { id } = await makeOrder({ productId: product.id, customerMessage: "Gift wrap please" });
    const one = (cookie?: string, orderId: string = String(id)) => call(oneApi, getJson(`/api/admin/orders/${orderId}`, { cookie }), { orderId });
    expect((await one()).status).toBe(401);
    expect((await one(customer)).status).toBe(403);
    expect((await one(admin, "999999")).status).toBe(404);
    expect((await one(admin, "abc")).status).toBe(404);
    const res = await one(admin);
    expect(res.status).toBe(200);
    const order = await res.json();
    expect(order).toMatchObject({ id, status: "paid", customerMessage: "Gift wrap please", subtotal: "48.00", shippingCost: "8.00", total: "56.00" });
    expect(order.items[0]).toMatchObject({ quantity: 2, price: "48.00", unitPrice: "24.00" });
    expect(order.items[0].product.categories).toEqual([{ category: { name: "Blouses" } }]);
  });

  it("PATCH /api/orders/{id}/ship: 401, 403, 400 empty tracking, 404, 200 with the order, then 409", async () => {
    const { customer, admin } = await people();
    const { id } = await makeOrder({ status: "paid" });
    const ship = (cookie: string | undefined, body: unknown, orderId: string = String(id)) =>
      call(shipApi, apiRequest("PATCH", `/api/orders/${orderId}/ship`, { cookie, body }), { orderId });
    expect((await ship(undefined, { trackingNumber: "T1" })).status).toBe(401);
    expect((await ship(customer, { trackingNumber: "T1" })).status).toBe(403);
    for (const body of [{ trackingNumber: "" }, { trackingNumber: "   " }, {}]) {
      const res = await ship(admin, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: ADMIN_ORDER_TEXT.trackingRequired });
    }
    expect((await ship(admin, { trackingNumber: 123 })).status).toBe(400);
    expect((await ship(admin, { trackingNumber: "T1" }, "999999")).status).toBe(404);
    const ok = await ship(admin, { trackingNumber: "  T-100  " });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id, status: "shipped", trackingNumber: "T-100" });
    const again = await ship(admin, { trackingNumber: "T-200" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/Only a paid order can be shipped/);
  });

  it("PATCH /api/admin/orders/{id}/return: 401, 403, 404, 409 for paid, 200 for shipped", async () => {
    const { customer, admin } = await people();
    const paid = await makeOrder({ status: "paid" });
    const shipped = await makeOrder({ status: "shipped" });
    const ret = (cookie: string | undefined, orderId: number | string) =>
      call(returnApi, apiRequest("PATCH", `/api/admin/orders/${orderId}/return`, { cookie }), { orderId: String(orderId) });
    expect((await ret(undefined, shipped.id)).status).toBe(401);
    expect((await ret(customer, shipped.id)).status).toBe(403);
    expect((await ret(admin, 999999)).status).toBe(404);
    expect((await ret(admin, paid.id)).status).toBe(409);
    const ok = await ret(admin, shipped.id);
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("returned");
    const wrongMethod = await call(returnApi, apiRequest("POST", `/api/admin/orders/${shipped.id}/return`, { cookie: admin }), { orderId: String(shipped.id) });
    expect(wrongMethod.status).toBe(405);
  });

  it("PATCH /api/admin/orders/{id}/cancel: 401, 403, 404, 200 then 409 (stock restored once)", async () => {
    const { customer, admin } = await people();
    const product = await makeProduct(db, { stock: 1 });
    const { id } = await makeOrder({ status: "paid", productId: product.id, quantity: 2 });
    const cancel = (cookie: string | undefined, orderId: number | string = id) =>
      call(cancelApi, apiRequest("PATCH", `/api/admin/orders/${orderId}/cancel`, { cookie }), { orderId: String(orderId) });
    expect((await cancel(undefined)).status).toBe(401);
    expect((await cancel(customer)).status).toBe(403);
    expect((await cancel(admin, 999999)).status).toBe(404);
    const ok = await cancel(admin);
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(3);
    const again = await cancel(admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: expect.stringMatching(/cannot be cancelled/) });
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("the /admin form action and the Orders tab", () => {
  it("refuses guests (401) and customers (403)", async () => {
    const { customer } = await people();
    const { id } = await makeOrder({ status: "paid" });
    const fields = { intent: ADMIN_ORDER_INTENTS.ship, orderId: String(id), trackingNumber: "T" };
    expect((await call(adminAction, postForm("/admin", fields))).status).toBe(401);
    expect((await call(adminAction, postForm("/admin", fields, { cookie: customer }))).status).toBe(403);
    expect((await orderRow(id)).status).toBe("paid");
  });

  it("cancel without confirmation goes to the confirmation step; with it cancels and redirects back with the toast", async () => {
    const { admin } = await people();
    const product = await makeProduct(db, { stock: 0 });
    const { id } = await makeOrder({ status: "paid", productId: product.id, quantity: 2 });
    const back = "/admin?tab=orders&status=paid";
    const ask = await call(
      adminAction,
      postForm("/admin", { intent: ADMIN_ORDER_INTENTS.cancel, orderId: String(id), confirmed: "", redirectTo: back }, { cookie: admin }),
    );
    expect(ask.status).toBe(302);
    const confirmUrl = ask.headers.get("Location")!;
    expect(confirmUrl).toBe(`/admin?tab=orders&status=paid&confirm=cancel&order=${id}`);
    expect((await orderRow(id)).status).toBe("paid");

    const tab = await call(adminLoader, get(confirmUrl, { cookie: admin, accept: "text/html" }));
    const data = await tab.json();
    expect(data.orders.confirm).toMatchObject({ id, email: "buyer@example.com" });
    expect(data.orders.here).toBe("/admin?tab=orders&status=paid");

    const done = await call(
      adminAction,
      postForm("/admin", { intent: ADMIN_ORDER_INTENTS.cancel, orderId: String(id), confirmed: "yes", redirectTo: back }, { cookie: admin }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(back);
    expect(await toastOf(done)).toMatchObject({ description: ADMIN_ORDER_TEXT.cancelled, type: "success" });
    expect(await stockOf(product.id)).toBe(2);

    // A second click from a stale page: a clear error, nothing restored twice.
    const stale = await call(
      adminAction,
      postForm("/admin", { intent: ADMIN_ORDER_INTENTS.cancel, orderId: String(id), confirmed: "yes", redirectTo: back }, { cookie: admin }),
    );
    expect(stale.status).toBe(302);
    expect(await toastOf(stale)).toMatchObject({ title: "Error", type: "error", description: expect.stringMatching(/cannot be cancelled/) });
    expect(await stockOf(product.id)).toBe(2);
    // The confirmation step for an order that can no longer be cancelled shows nothing.
    expect((await (await call(adminLoader, get(confirmUrl, { cookie: admin, accept: "text/html" }))).json()).orders.confirm).toBeNull();
  });

  it("ship: empty tracking reopens the ship form with the error; a tracking number ships", async () => {
    const { admin } = await people();
    const { id } = await makeOrder({ status: "paid" });
    const empty = await call(
      adminAction,
      postForm("/admin", { intent: ADMIN_ORDER_INTENTS.ship, orderId: String(id), trackingNumber: "  ", redirectTo: "/admin?tab=orders" }, { cookie: admin }),
    );
    expect(empty.headers.get("Location")).toBe(`/admin?tab=orders&ship=${id}`);
    expect(await toastOf(empty)).toMatchObject({ description: ADMIN_ORDER_TEXT.trackingRequired, type: "error" });
    const ok = await call(
      adminAction,
      postForm("/admin", { intent: ADMIN_ORDER_INTENTS.ship, orderId: String(id), trackingNumber: " ZX9 ", redirectTo: "//evil.example" }, { cookie: admin }),
    );
    expect(ok.headers.get("Location")).toBe("/admin?tab=orders");
    expect(await toastOf(ok)).toMatchObject({ description: ADMIN_ORDER_TEXT.shipped, type: "success" });
    expect(await orderRow(id)).toMatchObject({ status: "shipped", tracking: "ZX9" });
    // The tab's Return leads to the order page's refund form.
    const ret = await call(adminAction, postForm("/admin", { intent: ADMIN_ORDER_INTENTS.return, orderId: String(id) }, { cookie: admin }));
    expect(ret.headers.get("Location")).toBe(`/admin/orders/${id}#return`);
    expect((await orderRow(id)).status).toBe("shipped");
    const done = await call(adminAction, postForm("/admin", { intent: ADMIN_ORDER_INTENTS.return, orderId: String(id), amount: "0.00" }, { cookie: admin }));
    expect(await toastOf(done)).toMatchObject({ description: ADMIN_ORDER_TEXT.returned, type: "success" });
    expect((await orderRow(id)).status).toBe("returned");
  });

  it("return: the refund amount takes a decimal comma and refuses a thousands separator", async () => {
    const { admin } = await people();
    const { id } = await makeOrder({ status: "shipped" });
    const post = (amount: string) =>
      call(adminAction, postForm("/admin", { intent: ADMIN_ORDER_INTENTS.return, orderId: String(id), amount }, { cookie: admin }));
    for (const amount of ["1.234,50", "12,500", "-1", "1 234,50"]) {
      expect(await toastOf(await post(amount))).toMatchObject({ description: "Enter the amount to refund, like 24.00", type: "error" });
      expect((await orderRow(id)).status).toBe("shipped");
    }
    expect(await toastOf(await post("0,00"))).toMatchObject({ description: ADMIN_ORDER_TEXT.returned, type: "success" });
    expect((await orderRow(id)).status).toBe("returned");
  });

  it("a bad order id answers with an error toast, an unknown intent 400", async () => {
    const { admin } = await people();
    const bad = await call(adminAction, postForm("/admin", { intent: ADMIN_ORDER_INTENTS.return, orderId: "abc" }, { cookie: admin }));
    expect(bad.status).toBe(302);
    expect(await toastOf(bad)).toMatchObject({ type: "error" });
    expect((await call(adminAction, postForm("/admin", { intent: "order-nonsense", orderId: "1" }, { cookie: admin }))).status).toBe(400);
  });

  it("loadOrdersTab pages, filters and ignores an unknown status", async () => {
    const data = await loadOrdersTab(db, new URL(`${ORIGIN}/admin?tab=orders&status=bogus&page=-3&ship=12`));
    expect(data.filter.status).toBe("");
    expect(data.page).toBe(1);
    expect(data.shipOpen).toBe(12);
    expect(data.here).toBe("/admin?tab=orders&status=bogus&page=-3");
    expect(data.searchConstraint).toEqual({ maxLength: 100 });
    expect((await loadOrdersTab(db, new URL(`${ORIGIN}/admin?q=%20${"a".repeat(150)}`))).filter.q).toBe("a".repeat(100));
  });
});

describe("/admin/orders/{orderId} page", () => {
  const page = (id: number | string, cookie?: string, query = "") =>
    call(pageLoader, get(`/admin/orders/${id}${query}`, { cookie, accept: "text/html" }), { orderId: String(id) });

  it("signed out → /admin-login?redirectTo=…, customer → 403 denied, unknown → 404 not-found", async () => {
    const { customer, admin } = await people();
    const { id } = await makeOrder();
    const out = await page(id);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe(`/admin-login?redirectTo=${encodeURIComponent(`/admin/orders/${id}`)}`);
    const denied = await page(id, customer);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ state: "denied" });
    const missing = await page(999999, admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ state: "not-found" });
    expect((await page("x1", admin)).status).toBe(404);
    expect(AdminOrderRoute).toBeTypeOf("function");
  });

  it("shows the order with items, categories, per-unit and line prices, and the allowed actions", async () => {
    const { admin } = await people();
    const category = await makeCategory(db, { name: "Dresses" });
    const product = await makeProduct(db, { stock: 5, categoryIds: [category.id] });
    const { id } = await makeOrder({ productId: product.id, customerMessage: "Thanks!" });
    const res = await page(id, admin, "?confirm=cancel");
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data).toMatchObject({ state: "ok", can: { cancel: true, ship: true, return: false }, confirm: true });
    expect(data.order).toMatchObject({ id, statusLabel: "Payment Received", customerMessage: "Thanks!", shippingAddress: { countryName: "France" } });
    expect(data.order.items[0]).toMatchObject({ categories: ["Dresses"], quantity: 2, unitCents: 2400, lineCents: 4800 });
    expect(data.order.items[0].imageUrl).toMatch(/\/products\/[^/]+$/);
  });

  it("its action ships, returns and cancels with the same rules, back to the page with the toast", async () => {
    const { customer, admin } = await people();
    const product = await makeProduct(db, { stock: 0 });
    const { id } = await makeOrder({ status: "paid", productId: product.id, quantity: 1 });
    const act = (fields: Record<string, string>, cookie = admin) =>
      call(pageAction, postForm(`/admin/orders/${id}`, fields, { cookie }), { orderId: String(id) });
    expect((await act({ intent: ADMIN_ORDER_INTENTS.cancel, confirmed: "yes" }, customer)).status).toBe(403);
    const ask = await act({ intent: ADMIN_ORDER_INTENTS.cancel });
    expect(ask.headers.get("Location")).toBe(`/admin/orders/${id}?confirm=cancel`);
    const shipped = await act({ intent: ADMIN_ORDER_INTENTS.ship, trackingNumber: "PG-1", orderId: "999999" });
    expect(shipped.headers.get("Location")).toBe(`/admin/orders/${id}`);
    expect(await toastOf(shipped)).toMatchObject({ description: ADMIN_ORDER_TEXT.shipped });
    expect(await orderRow(id)).toMatchObject({ status: "shipped", tracking: "PG-1" });
    const cancel = await act({ intent: ADMIN_ORDER_INTENTS.cancel, confirmed: "yes" });
    expect(await toastOf(cancel)).toMatchObject({ type: "error" });
    expect(await stockOf(product.id)).toBe(0);
    const ret = await act({ intent: ADMIN_ORDER_INTENTS.return, amount: "0.00" });
    expect(await toastOf(ret)).toMatchObject({ description: ADMIN_ORDER_TEXT.returned });
    expect((await call(pageAction, postForm(`/admin/orders/${id}`, { intent: "nope" }, { cookie: admin }), { orderId: String(id) })).status).toBe(400);
  });

  it("the reason's limit is the domain's: sent as the textareas' constraints, an over-long reason answers with its message", async () => {
    const { admin } = await people();
    const { id } = await makeOrder({ status: "cancel_request", quantity: 1 });
    const data = await (await page(id, admin)).json();
    expect(data.declineReasonConstraint).toEqual({ required: true, maxLength: 500 });
    expect(data.returnReasonConstraint).toEqual({ maxLength: 500 });
    const act = (reason: string) =>
      call(pageAction, postForm(`/admin/orders/${id}`, { intent: ADMIN_ORDER_INTENTS.decline, reason }, { cookie: admin }), { orderId: String(id) });
    expect(await toastOf(await act("x".repeat(501)))).toMatchObject({ type: "error", description: "The reason must be 500 characters or less" });
    expect(await orderRow(id)).toMatchObject({ status: "cancel_request" });
    expect(await toastOf(await act(` ${"x".repeat(500)} `))).toMatchObject({ description: ADMIN_ORDER_TEXT.declined });
  });
});

describe("rendering (server HTML, JavaScript off)", () => {
  function render(Component: ComponentType, path: string, routeData: unknown) {
    const Stub = createRemixStub([{ id: "root", path: "/", Component: Outlet, children: [{ id: "page", path: path.split("?")[0]!.slice(1), Component }] }]);
    const report = console.error;
    console.error = (...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
    };
    try {
      return renderToString(
        createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: { shopEmail: "shop@example.com" }, page: routeData } } }),
      );
    } finally {
      console.error = report;
    }
  }

  it("the Orders tab: rows with badges and the allowed actions, the confirmation step, the open ship form", async () => {
    const email = `render-${Date.now()}@example.com`;
    const paid = await makeOrder({ status: "paid", email });
    const shipped = await makeOrder({ status: "shipped", email });
    const data = await loadOrdersTab(db, new URL(`${ORIGIN}/admin?tab=orders&q=${encodeURIComponent(email)}&confirm=cancel&order=${paid.id}&ship=${paid.id}`));
    const html = render(() => createElement(OrdersTab, { data }), "/admin", {});
    expect(html).toContain(ADMIN_ORDER_TEXT.cancelQuestion);
    expect(html).toContain("Yes, cancel order");
    expect(html).toContain(`aria-label="Cancel order #${paid.id}"`);
    expect(html).toContain(`aria-label="Process return of order #${shipped.id}"`);
    expect(html).not.toContain(`aria-label="Cancel order #${shipped.id}"`);
    expect(html).toMatch(/<details class="admin-ship" open="">/);
    expect(html).toContain('name="trackingNumber"');
    expect(html).toContain("Payment Received");
    expect(html).toContain(`href="/admin/orders/${paid.id}"`);
  });

  it("the order page: items, tracking card, actions; denied and not-found views", async () => {
    const { admin } = await people();
    const category = await makeCategory(db, { name: "Coats" });
    const product = await makeProduct(db, { stock: 5, categoryIds: [category.id] });
    const { id } = await makeOrder({ status: "paid", productId: product.id, customerMessage: "Hello there" });
    await shipOrder(db, id, "RR1");
    const data = await (await call(pageLoader, get(`/admin/orders/${id}`, { cookie: admin, accept: "text/html" }), { orderId: String(id) })).json();
    const html = render(AdminOrderRoute, `/admin/orders/${id}`, data);
    expect(html).toContain(`Order #${id}`);
    expect(html).toContain("Coats");
    expect(html).toContain("https://parcelsapp.com/en/tracking/RR1");
    expect(html).toContain("Process Return");
    expect(html).not.toContain("Ship Order");
    expect(html).toContain("Hello there");
    expect(html).toContain("$24.00");
    expect(render(AdminOrderRoute, `/admin/orders/${id}`, { state: "denied" })).toContain("Access Denied - You need admin privileges to access this page.");
    const missing = render(AdminOrderRoute, `/admin/orders/${id}`, { state: "not-found" });
    expect(missing).toContain("Order Not Found");
    expect(missing).toContain("Back to Admin");
  });
});
