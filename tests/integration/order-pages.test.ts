import { randomBytes } from "node:crypto";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createToastCookie, getSessionStorage } from "~/web/session.server";
import { cancelOrderForCustomer, cancelUnpaidOrder, requestCancellation } from "~/domain/orders/order-actions.server";
import { ORDER_TEXT, ORDER_TOAST_TEXT } from "~/domain/orders/page-data";
import { db } from "~/lib/db.server";
import { action as orderApiAction, loader as orderApiLoader } from "~/routes/api.orders.$orderId";
import { action as cancelApiAction, loader as cancelApiLoader } from "~/routes/api.orders.$orderId.cancel";
import { loader as confirmationApiLoader } from "~/routes/api.orders.$orderId.confirmation";
import { loader as detailsApiLoader } from "~/routes/api.orders.$orderId.details";
import ConfirmationRoute, { loader as confirmationLoader } from "~/routes/order.$orderId.confirmation";
import DetailsRoute, { action as detailsAction, loader as detailsLoader } from "~/routes/order-details.$orderId";
import { action as detailsTokenAction, loader as detailsTokenLoader } from "~/routes/order-details.$orderId_.$token";
import { loader as confirmationTokenLoader } from "~/routes/orders.$orderId.$token";
import { makeCategory, makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, call, get, postForm } from "../helpers/requests";
import { type OrderStatus } from "~/domain/orders/status";

// The routes use the shared `db`, which tests/setup/per-file.ts points at this file's own database.
afterAll(() => db.destroy());

async function cookieWith(values: { userId?: number; cartKey?: string }): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  if (values.userId) session.set("userId", values.userId);
  if (values.cartKey) session.set("cartKey", values.cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

interface OrderSpec {
  userId?: number | null;
  sessionKey?: string | null;
  status?: OrderStatus;
  stockReserved?: boolean;
  pointsUsed?: number;
  trackingNumber?: string | null;
  shippingCents?: number;
  discountCents?: number;
  customerMessage?: string | null;
  lines?: { productId: number; quantity: number; unitPriceCents?: number; colorId?: number | null; variationCode?: string | null; title?: string }[];
}

/** Inserts an order with its items straight into the database (what checkout and payment would have written). */
async function makeOrder(spec: OrderSpec = {}) {
  const lines = spec.lines ?? [{ productId: (await makeProduct(db, { title: "Lace Blouse", priceCents: 2400 })).id, quantity: 1 }];
  const subtotal = lines.reduce((a, l) => a + (l.unitPriceCents ?? 2400) * l.quantity, 0);
  const shipping = spec.shippingCents ?? 800;
  const discount = spec.discountCents ?? 0;
  const token = randomBytes(24).toString("base64url");
  const order = await db
    .insertInto("orders")
    .values({
      user_id: spec.userId ?? null,
      session_key: spec.sessionKey ?? null,
      email: "buyer@example.com",
      status: spec.status ?? "unpaid",
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      shipping_name: "Standard Shipping",
      loyalty_discount_cents: discount,
      loyalty_points_used: spec.pointsUsed ?? 0,
      total_cents: subtotal + shipping - discount,
      tracking_number: spec.trackingNumber ?? null,
      customer_message: spec.customerMessage ?? null,
      confirmation_token: token,
      shipping_first_name: "Clara",
      shipping_last_name: "Bloom",
      shipping_address_line1: "12 Lace Lane",
      shipping_address_line2: null,
      shipping_city: "Kraków",
      shipping_state: null,
      shipping_postal_code: "30-001",
      shipping_country: "FR",
      stock_reserved: spec.stockReserved ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const l of lines) {
    await db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        product_id: l.productId,
        title: l.title ?? "Lace Blouse",
        unit_price_cents: l.unitPriceCents ?? 2400,
        quantity: l.quantity,
        color_id: l.colorId ?? null,
        variation_code: l.variationCode ?? null,
      })
      .execute();
  }
  return { id: order.id, token };
}

