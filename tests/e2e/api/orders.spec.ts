import { type APIRequestContext } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { guestSessionCookie, insertOrder, makeStockProduct, orderStatus, productStock } from "../helpers/orders";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// The order calls (read, confirmation, details, cancel) and who may make them: only the owner,
// the guest session that placed the order, a holder of its token, or an admin.

async function customers({ loginAsCustomer, loginAsAdmin }: { loginAsCustomer: Login; loginAsAdmin: Login }) {
  const owner = await loginAsCustomer({ email: uniqueEmail("order-owner") });
  const other = await loginAsCustomer({ email: uniqueEmail("order-other") });
  const admin = await loginAsAdmin({ email: uniqueEmail("order-admin") });
  return { owner, other, admin };
}

test.describe("GET /api/orders/{orderId}", () => {
  test("the owner gets the order with its money as strings, its items and address, and nothing internal", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { owner } = await customers({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ userId: owner.userId, status: "paid", lines: [{ slug: "cream-cable-knit-sweater", quantity: 2 }] });
    const res = await owner.request.get(`/api/orders/${order.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("no-store");
    const body = await res.json();
    const unit = order.items[0]!.unitPriceCents;
    expect(body).toMatchObject({
      id: order.id,
      status: "paid",
      email: "buyer@example.com",
      subtotal: ((unit * 2) / 100).toFixed(2),
      shippingCost: "8.00",
      shippingName: "Standard Shipping",
      loyaltyDiscount: "0.00",
      total: (order.totalCents / 100).toFixed(2),
      confirmationToken: order.token,
      shippingAddress: { firstName: "Clara", lastName: "Bloom", city: "Toronto", country: "CA" },
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ productId: order.items[0]!.productId, quantity: 2, price: ((unit * 2) / 100).toFixed(2) });
    expect(body.items[0].product.title).toBeTruthy();
    expect(Array.isArray(body.items[0].product.images)).toBe(true);
    expect(Array.isArray(body.items[0].product.categories)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/paypal|stockReserved|sessionKey/i);
  });

  test("other customers and strangers get 404 {message}; a token holder and an admin get the order", async ({ request, loginAsCustomer, loginAsAdmin }) => {
    const { owner, other, admin } = await customers({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ userId: owner.userId, status: "paid" });
    await expectError(await other.request.get(`/api/orders/${order.id}`), 404);
    await expectError(await request.get(`/api/orders/${order.id}`), 404);
    await expectError(await request.get(`/api/orders/${order.id}?token=wrong-token`), 404);
    await expectError(await request.get(`/api/orders/99999999`), 404);
    await expectError(await request.get(`/api/orders/not-a-number`), 404);
    expect((await request.get(`/api/orders/${order.id}?token=${order.token}`)).status()).toBe(200);
    expect((await admin.request.get(`/api/orders/${order.id}`)).status()).toBe(200);
  });

  test("a guest's order belongs to the session that placed it", async ({ playwright }) => {
    const guest = await guestSessionCookie();
    const stranger = await guestSessionCookie();
    const order = await insertOrder({ sessionKey: guest.cartKey, status: "unpaid" });
    const mine = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [guest.cookie], origins: [] } });
    const theirs = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [stranger.cookie], origins: [] } });
    try {
      expect((await mine.get(`/api/orders/${order.id}`)).status()).toBe(200);
      expect((await mine.get(`/api/orders/${order.id}/details`)).status()).toBe(200);
      await expectError(await theirs.get(`/api/orders/${order.id}`), 404);
      await expectError(await theirs.patch(`/api/orders/${order.id}/cancel`), 404);
      expect(orderStatus(order.id).status).toBe("unpaid");
      const cancelled = await mine.patch(`/api/orders/${order.id}/cancel`);
      expect(cancelled.status()).toBe(200);
      expect((await cancelled.json()).status).toBe("unpaidcancelled");
    } finally {
      await mine.dispose();
      await theirs.dispose();
    }
  });
});

test.describe("GET /api/orders/{orderId}/confirmation and /details", () => {
  test("confirmation: 400 'Confirmation token is required', 404 for a wrong token, the order for the right one", async ({ request }) => {
    const order = await insertOrder({ status: "paid" });
    expect(await expectError(await request.get(`/api/orders/${order.id}/confirmation`), 400)).toBe("Confirmation token is required");
    expect(await expectError(await request.get(`/api/orders/${order.id}/confirmation?token=`), 400)).toBe("Confirmation token is required");
    await expectError(await request.get(`/api/orders/${order.id}/confirmation?token=wrong`), 404);
    await expectError(await request.get(`/api/orders/${order.id + 100000}/confirmation?token=${order.token}`), 404);
    const res = await request.get(`/api/orders/${order.id}/confirmation?token=${order.token}`);
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ id: order.id, status: "paid", confirmationToken: order.token });
  });

  test("details: the token or the owner's session; anyone else 404", async ({ request, loginAsCustomer, loginAsAdmin }) => {
    const { owner, other } = await customers({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ userId: owner.userId, status: "shipped", trackingNumber: "RR123456785PL", customerMessage: "For my niece" });
    const byToken = await request.get(`/api/orders/${order.id}/details?token=${order.token}`);
    expect(byToken.status()).toBe(200);
    expect(await byToken.json()).toMatchObject({ trackingNumber: "RR123456785PL", customerMessage: "For my niece", status: "shipped" });
    expect((await owner.request.get(`/api/orders/${order.id}/details`)).status()).toBe(200);
    await expectError(await other.request.get(`/api/orders/${order.id}/details`), 404);
    await expectError(await request.get(`/api/orders/${order.id}/details`), 404);
    await expectError(await request.get(`/api/orders/${order.id}/details?token=wrong`), 404);
  });
});

test.describe("PATCH /api/orders/{orderId}/cancel", () => {
  async function patch(ctx: APIRequestContext, path: string, headers?: Record<string, string>) {
    return ctx.patch(path, headers ? { headers } : undefined);
  }

  test("an unpaid order is cancelled ('unpaidcancelled'), but not while its payment holds the stock", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { owner } = await customers({ loginAsCustomer, loginAsAdmin });
    const product = await makeStockProduct(1);
    const capturing = await insertOrder({ userId: owner.userId, status: "unpaid", stockReserved: true, lines: [{ slug: product.slug, quantity: 2 }] });
    expect(await expectError(await patch(owner.request, `/api/orders/${capturing.id}/cancel`), 409)).toMatch(/payment is being processed/);
    expect(orderStatus(capturing.id)).toEqual({ status: "unpaid", stockReserved: 1 });
    expect(productStock(product.id)).toBe(1);
    const order = await insertOrder({ userId: owner.userId, status: "unpaid", lines: [{ slug: product.slug, quantity: 1 }] });
    const res = await patch(owner.request, `/api/orders/${order.id}/cancel`);
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ id: order.id, status: "unpaidcancelled" });
    expect(orderStatus(order.id)).toEqual({ status: "unpaidcancelled", stockReserved: 0 });
    expect(productStock(product.id)).toBe(1);
    // Again: 409.
    expect(await expectError(await patch(owner.request, `/api/orders/${order.id}/cancel`), 409)).toMatch(/can no longer be cancelled/);
    expect(productStock(product.id)).toBe(1);
  });

  test("a paid order gets a cancellation request ('cancel_request'); a shipped one is a 409", async ({ request, loginAsCustomer, loginAsAdmin }) => {
    const { owner } = await customers({ loginAsCustomer, loginAsAdmin });
    const paid = await insertOrder({ userId: owner.userId, status: "paid" });
    const res = await patch(request, `/api/orders/${paid.id}/cancel?token=${paid.token}`);
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe("cancel_request");
    expect(orderStatus(paid.id).status).toBe("cancel_request");

    const shipped = await insertOrder({ userId: owner.userId, status: "shipped", trackingNumber: "RR1PL" });
    await expectError(await patch(owner.request, `/api/orders/${shipped.id}/cancel`), 409);
    expect(orderStatus(shipped.id).status).toBe("shipped");
  });

  test("404 for someone else's order, 403 from a foreign origin, 405 for GET", async ({ request, loginAsCustomer, loginAsAdmin }) => {
    const { owner, other } = await customers({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ userId: owner.userId, status: "unpaid" });
    await expectError(await patch(other.request, `/api/orders/${order.id}/cancel`), 404);
    await expectError(await patch(request, `/api/orders/${order.id}/cancel`), 404);
    await expectError(await patch(owner.request, `/api/orders/${order.id}/cancel`, { Origin: "http://evil.example" }), 403);
    await expectError(await owner.request.get(`/api/orders/${order.id}/cancel`), 405);
    expect(orderStatus(order.id).status).toBe("unpaid");
  });
});
