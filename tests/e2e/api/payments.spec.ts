import { type APIRequestContext, expect, test } from "@playwright/test";
import { makeProduct, setStock, uniqueSlug } from "../../helpers/kit";
import { expectError } from "../helpers/api";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// The payment API over HTTP, with the shop talking to the PayPal emulator exactly as to PayPal.
// Each emulator control here targets one PayPal order, so parallel tests never meet.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
const PAYPAL_CLIENT_ID = "e2e-paypal-client";
const PAYPAL_CLIENT_SECRET = "e2e-paypal-secret";
const EVIL = { Origin: "http://evil.example" };
const FAILED = "Payment failed: There was an error processing your PayPal payment. Please try again.";

/** A product made for one test, so its stock is exact. */
async function testProduct(stock: number, priceCents = 1500): Promise<{ id: number; title: string }> {
  const slug = uniqueSlug("payment-api");
  const title = `Payment Test ${slug}`;
  const { id } = await makeProduct(e2eDb(), { title, slug, description: "Made for a payment test.", priceCents, stock, image: false });
  return { id, title };
}

function stockOf(productId: number): number {
  return withDb((db) => (db.prepare("SELECT stock FROM products WHERE id = ?").get(productId) as { stock: number }).stock);
}

function orderRow(id: number): { status: string; paypalOrderId: string | null; stockReserved: number } {
  return withDb(
    (db) =>
      db.prepare("SELECT status, paypal_order_id AS paypalOrderId, stock_reserved AS stockReserved FROM orders WHERE id = ?").get(id) as {
        status: string;
        paypalOrderId: string | null;
        stockReserved: number;
      },
  );
}

/** A guest (its own request context, so its own session) with an unpaid order of `quantity` x the product, made through the API. */
async function guestOrder(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } }, productId: number, quantity = 1) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await request.post("/api/cart", { data: { productId, quantity } })).status()).toBe(201);
  const res = await request.post("/api/orders", {
    data: {
      email: uniqueEmail("payment-api"),
      status: "unpaid",
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
      useLoyaltyPoints: false,
      customerMessage: null,
      agreeToTerms: true,
    },
  });
  expect(res.status()).toBe(201);
  const order = (await res.json()) as { id: number; confirmationToken: string; total: string };
  return { request, order };
}