async function statusOf(id: number) {
  return await db.selectFrom("orders").select(["status", "stock_reserved as reserved"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function stockOf(productId: number) {
  return await db.selectFrom("products").select(["stock", "total_stock as total"]).where("id", "=", productId).executeTakeFirstOrThrow();
}

async function people() {
  const owner = await makeUser(db);
  const other = await makeUser(db);
  const admin = await makeUser(db, { isAdmin: true });
  return {
    owner: { ...owner, cookie: await cookieWith({ userId: owner.id }) },
    other: await cookieWith({ userId: other.id }),
    admin: await cookieWith({ userId: admin.id }),
  };
}

const confirmation = (id: number | string, token: string | null, cookie?: string) =>
  call(confirmationLoader, get(`/order/${id}/confirmation${token === null ? "" : `?token=${encodeURIComponent(token)}`}`, { cookie, accept: "text/html" }), {
    orderId: String(id),
  });
const confirmationByPath = (id: number | string, token: string, cookie?: string) =>
  call(confirmationTokenLoader, get(`/orders/${id}/${token}`, { cookie, accept: "text/html" }), { orderId: String(id), token });
const details = (id: number | string, query = "", cookie?: string) =>
  call(detailsLoader, get(`/order-details/${id}${query}`, { cookie, accept: "text/html" }), { orderId: String(id) });

describe("confirmation page loader (/order/{id}/confirmation?token= and /orders/{id}/{token})", () => {
  it("without a token: 'Access Denied' (403), whoever asks", async () => {
    const { owner, admin } = await people();
    const { id } = await makeOrder({ userId: owner.id, status: "paid" });
    for (const cookie of [undefined, owner.cookie, admin]) {
      for (const query of [null, ""]) {
        const res = await confirmation(id, query, cookie);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ state: "denied" });
      }
    }
  });

  it("with the right token anyone sees the order, by either URL", async () => {
    const { id, token } = await makeOrder({ status: "paid" });
    for (const res of [await confirmation(id, token), await confirmationByPath(id, token)]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      const data = await res.json();
      expect(data.state).toBe("ok");
      expect(data.order).toMatchObject({
        id,
        status: "paid",
        statusLabel: "Payment Received",
        subtotalCents: 2400,
        shippingCents: 800,
        totalCents: 3200,
        shippingName: "Standard Shipping",
        shippingAddress: { country: "FR", countryName: "France", city: "Kraków" },
        links: {
          payment: `/order/${id}/payment?token=${token}`,
          details: `/order-details/${id}?token=${token}`,
        },
      });
      expect(data.order.items).toHaveLength(1);
      expect(data.order.items[0]).toMatchObject({ title: "Lace Blouse", quantity: 1, lineCents: 2400 });
      expect(data.order.items[0].imageUrl).toMatch(/^\/uploads\/products\/[^/]+$/);
      expect(JSON.stringify(data)).not.toMatch(/paypal|sessionKey|userId/i);
    }
  });

  it("a wrong token: 'Order Not Found' (404) unless the visitor is the owner, the guest session or an admin", async () => {
    const { owner, other, admin } = await people();
    const mine = await makeOrder({ userId: owner.id, status: "paid" });
    const guestKey = randomBytes(18).toString("base64url");
    const guests = await makeOrder({ sessionKey: guestKey, status: "paid" });
    const wrong = "not-the-token";
    for (const [id, cookie] of [
      [mine.id, undefined],
      [mine.id, other],
      [mine.id, await cookieWith({ cartKey: guestKey })],
      [guests.id, undefined],
      [guests.id, other],
      [guests.id, await cookieWith({ cartKey: "someone-else" })],
    ] as const) {
      for (const res of [await confirmation(id, wrong, cookie), await confirmationByPath(id, wrong, cookie)]) {
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ state: "not-found" });
      }
    }
    expect((await confirmation(mine.id, wrong, owner.cookie)).status).toBe(200);
    expect((await confirmation(mine.id, wrong, admin)).status).toBe(200);
    expect((await confirmation(guests.id, wrong, await cookieWith({ cartKey: guestKey }))).status).toBe(200);
    expect((await confirmationByPath(guests.id, wrong, admin)).status).toBe(200);
  });

  it("an unknown or malformed id answers exactly like a wrong token", async () => {
    const { token } = await makeOrder();
    for (const id of ["999999", "abc", "0", "-1", "1e3"]) {
      const res = await confirmation(id, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ state: "not-found" });
    }
  });
});

