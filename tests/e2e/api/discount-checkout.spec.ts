import { randomBytes } from "node:crypto";
import { type APIRequestContext } from "@playwright/test";
import { makeProduct, setDiscountUses, uniqueSlug } from "../../helpers/kit";
import { expect, type Login, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// POST /api/orders with a discount code (docs/contract.md, 'Discount codes'): the order and its
// JSON carry `discount`, a refused code is 400 naming why and creates nothing, the PayPal order's
// breakdown takes the code and the loyalty discount together, and five buyers racing for a
// code's last use get exactly one order. Codes are made through POST /api/admin/discounts.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
const PAYPAL_CLIENT_ID = "e2e-paypal-client";
const PAYPAL_CLIENT_SECRET = "e2e-paypal-secret";

const TEXT = {
  usedUp: "This discount code has been used up.",
  usedByEmail: "This discount code has already been used with this e-mail address.",
};

type Playwright = { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } };

/** A code made by the owner through the admin API (never public: product pages stay as they are). */
async function makeCode(loginAsAdmin: Login, body: Record<string, unknown>): Promise<{ id: number; code: string }> {
  const { request } = await loginAsAdmin();
  const code = `E2E${randomBytes(5).toString("hex").toUpperCase()}`;
  const res = await request.post("/api/admin/discounts", { data: { code, public: false, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  const { discount } = await res.json();
  return { id: discount.id, code: discount.code };
}

async function usesOf(loginAsAdmin: Login, id: number): Promise<number> {
  const { request } = await loginAsAdmin();
  const { discounts } = await (await request.get("/api/admin/discounts")).json();
  return (discounts as { id: number; uses: number }[]).find((d) => d.id === id)!.uses;
}

/** A product made for one test at `priceCents`, with stock to spare. */
async function testProduct(priceCents: number): Promise<number> {
  const slug = uniqueSlug("code-api");
  return (await makeProduct(e2eDb(), { title: `Code Test ${slug}`, slug, description: "Made for a discount test.", priceCents, stock: 50, image: false })).id;
}

function ordersFor(
  email: string,
): { id: number; discount_code: string | null; discount_cents: number; loyalty_discount_cents: number; shipping_cents: number; total_cents: number }[] {
  return withDb((db) => db.prepare("SELECT * FROM orders WHERE email = ? ORDER BY id").all(email.toLowerCase()) as never);
}

function payload(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    status: "unpaid",
    shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
    useLoyaltyPoints: false,
    agreeToTerms: true,
    ...extra,
  };
}

/** A guest of its own (its own session and cart) with one piece in its cart. */
async function guest(playwright: Playwright, productId: number): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await request.post("/api/cart", { data: { productId, quantity: 1 } })).status()).toBe(201);
  return request;
}

async function paypalOrder(id: string) {
  const token = await fetch(`${PAYPAL_URL}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${PAYPAL_URL}/v2/checkout/orders/${id}`, { headers: { Authorization: `Bearer ${access_token}` } });
  return (await res.json()) as { purchase_units: { amount: { value: string; breakdown?: Record<string, { value: string }> } }[] };
}