async function emulatorToken(): Promise<string> {
  const res = await fetch(`${PAYPAL_URL}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function paypalOrder(id: string): Promise<{ status: string; purchase_units: { amount: { value: string } }[] }> {
  const res = await fetch(`${PAYPAL_URL}/v2/checkout/orders/${id}`, { headers: { Authorization: `Bearer ${await emulatorToken()}` } });
  return (await res.json()) as { status: string; purchase_units: { amount: { value: string } }[] };
}

async function approve(id: string) {
  expect((await fetch(`${PAYPAL_URL}/__emulator/approve/${id}`, { method: "POST" })).status).toBe(200);
}

async function createPaypalOrder(
  request: APIRequestContext,
  orderId: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; status: string; links: { rel: string; href: string }[] }> {
  const res = await request.post("/api/paypal/order", { data: { orderId, currency: "USD", intent: "CAPTURE", ...extra } });
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe("the payment API", () => {
  test("a guest pays: validate-stock, PayPal order for the server's total, approve, complete-payment once and again", async ({ playwright }) => {
    const product = await testProduct(5);
    const { request, order } = await guestOrder(playwright, product.id, 2);
    const validate = await request.post(`/api/orders/${order.id}/validate-stock`);
    expect(validate.status()).toBe(200);
    expect(await validate.json()).toEqual({ hasStockIssues: false, message: "" });

    const created = await createPaypalOrder(request, order.id, { amount: order.total });
    expect(created.status).toBe("CREATED");
    const approveLink = created.links.find((l) => l.rel === "approve" || l.rel === "payer-action");
    expect(approveLink?.href).toBe(`${PAYPAL_URL}/checkoutnow?token=${created.id}`);
    expect((await paypalOrder(created.id)).purchase_units[0]!.amount.value).toBe(order.total);
    expect(orderRow(order.id)).toMatchObject({ status: "unpaid", paypalOrderId: null });
    expect(stockOf(product.id)).toBe(5);

    await approve(created.id);
    for (let i = 0; i < 2; i++) {
      const res = await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: created.id, status: "paid" } });
      expect(res.status()).toBe(200);
      expect(res.headers()["cache-control"]).toContain("no-store");
      expect(await res.json()).toEqual({ id: order.id, confirmationToken: order.confirmationToken });
    }
    expect(orderRow(order.id)).toMatchObject({ status: "paid", paypalOrderId: created.id, stockReserved: 1 });
    expect(stockOf(product.id)).toBe(3);
    expect((await paypalOrder(created.id)).status).toBe("COMPLETED");
    // The buyer's cart was emptied by the payment.
    expect(await (await request.get("/api/cart")).json()).toEqual([]);
    await request.dispose();
  });

  test("a wrong or missing token answers 404 and changes nothing; the right token works without the session", async ({ playwright }) => {
    const product = await testProduct(5);
    const { request, order } = await guestOrder(playwright, product.id);
    const created = await createPaypalOrder(request, order.id);
    await approve(created.id);
    const stranger = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    for (const suffix of ["", "?token=wrong-token"]) {
      expect(await expectError(await stranger.post(`/api/orders/${order.id}/validate-stock${suffix}`), 404)).toBe("Order not found");
      await expectError(await stranger.post(`/api/orders/${order.id}/complete-payment${suffix}`, { data: { paypalOrderId: created.id, status: "paid" } }), 404);
      await expectError(await stranger.post(`/api/paypal/order${suffix}`, { data: { orderId: order.id } }), 404);
      await expectError(await stranger.post(`/api/paypal/order/${created.id}/capture${suffix}`), 404);
    }
    await expectError(await stranger.post("/api/orders/99999999/validate-stock"), 404);
    expect(orderRow(order.id).status).toBe("unpaid");
    expect((await paypalOrder(created.id)).status).toBe("APPROVED");

    const withToken = await stranger.post(`/api/orders/${order.id}/validate-stock?token=${order.confirmationToken}`);
    expect(await withToken.json()).toEqual({ hasStockIssues: false, message: "" });
    const captured = await stranger.post(`/api/paypal/order/${created.id}/capture?token=${order.confirmationToken}`);
    expect(captured.status()).toBe(200);
    expect(await captured.json()).toMatchObject({ id: created.id, status: "COMPLETED", orderId: order.id, confirmationToken: order.confirmationToken });
    expect(orderRow(order.id).status).toBe("paid");
    await stranger.dispose();
    await request.dispose();
  });

  test("validate-stock reports items that sold out since the order was placed", async ({ playwright }) => {
    const product = await testProduct(3);
    const { request, order } = await guestOrder(playwright, product.id, 2);
    await setStock(e2eDb(), product.id, 1);
    const res = await request.post(`/api/orders/${order.id}/validate-stock`);
    expect(await res.json()).toEqual({ hasStockIssues: true, message: `${product.title}: only 1 items available in stock (you ordered 2)` });
    expect(await expectError(await request.post("/api/paypal/order", { data: { orderId: order.id } }), 409)).toContain("items available in stock");
    await request.dispose();
  });

  test("tampered totals: another amount, currency or intent is 400; a PayPal order for another amount is never captured", async ({ playwright }) => {
    const product = await testProduct(5);
    const { request, order } = await guestOrder(playwright, product.id);
    for (const data of [
      { orderId: order.id, amount: "0.01" },
      { orderId: order.id, amount: "1.00", currency: "USD", intent: "CAPTURE" },
      { orderId: order.id, currency: "EUR" },
      { orderId: order.id, intent: "AUTHORIZE" },
      { orderId: "one" },
    ]) {
      await expectError(await request.post("/api/paypal/order", { data }), 400);
    }
    // A PayPal order made directly at "PayPal" for this order's reference but one cent less.
    const cents = Math.round(Number(order.total) * 100) - 1;
    const res = await fetch(`${PAYPAL_URL}/v2/checkout/orders`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await emulatorToken()}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [{ reference_id: String(order.id), amount: { currency_code: "USD", value: (cents / 100).toFixed(2) } }],
      }),
    });
    const cheap = (await res.json()) as { id: string };
    await approve(cheap.id);
    const message = await expectError(
      await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: cheap.id, status: "paid" } }),
      400,
    );
    // Refused before its amount is even looked at: the shop did not create it.
    expect(message).toBe("This PayPal payment was not started by this shop");
    expect((await paypalOrder(cheap.id)).status).toBe("APPROVED");
    expect(orderRow(order.id)).toMatchObject({ status: "unpaid", paypalOrderId: null, stockReserved: 0 });
    await expectError(await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: "", status: "paid" } }), 400);
    await expectError(await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: cheap.id, status: "shipped" } }), 400);
    await request.dispose();
  });

  test("a PayPal order id another order used answers 409", async ({ playwright }) => {
    const product = await testProduct(5);
    const first = await guestOrder(playwright, product.id);
    const created = await createPaypalOrder(first.request, first.order.id);
    await approve(created.id);
    expect((await first.request.post(`/api/orders/${first.order.id}/complete-payment`, { data: { paypalOrderId: created.id, status: "paid" } })).status()).toBe(
      200,
    );
    const second = await guestOrder(playwright, product.id);
    const message = await expectError(
      await second.request.post(`/api/orders/${second.order.id}/complete-payment`, { data: { paypalOrderId: created.id, status: "paid" } }),
      409,
    );
    expect(message).toBe("This PayPal payment belongs to another order");
    expect(orderRow(second.order.id).status).toBe("unpaid");
    await first.request.dispose();
    await second.request.dispose();
  });

  test("a capture the emulator refuses: 409 'Payment failed: ...', stock given back, and an unapproved order is never captured", async ({ playwright }) => {
    const product = await testProduct(1);
    const { request, order } = await guestOrder(playwright, product.id);
    const created = await createPaypalOrder(request, order.id);
    const early = await expectError(
      await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: created.id, status: "paid" } }),
      409,
    );
    expect(early).toBe("Payment failed: The PayPal payment has not been approved yet");
    expect((await paypalOrder(created.id)).status).toBe("CREATED");

    await approve(created.id);
    const control = await fetch(`${PAYPAL_URL}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify({ orderId: created.id }) });
    expect(control.status).toBe(200);
    expect(
      await expectError(await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: created.id, status: "paid" } }), 409),
    ).toBe(FAILED);
    expect(orderRow(order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect(stockOf(product.id)).toBe(1);

    // A new attempt gets a new PayPal order and pays.
    const retry = await createPaypalOrder(request, order.id);
    expect(retry.id).not.toBe(created.id);
    await approve(retry.id);
    expect((await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: retry.id, status: "paid" } })).status()).toBe(200);
    expect(stockOf(product.id)).toBe(0);
    await request.dispose();
  });

  test("five buyers paying at once for the last unit: one paid order, the others 409, stock 0", async ({ playwright }) => {
    const product = await testProduct(5);
    const buyers = [];
    for (let i = 0; i < 5; i++) buyers.push(await guestOrder(playwright, product.id));
    await setStock(e2eDb(), product.id, 1);
    const ids: string[] = [];
    for (const { request, order } of buyers) {
      const created = await createPaypalOrder(request, order.id);
      await approve(created.id);
      ids.push(created.id);
    }
    const answers = await Promise.all(
      buyers.map(({ request, order }, i) => request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: ids[i], status: "paid" } })),
    );
    const statuses = answers.map((a) => a.status()).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status() === 409)) expect((await a.json()).message).toContain("items available in stock");
    expect(stockOf(product.id)).toBe(0);
    expect(buyers.filter(({ order }) => orderRow(order.id).status === "paid")).toHaveLength(1);
    const captured = await Promise.all(ids.map(async (id) => (await paypalOrder(id)).status));
    expect(captured.filter((s) => s === "COMPLETED")).toHaveLength(1);
    for (const b of buyers) await b.request.dispose();
  });

  test("GET /api/paypal/setup: the public client id and the emulator mode, never the secret", async ({ request }) => {
    const res = await request.get("/api/paypal/setup");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ configured: true, mode: "emulator", clientId: PAYPAL_CLIENT_ID, clientToken: null, currency: "USD", intent: "capture" });
    expect(JSON.stringify(body)).not.toContain(PAYPAL_CLIENT_SECRET);
  });

  test("payment writes from another origin are refused with 403", async ({ playwright }) => {
    const product = await testProduct(5);
    const { request, order } = await guestOrder(playwright, product.id);
    const created = await createPaypalOrder(request, order.id);
    await approve(created.id);
    for (const [path, data] of [
      [`/api/orders/${order.id}/validate-stock`, undefined],
      [`/api/orders/${order.id}/complete-payment`, { paypalOrderId: created.id, status: "paid" }],
      ["/api/paypal/order", { orderId: order.id }],
      [`/api/paypal/order/${created.id}/capture`, undefined],
    ] as const) {
      expect((await request.post(path, { data, headers: EVIL })).status(), path).toBe(403);
    }
    const page = await request.post(`/order/${order.id}/payment`, { form: { intent: "pay" }, headers: { ...EVIL, Accept: "text/html" }, maxRedirects: 0 });
    expect(page.status()).toBe(403);
    expect(orderRow(order.id).status).toBe("unpaid");
    expect((await paypalOrder(created.id)).status).toBe("APPROVED");
    await request.dispose();
  });
});