describe("customer order details loader (/order-details/{id} and /order-details/{id}/{token})", () => {
  it("owner, guest session, token holder and admin see it; other customers and strangers get 404", async () => {
    const { owner, other, admin } = await people();
    const { id, token } = await makeOrder({ userId: owner.id, status: "shipped", trackingNumber: "RR123456789PL", customerMessage: "Gift wrap please" });
    const ok = async (res: Response) => {
      expect(res.status).toBe(200);
      const data = await res.json();
      expect(data.state).toBe("ok");
      return data;
    };
    const own = await ok(await details(id, "", owner.cookie));
    expect(own.order).toMatchObject({ trackingNumber: "RR123456789PL", customerMessage: "Gift wrap please", email: "buyer@example.com" });
    expect(own.self).toBe(`/order-details/${id}`);
    expect(own.can).toEqual({ cancel: false, requestCancellation: false });
    expect((await ok(await details(id, `?token=${token}`))).self).toBe(`/order-details/${id}?token=${token}`);
    await ok(await details(id, "", admin));
    const byPath = await ok(await call(detailsTokenLoader, get(`/order-details/${id}/${token}`, { accept: "text/html" }), { orderId: String(id), token }));
    expect(byPath.self).toBe(`/order-details/${id}/${token}`);

    for (const [query, cookie] of [
      ["", undefined],
      ["", other],
      ["?token=wrong", other],
      ["?token=", undefined],
    ] as const) {
      const res = await details(id, query, cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ state: "not-found" });
    }
    expect((await call(detailsTokenLoader, get(`/order-details/${id}/wrong`, { accept: "text/html" }), { orderId: String(id), token: "wrong" })).status).toBe(
      404,
    );

    const guestKey = randomBytes(18).toString("base64url");
    const guests = await makeOrder({ sessionKey: guestKey });
    await ok(await details(guests.id, "", await cookieWith({ cartKey: guestKey })));
    expect((await details(guests.id, "", await cookieWith({ cartKey: "another-guest" }))).status).toBe(404);
  });

  it("?confirm= opens the confirmation step only for the action the status allows", async () => {
    const unpaid = await makeOrder();
    const paid = await makeOrder({ status: "paid" });
    const confirmOf = async (o: { id: number; token: string }, confirm: string) =>
      (await (await details(o.id, `?token=${o.token}&confirm=${confirm}`)).json()).confirm;
    expect(await confirmOf(unpaid, "cancel")).toBe("cancel");
    expect(await confirmOf(unpaid, "request-cancellation")).toBeNull();
    expect(await confirmOf(paid, "request-cancellation")).toBe("request-cancellation");
    expect(await confirmOf(paid, "cancel")).toBeNull();
    expect(await confirmOf(paid, "nonsense")).toBeNull();
    const data = await (await details(unpaid.id, `?token=${unpaid.token}&confirm=cancel`)).json();
    expect(data.self).toBe(`/order-details/${unpaid.id}?token=${unpaid.token}`);
    expect(data.can).toEqual({ cancel: true, requestCancellation: false });
  });
});