test.describe("POST /api/orders with a discount code", () => {
  test("201 with `discount`; the customer's and the admin's order JSON carry it; the code counts one use", async ({ playwright, loginAsAdmin }) => {
    const { id, code } = await makeCode(loginAsAdmin, { type: "amount", value: "7.50" });
    const request = await guest(playwright, await testProduct(3000));
    const email = uniqueEmail("code-api");
    // Typed as a shopper might: lower case, a dash.
    const res = await request.post("/api/orders", { data: payload(email, { discountCode: `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}` }) });
    expect(res.status()).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ id: expect.any(Number), confirmationToken: expect.any(String), total: expect.any(String), discount: { code, amount: "7.50" } });
    const [order] = ordersFor(email);
    expect(order).toMatchObject({ id: body.id, discount_code: code, discount_cents: 750, total_cents: 3000 + order!.shipping_cents - 750 });
    expect(body.total).toBe(((3000 + order!.shipping_cents - 750) / 100).toFixed(2));

    const mine = await (await request.get(`/api/orders/${body.id}?token=${body.confirmationToken}`)).json();
    expect(mine).toMatchObject({ discount: { code, amount: "7.50" }, total: body.total });
    const { request: admin } = await loginAsAdmin();
    expect(await (await admin.get(`/api/admin/orders/${body.id}`)).json()).toMatchObject({ discount: { code, amount: "7.50" } });
    expect(await usesOf(loginAsAdmin, id)).toBe(1);

    // Without a code: `discount` is null.
    const plain = await guest(playwright, await testProduct(3000));
    const other = await (await plain.post("/api/orders", { data: payload(uniqueEmail("code-api")) })).json();
    expect(other.discount).toBeNull();
    await request.dispose();
    await plain.dispose();
  });

  test("each refused code: 400 {message} naming why, no order, no use counted", async ({ playwright, loginAsAdmin }) => {
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const productId = await testProduct(2000);
    const notYet = await makeCode(loginAsAdmin, { type: "percent", value: 10, startsAt: iso(5 * day) });
    const expired = await makeCode(loginAsAdmin, { type: "percent", value: 10, startsAt: iso(-10 * day), endsAt: iso(-2 * day) });
    const usedUp = await makeCode(loginAsAdmin, { type: "amount", value: "1.00", maxUses: 1 });
    await setDiscountUses(e2eDb(), usedUp.id, 1);
    const minimum = await makeCode(loginAsAdmin, { type: "amount", value: "1.00", minSubtotal: "50.00" });
    const off = await makeCode(loginAsAdmin, { type: "amount", value: "1.00", active: false });
    const once = await makeCode(loginAsAdmin, { type: "amount", value: "1.00", oncePerEmail: true });
    const onceEmail = uniqueEmail("code-once");
    const first = await guest(playwright, productId);
    expect((await first.post("/api/orders", { data: payload(onceEmail, { discountCode: once.code }) })).status()).toBe(201);

    const cases: { code: string; message: string | RegExp; email?: string; id?: number }[] = [
      { code: "NOSUCHCODE42", message: "The discount code NOSUCHCODE42 does not exist." },
      { code: off.code, message: `The discount code ${off.code} does not exist.`, id: off.id },
      { code: "AB", message: "A discount code has 4 to 20 letters A–Z and digits 0–9." },
      { code: notYet.code, message: /^This discount code is valid from \d{4}-\d{2}-\d{2}\.$/, id: notYet.id },
      { code: expired.code, message: /^This discount code expired on \d{4}-\d{2}-\d{2}\.$/, id: expired.id },
      { code: usedUp.code, message: TEXT.usedUp, id: usedUp.id },
      { code: once.code, message: TEXT.usedByEmail, email: onceEmail.toUpperCase(), id: once.id },
      { code: minimum.code, message: "This discount code needs a subtotal of at least $50.00. Add $30.00 more.", id: minimum.id },
    ];
    for (const c of cases) {
      const request = await guest(playwright, productId);
      const email = c.email ?? uniqueEmail("code-refused");
      const before = ordersFor(email).length;
      const usesBefore = c.id === undefined ? 0 : await usesOf(loginAsAdmin, c.id);
      const message = await expectError(await request.post("/api/orders", { data: payload(email, { discountCode: c.code }) }), 400);
      if (typeof c.message === "string") expect(message, c.code).toBe(c.message);
      else expect(message, c.code).toMatch(c.message);
      expect(ordersFor(email), c.code).toHaveLength(before);
      if (c.id !== undefined) expect(await usesOf(loginAsAdmin, c.id), c.code).toBe(usesBefore);
      await request.dispose();
    }
    await first.dispose();
  });

  test("the PayPal order's breakdown: the code and the loyalty discount together in `discount`, the items adding up", async ({
    loginAsCustomer,
    loginAsAdmin,
  }) => {
    const { code } = await makeCode(loginAsAdmin, { type: "percent", value: 10 });
    const { request, email } = await loginAsCustomer({ loyaltyPoints: 120 });
    expect((await request.post("/api/cart", { data: { productId: await testProduct(4000), quantity: 1 } })).status()).toBe(201);
    const res = await request.post("/api/orders", { data: payload(email, { discountCode: code, useLoyaltyPoints: true }) });
    expect(res.status()).toBe(201);
    const order = await res.json();
    expect(order.discount).toEqual({ code, amount: "4.00" });
    const [row] = ordersFor(email);
    expect(row).toMatchObject({ discount_cents: 400, loyalty_discount_cents: 500 });

    const created = await request.post("/api/paypal/order", { data: { orderId: order.id, currency: "USD", intent: "CAPTURE" } });
    expect(created.status()).toBe(200);
    const { amount } = (await paypalOrder((await created.json()).id)).purchase_units[0]!;
    expect(amount.value).toBe(order.total);
    expect(amount.breakdown).toEqual({
      item_total: { currency_code: "USD", value: "40.00" },
      shipping: { currency_code: "USD", value: (row!.shipping_cents / 100).toFixed(2) },
      discount: { currency_code: "USD", value: "9.00" },
    });
  });

  test("five buyers at once on a code's last use: exactly one 201, four 400 'used up', nothing else created", async ({ playwright, loginAsAdmin }) => {
    const { id, code } = await makeCode(loginAsAdmin, { type: "percent", value: 20, maxUses: 3 });
    await setDiscountUses(e2eDb(), id, 2);
    const productId = await testProduct(2500);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => guest(playwright, productId)));
    const emails = buyers.map(() => uniqueEmail("code-race"));
    const answers = await Promise.all(buyers.map((request, i) => request.post("/api/orders", { data: payload(emails[i]!, { discountCode: code }) })));
    const statuses = answers.map((a) => a.status()).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status() === 400)) expect((await a.json()).message).toBe(TEXT.usedUp);
    expect(emails.map((e) => ordersFor(e).length).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await usesOf(loginAsAdmin, id)).toBe(3);
    for (const b of buyers) await b.dispose();
  });
});