test.describe("the payee attack: a PayPal order the buyer made herself never pays", () => {
  /** What PayPal's browser script lets anyone do with the shop's public client id. */
  async function buyerMadePaypalOrder(orderId: number, total: string, payee?: Record<string, string>) {
    const res = await fetch(`${PAYPAL_URL}/v2/checkout/orders`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await emulatorToken()}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [
          { reference_id: String(orderId), custom_id: String(orderId), amount: { currency_code: "USD", value: total }, ...(payee ? { payee } : {}) },
        ],
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; purchase_units: { payee: { merchant_id: string; email_address: string } }[] };
  }

  test("her own payee, the order's reference and total, approved: complete-payment refuses and the order stays unpaid", async ({ playwright }) => {
    const product = await testProduct(3);
    const { request, order } = await guestOrder(playwright, product.id);
    const theirs = await buyerMadePaypalOrder(order.id, order.total, { email_address: "attacker@example.com" });
    // The emulator honours the payee at creation, as PayPal does.
    expect(theirs.purchase_units[0]!.payee.email_address).toBe("attacker@example.com");
    await approve(theirs.id);
    const res = await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: theirs.id, status: "paid" } });
    expect(res.status()).toBe(400);
    expect(JSON.stringify(await res.json())).not.toContain(order.confirmationToken);
    expect(orderRow(order.id)).toMatchObject({ status: "unpaid", paypalOrderId: null, stockReserved: 0 });
    expect((await paypalOrder(theirs.id)).status).toBe("APPROVED");
    expect(stockOf(product.id)).toBe(3);
  });

  test("even paying the shop, a PayPal order the shop did not create is refused", async ({ playwright }) => {
    const product = await testProduct(3);
    const { request, order } = await guestOrder(playwright, product.id);
    const own = await buyerMadePaypalOrder(order.id, order.total);
    await approve(own.id);
    expect((await request.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: own.id, status: "paid" } })).status()).toBe(400);
    expect(orderRow(order.id)).toMatchObject({ status: "unpaid", paypalOrderId: null });
  });

  test("the PayPal id of a return URL alone gets no confirmation token", async ({ playwright }) => {
    const product = await testProduct(3);
    const { request, order } = await guestOrder(playwright, product.id);
    const created = await createPaypalOrder(request, order.id);
    await approve(created.id);
    const stranger = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const res = await stranger.get(`/order/${order.id}/paypal-return?token=${created.id}&PayerID=ABCDEFGHIJKLM`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/");
    const api = await stranger.post(`/api/orders/${order.id}/complete-payment`, { data: { paypalOrderId: created.id, status: "paid" } });
    expect(api.status()).toBe(404);
    await stranger.dispose();
  });
});