describe("customer order actions (details page forms)", () => {
  const act = (id: number, token: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string; accept?: string } = {}) =>
    call(detailsAction, postForm(`/order-details/${id}?token=${encodeURIComponent(token)}`, fields, opts), { orderId: String(id) });

  it("without confirmation it first sends the browser to the confirmation step, changing nothing", async () => {
    const { id, token } = await makeOrder();
    const res = await act(id, token, { intent: "cancel", confirmed: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/order-details/${id}?token=${token}&confirm=cancel`);
    expect((await statusOf(id)).status).toBe("unpaid");
    const byPath = await call(detailsTokenAction, postForm(`/order-details/${id}/${token}`, { intent: "cancel" }), { orderId: String(id), token });
    expect(byPath.headers.get("Location")).toBe(`/order-details/${id}/${token}?confirm=cancel`);
  });

  it("cancels an unpaid order: 'unpaidcancelled' and the toast 'Order cancelled'", async () => {
    const product = await makeProduct(db, { stock: 5 });
    const { id, token } = await makeOrder({ lines: [{ productId: product.id, quantity: 2 }] });
    const res = await act(id, token, { intent: "cancel", confirmed: "yes" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/order-details/${id}?token=${token}`);
    expect(await toastOf(res)).toEqual(ORDER_TOAST_TEXT.cancelled);
    expect(await statusOf(id)).toEqual({ status: "unpaidcancelled", reserved: 0 });
    // Stock was never taken for this order, so none comes back.
    expect(await stockOf(product.id)).toEqual({ stock: 5, total: 5 });
  });

  it("an unpaid order whose payment is being captured cannot be cancelled (409), and nothing changes", async () => {
    const owner = await makeUser(db);
    const cookie = await cookieWith({ userId: owner.id });
    const plain = await makeProduct(db, { stock: 3 });
    // The payment step took 2 units and holds them while PayPal captures.
    const { id, token } = await makeOrder({ userId: owner.id, stockReserved: true, lines: [{ productId: plain.id, quantity: 2 }] });
    const res = await act(id, token, { intent: "cancel", confirmed: "yes" }, { cookie });
    expect(await toastOf(res)).toMatchObject({ title: "Error" });
    expect(await statusOf(id)).toEqual({ status: "unpaid", reserved: 1 });
    expect(await stockOf(plain.id)).toEqual({ stock: 3, total: 3 });
  });

  it("requests cancellation of a paid order: 'cancel_request', stock stays taken", async () => {
    const product = await makeProduct(db, { stock: 4 });
    const { id, token } = await makeOrder({ status: "paid", stockReserved: true, lines: [{ productId: product.id, quantity: 1 }] });
    const res = await act(id, token, { intent: "request-cancellation", confirmed: "yes" });
    expect(await toastOf(res)).toEqual(ORDER_TOAST_TEXT.requested);
    expect(await statusOf(id)).toEqual({ status: "cancel_request", reserved: 1 });
    expect(await stockOf(product.id)).toEqual({ stock: 4, total: 4 });
  });

  it("an action the status does not allow fails with 'Error' / 'Failed to cancel order. Please try again.' and changes nothing", async () => {
    const cases: [OrderStatus, string][] = [
      ["paid", "cancel"],
      ["shipped", "cancel"],
      ["shipped", "request-cancellation"],
      ["unpaid", "request-cancellation"],
      ["cancel_request", "request-cancellation"],
      ["unpaidcancelled", "cancel"],
    ];
    for (const [status, intent] of cases) {
      const { id, token } = await makeOrder({ status });
      const res = await act(id, token, { intent, confirmed: "yes" });
      expect(res.status).toBe(302);
      expect(await toastOf(res)).toEqual(ORDER_TOAST_TEXT.failed);
      expect((await statusOf(id)).status).toBe(status);
    }
    // With JavaScript (the browser module asks for JSON) the failure comes back as data with the status.
    const { id, token } = await makeOrder({ status: "shipped" });
    const res = await act(id, token, { intent: "cancel", confirmed: "yes" }, { accept: "application/json" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ ok: false, error: ORDER_TOAST_TEXT.failed });
  });

  it("checks access like the page (404) and refuses an unknown intent (400)", async () => {
    const { owner, other } = await people();
    const { id } = await makeOrder({ userId: owner.id });
    const path = `/order-details/${id}`;
    expect((await call(detailsAction, postForm(path, { intent: "cancel", confirmed: "yes" }, { cookie: other }), { orderId: String(id) })).status).toBe(404);
    expect((await call(detailsAction, postForm(`${path}?token=wrong`, { intent: "cancel", confirmed: "yes" }), { orderId: String(id) })).status).toBe(404);
    expect((await call(detailsAction, postForm(path, { intent: "delete", confirmed: "yes" }, { cookie: owner.cookie }), { orderId: String(id) })).status).toBe(
      400,
    );
    expect((await statusOf(id)).status).toBe("unpaid");
    const ok = await call(detailsAction, postForm(path, { intent: "cancel", confirmed: "yes" }, { cookie: owner.cookie }), { orderId: String(id) });
    expect(ok.headers.get("Location")).toBe(path);
    expect((await statusOf(id)).status).toBe("unpaidcancelled");
  });
});

