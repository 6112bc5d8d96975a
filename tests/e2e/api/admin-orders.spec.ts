import { type APIRequestContext } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { insertOrder, makeStockProduct, orderStatus, productStock } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";

// The admin's order calls (list, read, ship, return, cancel) over HTTP: guests 401, customers 403,
// and what each does for the admin.

async function people({ loginAsCustomer, loginAsAdmin }: { loginAsCustomer: Login; loginAsAdmin: Login }) {
  const customer = await loginAsCustomer({ email: uniqueEmail("admin-orders-customer") });
  const admin = await loginAsAdmin({ email: uniqueEmail("admin-orders-admin") });
  return { customer: customer.request, admin: admin.request };
}

type Call = (r: APIRequestContext, id: number) => ReturnType<APIRequestContext["get"]>;

const CALLS: Record<string, Call> = {
  "GET /api/admin/orders": (r) => r.get("/api/admin/orders"),
  "GET /api/admin/orders/{id}": (r, id) => r.get(`/api/admin/orders/${id}`),
  "PATCH /api/orders/{id}/ship": (r, id) => r.patch(`/api/orders/${id}/ship`, { data: { trackingNumber: "GUARD-1" } }),
  "PATCH /api/admin/orders/{id}/return": (r, id) => r.patch(`/api/admin/orders/${id}/return`),
  "PATCH /api/admin/orders/{id}/cancel": (r, id) => r.patch(`/api/admin/orders/${id}/cancel`),
};

test.describe("admin order calls: who may call them", () => {
  for (const [name, call] of Object.entries(CALLS)) {
    test(`${name}: 401 for a guest, 403 for a customer, and nothing changes`, async ({ request, loginAsCustomer, loginAsAdmin }) => {
      const { customer } = await people({ loginAsCustomer, loginAsAdmin });
      const order = await insertOrder({ status: "shipped" });
      await expectError(await call(request, order.id), 401);
      await expectError(await call(customer, order.id), 403);
      expect(orderStatus(order.id).status).toBe("shipped");
    });
  }
});

test.describe("admin order calls as the admin", () => {
  test("GET /api/admin/orders lists orders with e-mail, total, status and date; ?status= filters", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { admin } = await people({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ status: "paid", email: "list-check@example.com" });
    const res = await admin.get("/api/admin/orders?status=paid");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body.orders)).toBe(true);
    expect(body.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      id: order.id,
      email: "list-check@example.com",
      status: "paid",
      total: (order.totalCents / 100).toFixed(2),
      createdAt: expect.any(String),
    });
    expect(body.orders.every((o: { status: string }) => o.status === "paid")).toBe(true);
  });

  test("GET /api/admin/orders/{id}: the order with items; 404 for an unknown id", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { admin } = await people({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ status: "paid", customerMessage: "Gift wrap", lines: [{ slug: "cream-cable-knit-sweater", quantity: 2 }] });
    const res = await admin.get(`/api/admin/orders/${order.id}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: order.id, status: "paid", customerMessage: "Gift wrap", shippingAddress: { city: "Toronto" } });
    expect(body.items[0]).toMatchObject({ quantity: 2, productId: order.items[0]!.productId });
    await expectError(await admin.get("/api/admin/orders/99999999"), 404);
    await expectError(await admin.get("/api/admin/orders/not-a-number"), 404);
  });

  test("ship: empty or blank tracking number 400, then shipped with the trimmed number, then 409", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { admin } = await people({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ status: "paid" });
    for (const data of [{ trackingNumber: "" }, { trackingNumber: "   " }, {}]) {
      expect(await expectError(await admin.patch(`/api/orders/${order.id}/ship`, { data }), 400)).toBe("Tracking number is required");
    }
    await expectError(await admin.patch(`/api/orders/${order.id}/ship`, { data: { trackingNumber: "x".repeat(101) } }), 400);
    expect(orderStatus(order.id).status).toBe("paid");
    const res = await admin.patch(`/api/orders/${order.id}/ship`, { data: { trackingNumber: "  RR123456785PL " } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ id: order.id, status: "shipped", trackingNumber: "RR123456785PL" });
    await expectError(await admin.patch(`/api/orders/${order.id}/ship`, { data: { trackingNumber: "AGAIN" } }), 409);
    await expectError(await admin.patch("/api/orders/99999999/ship", { data: { trackingNumber: "X" } }), 404);
  });

  test("return: 409 for a paid order, 200 for a shipped one, then 409", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { admin } = await people({ loginAsCustomer, loginAsAdmin });
    const paid = await insertOrder({ status: "paid" });
    await expectError(await admin.patch(`/api/admin/orders/${paid.id}/return`), 409);
    // A product of its own: the whole order comes back to stock.
    const product = await makeStockProduct(3);
    const shipped = await insertOrder({ status: "shipped", trackingNumber: "T1", lines: [{ slug: product.slug, quantity: 2 }] });
    const res = await admin.patch(`/api/admin/orders/${shipped.id}/return`);
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe("returned");
    expect(productStock(product.id)).toBe(5);
    await expectError(await admin.patch(`/api/admin/orders/${shipped.id}/return`), 409);
    expect(productStock(product.id)).toBe(5);
    await expectError(await admin.patch("/api/admin/orders/99999999/return"), 404);
  });

  test("cancel a paid order: the stock comes back once; a second cancel is 409; shipped orders are 409", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { admin } = await people({ loginAsCustomer, loginAsAdmin });
    const product = await makeStockProduct(4);
    const order = await insertOrder({ status: "paid", stockReserved: true, lines: [{ slug: product.slug, quantity: 3 }] });
    const res = await admin.patch(`/api/admin/orders/${order.id}/cancel`);
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe("cancelled");
    expect(productStock(product.id)).toBe(7);
    await expectError(await admin.patch(`/api/admin/orders/${order.id}/cancel`), 409);
    expect(productStock(product.id)).toBe(7);
    const shipped = await insertOrder({ status: "shipped" });
    await expectError(await admin.patch(`/api/admin/orders/${shipped.id}/cancel`), 409);
    await expectError(await admin.patch("/api/admin/orders/99999999/cancel"), 404);
  });

  test("cancel refuses an unpaid order whose payment is being captured (409)", async ({ loginAsCustomer, loginAsAdmin }) => {
    const { admin } = await people({ loginAsCustomer, loginAsAdmin });
    const order = await insertOrder({ status: "unpaid", stockReserved: true });
    expect(await expectError(await admin.patch(`/api/admin/orders/${order.id}/cancel`), 409)).toBe("Payment is being processed");
    expect(orderStatus(order.id)).toEqual({ status: "unpaid", stockReserved: 1 });
  });
});