describe("order domain actions", () => {
  it("cancelOrderForCustomer: unpaid → unpaidcancelled, paid → cancel_request, others 409, unknown 404", async () => {
    expect(await cancelOrderForCustomer(db, (await makeOrder()).id)).toBe("unpaidcancelled");
    expect(await cancelOrderForCustomer(db, (await makeOrder({ status: "paid" })).id)).toBe("cancel_request");
    for (const status of ["shipped", "delivered", "cancelled", "unpaidcancelled", "cancel_request", "returned", "processing"] as const) {
      const { id } = await makeOrder({ status });
      await expect(cancelOrderForCustomer(db, id)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("can no longer be cancelled") });
      expect((await statusOf(id)).status).toBe(status);
    }
    await expect(cancelOrderForCustomer(db, 987654)).rejects.toMatchObject({ status: 404 });
    await expect(requestCancellation(db, (await makeOrder()).id)).rejects.toMatchObject({ status: 409 });
  });

  it("two cancels at once: one wins, the other gets 409", async () => {
    const { id } = await makeOrder({});
    const results = await Promise.allSettled([cancelUnpaidOrder(db, id), cancelUnpaidOrder(db, id), cancelUnpaidOrder(db, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected" && (r.reason as { status: number }).status === 409)).toHaveLength(2);
    expect(await statusOf(id)).toEqual({ status: "unpaidcancelled", reserved: 0 });
  });
});

describe("order API", () => {
  const getOrder = (id: number | string, query = "", cookie?: string) =>
    call(orderApiLoader, apiRequest("GET", `/api/orders/${id}${query}`, { cookie }), { orderId: String(id) });
  const getConfirmation = (id: number | string, query = "", cookie?: string) =>
    call(confirmationApiLoader, apiRequest("GET", `/api/orders/${id}/confirmation${query}`, { cookie }), { orderId: String(id) });
  const getDetails = (id: number | string, query = "", cookie?: string) =>
    call(detailsApiLoader, apiRequest("GET", `/api/orders/${id}/details${query}`, { cookie }), { orderId: String(id) });
  const patchCancel = (id: number | string, opts: { cookie?: string; origin?: string; query?: string } = {}) =>
    call(cancelApiAction, apiRequest("PATCH", `/api/orders/${id}/cancel${opts.query ?? ""}`, opts), { orderId: String(id) });

  async function expectNotFound(res: Response) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Order not found" });
  }

  it("GET /api/orders/{id}: the Order entity for owner, guest session, token and admin; 404 for anyone else", async () => {
    const { owner, other, admin } = await people();
    const category = await makeCategory(db, { name: "Dresses" });
    const product = await makeProduct(db, { title: "Rose Dress", priceCents: 3150, colors: [{ colorId: 3, stock: 4 }], categoryIds: [category.id] });
    const { id, token } = await makeOrder({
      userId: owner.id,
      status: "paid",
      shippingCents: 0,
      lines: [{ productId: product.id, quantity: 2, unitPriceCents: 3150, colorId: 3, title: "Rose Dress" }],
    });
    const res = await getOrder(id, "", owner.cookie);
    expect(res.status).toBe(200);
    const order = await res.json();
    expect(order).toMatchObject({
      id,
      email: "buyer@example.com",
      status: "paid",
      subtotal: "63.00",
      shippingCost: "0.00",
      shippingName: "Standard Shipping",
      loyaltyDiscount: "0.00",
      total: "63.00",
      trackingNumber: null,
      customerMessage: null,
      confirmationToken: token,
      shippingAddress: {
        firstName: "Clara",
        lastName: "Bloom",
        addressLine1: "12 Lace Lane",
        addressLine2: null,
        city: "Kraków",
        state: null,
        postalCode: "30-001",
        country: "FR",
      },
    });
    expect(typeof order.createdAt).toBe("string");
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: product.id,
        title: "Rose Dress",
        quantity: 2,
        price: "63.00",
        colorId: 3,
        product: {
          title: "Rose Dress",
          images: [{ imageUrl: expect.stringMatching(/^\/uploads\/products\//) }],
          categories: [{ category: { name: "Dresses" } }],
        },
      }),
    ]);
    expect(JSON.stringify(order)).not.toMatch(/paypal|stockReserved|sessionKey|userId/i);

    expect((await getOrder(id, `?token=${token}`)).status).toBe(200);
    expect((await getOrder(id, "", admin)).status).toBe(200);
    await expectNotFound(await getOrder(id, "", other));
    await expectNotFound(await getOrder(id));
    await expectNotFound(await getOrder(id, "?token=wrong", other));
    await expectNotFound(await getOrder(999999, "", admin));
    await expectNotFound(await getOrder("abc", "", admin));

    const guestKey = randomBytes(18).toString("base64url");
    const guests = await makeOrder({ sessionKey: guestKey });
    expect((await getOrder(guests.id, "", await cookieWith({ cartKey: guestKey }))).status).toBe(200);
    await expectNotFound(await getOrder(guests.id, "", await cookieWith({ cartKey: "other-guest" })));
    // A write to the order URL is not a thing: 405.
    expect((await call(orderApiAction, apiRequest("POST", `/api/orders/${id}`, { cookie: owner.cookie }), { orderId: String(id) })).status).toBe(405);
  });

  it("GET /api/orders/{id}/confirmation: 400 'Confirmation token is required' without token, 404 wrong, 200 right", async () => {
    const { owner } = await people();
    const { id, token } = await makeOrder({ userId: owner.id, status: "paid" });
    for (const query of ["", "?token="]) {
      const res = await getConfirmation(id, query, owner.cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: ORDER_TEXT.tokenRequired });
    }
    await expectNotFound(await getConfirmation(id, "?token=wrong"));
    await expectNotFound(await getConfirmation(424242, `?token=${token}`));
    const ok = await getConfirmation(id, `?token=${encodeURIComponent(token)}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe(id);
    // The owner's session opens it even when the token is stale.
    expect((await getConfirmation(id, "?token=wrong", owner.cookie)).status).toBe(200);
  });

  it("GET /api/orders/{id}/details: token or owner; 404 otherwise", async () => {
    const { owner, other } = await people();
    const { id, token } = await makeOrder({ userId: owner.id, status: "shipped", trackingNumber: "RR1PL" });
    expect((await (await getDetails(id, `?token=${token}`)).json()).trackingNumber).toBe("RR1PL");
    expect((await getDetails(id, "", owner.cookie)).status).toBe(200);
    await expectNotFound(await getDetails(id));
    await expectNotFound(await getDetails(id, "", other));
  });

  it("PATCH /api/orders/{id}/cancel: unpaid → unpaidcancelled (stock back), paid → cancel_request, shipped 409", async () => {
    const { owner } = await people();
    const product = await makeProduct(db, { stock: 1 });
    const capturing = await makeOrder({ userId: owner.id, stockReserved: true, lines: [{ productId: product.id, quantity: 2 }] });
    const busy = await patchCancel(capturing.id, { cookie: owner.cookie });
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toBe("Your payment is being processed. Please wait a moment and refresh the page.");
    expect(await stockOf(product.id)).toEqual({ stock: 1, total: 1 });
    const unpaid = await makeOrder({ userId: owner.id, lines: [{ productId: product.id, quantity: 1 }] });
    const res = await patchCancel(unpaid.id, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: unpaid.id, status: "unpaidcancelled" });
    expect(await statusOf(unpaid.id)).toEqual({ status: "unpaidcancelled", reserved: 0 });

    const paid = await makeOrder({ status: "paid" });
    const requested = await patchCancel(paid.id, { query: `?token=${paid.token}` });
    expect(requested.status).toBe(200);
    expect((await requested.json()).status).toBe("cancel_request");

    const shipped = await makeOrder({ userId: owner.id, status: "shipped" });
    const refused = await patchCancel(shipped.id, { cookie: owner.cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/can no longer be cancelled/);
    expect((await statusOf(shipped.id)).status).toBe("shipped");

    const again = await patchCancel(unpaid.id, { cookie: owner.cookie });
    expect(again.status).toBe(409);
  });

  it("PATCH /api/orders/{id}/cancel: 404 for anyone else, 405 for other methods", async () => {
    const { owner, other, admin } = await people();
    const { id } = await makeOrder({ userId: owner.id });
    await expectNotFound(await patchCancel(id, { cookie: other }));
    await expectNotFound(await patchCancel(id));
    await expectNotFound(await patchCancel(id, { query: "?token=wrong" }));
    await expectNotFound(await patchCancel("nope", { cookie: admin }));
    expect((await call(cancelApiAction, apiRequest("POST", `/api/orders/${id}/cancel`, { cookie: owner.cookie }), { orderId: String(id) })).status).toBe(405);
    expect((await call(cancelApiLoader, apiRequest("GET", `/api/orders/${id}/cancel`, { cookie: owner.cookie }), { orderId: String(id) })).status).toBe(405);
    expect((await statusOf(id)).status).toBe("unpaid");
    // An admin may cancel it too.
    expect((await patchCancel(id, { cookie: admin })).status).toBe(200);
  });
});

describe("rendered pages", () => {
  async function render(Component: ComponentType, path: string, routeData: unknown) {
    const Stub = createRemixStub([{ id: "root", path: "/", Component: Outlet, children: [{ id: "page", path: path.split("?")[0]!.slice(1), Component }] }]);
    const report = console.error;
    console.error = (...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
    };
    try {
      return renderToString(
        createElement(Stub, {
          initialEntries: [path],
          hydrationData: { loaderData: { root: { shopEmail: "shop@example.com" }, page: routeData } },
        }),
      );
    } finally {
      console.error = report;
    }
  }

  it("confirmation: 'Order Confirmed!', badge, items, summary with 'Free', address, What's Next, buttons and support", async () => {
    const { id, token } = await makeOrder({ status: "paid", shippingCents: 0, discountCents: 500, pointsUsed: 50 });
    const data = await (await confirmation(id, token)).json();
    const html = await render(ConfirmationRoute, `/order/${id}/confirmation?token=${token}`, data);
    expect(html).toContain(ORDER_TEXT.confirmed);
    expect(html).toContain("Payment Received");
    expect(html).toContain(`#${id}`);
    expect(html).toContain("Lace Blouse");
    expect(html).toContain("Free");
    expect(html).toContain("Loyalty Discount (50 points)");
    expect(html).toContain("-$5.00");
    expect(html).toContain("France");
    expect(html).toContain("What&#x27;s Next?");
    // The dispatch time of Settings (its default).
    expect(html).toContain("Orders go out within 1–3 business days.");
    expect(html).toContain("registered priority airmail");
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>Continue Shopping<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/account"[^>]*>View Order History<\/a>/);
    expect(html).toContain(`href="mailto:shop@example.com?subject=Order%20%23${id}"`);
  });

  it("confirmation: Access Denied, Not Found, pending payment, and the banners", async () => {
    const denied = await render(ConfirmationRoute, "/order/1/confirmation", { state: "denied" });
    expect(denied).toContain(ORDER_TEXT.accessDenied);
    expect(denied).toContain(ORDER_TEXT.tokenRequired);
    expect(denied).toContain("valid confirmation link");
    expect(await render(ConfirmationRoute, "/order/1/confirmation?token=x", { state: "not-found" })).toContain(ORDER_TEXT.notFound);

    const unpaid = await makeOrder();
    const pending = await render(ConfirmationRoute, `/order/${unpaid.id}/confirmation`, await (await confirmation(unpaid.id, unpaid.token)).json());
    expect(pending).toContain(ORDER_TEXT.paymentPending);
    expect(pending).not.toContain(ORDER_TEXT.confirmed);
    expect(pending).toContain(`href="/order/${unpaid.id}/payment?token=${unpaid.token}"`);

    const shipped = await makeOrder({ status: "shipped", trackingNumber: "RR 123/PL" });
    const shippedHtml = await render(ConfirmationRoute, `/order/${shipped.id}/confirmation`, await (await confirmation(shipped.id, shipped.token)).json());
    expect(shippedHtml).toContain("Your order has shipped!");
    expect(shippedHtml).toContain(`href="https://parcelsapp.com/en/tracking/RR%20123%2FPL"`);
    expect(shippedHtml).toContain('rel="noopener noreferrer"');

    for (const [status, text] of [
      ["cancel_request", "Cancellation Requested"],
      ["cancelled", "Order Cancelled"],
      ["unpaidcancelled", "cancelled before it was paid"],
    ] as const) {
      const o = await makeOrder({ status });
      expect(await render(ConfirmationRoute, `/order/${o.id}/confirmation`, await (await confirmation(o.id, o.token)).json())).toContain(text);
    }
  });

  it("details: status, tracking link, contact, message, actions and the confirmation step", async () => {
    const shipped = await makeOrder({ status: "shipped", trackingNumber: "RR999PL", customerMessage: "Thank you!" });
    const shippedHtml = await render(
      DetailsRoute,
      `/order-details/${shipped.id}?token=${shipped.token}`,
      await (await details(shipped.id, `?token=${shipped.token}`)).json(),
    );
    expect(shippedHtml).toContain("Shipped");
    expect(shippedHtml).toContain('href="https://parcelsapp.com/en/tracking/RR999PL"');
    expect(shippedHtml).toContain("Contact Information");
    expect(shippedHtml).toContain("buyer@example.com");
    expect(shippedHtml).toContain("Thank you!");
    expect(shippedHtml).not.toContain("Cancel Order");
    expect(shippedHtml).not.toContain("Request Cancellation");

    const unpaid = await makeOrder();
    const unpaidHtml = await render(DetailsRoute, `/order-details/${unpaid.id}`, await (await details(unpaid.id, `?token=${unpaid.token}`)).json());
    expect(unpaidHtml).toContain("Cancel Order");
    expect(unpaidHtml).toContain(`href="/order/${unpaid.id}/payment?token=${unpaid.token}"`);
    expect(unpaidHtml).not.toContain("Request Cancellation");
    expect(unpaidHtml).toMatch(new RegExp(`<form method="post" action="/order-details/${unpaid.id}\\?token=${unpaid.token}"`));

    const asking = await render(DetailsRoute, `/order-details/${unpaid.id}`, await (await details(unpaid.id, `?token=${unpaid.token}&confirm=cancel`)).json());
    expect(asking).toContain('role="alertdialog"');
    expect(asking).toContain(ORDER_TEXT.cancelQuestion);
    expect(asking).toContain("Yes, cancel order");
    expect(asking).toContain('name="confirmed" value="yes"');

    const paid = await makeOrder({ status: "paid" });
    const paidHtml = await render(
      DetailsRoute,
      `/order-details/${paid.id}`,
      await (await details(paid.id, `?token=${paid.token}&confirm=request-cancellation`)).json(),
    );
    expect(paidHtml).toContain("Request Cancellation");
    expect(paidHtml).toContain("1-2 business days");
    expect(paidHtml).toContain("Yes, request cancellation");
    expect(paidHtml).not.toContain(">Cancel Order<");

    expect(await render(DetailsRoute, "/order-details/1", { state: "not-found" })).toContain(ORDER_TEXT.notFound);
  });
});
