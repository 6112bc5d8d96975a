import { type APIRequestContext } from "@playwright/test";
import { makeProduct, setStock, uniqueSlug } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectError, productId } from "../helpers/api";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// POST /api/orders: the order payload, checked by the checkout's own rules, and an order made
// of the server's figures.

const FIGURES_CHANGED = "Prices or your cart have changed. Please review your order.";
const SWEATER = "cream-cable-knit-sweater";
const SWEATER_CENTS = 3600;

/** A product made for one test, so its stock and flags are exactly what the test needs. */
async function testProduct(opts: { priceCents?: number; stock?: number; isLarge?: boolean } = {}): Promise<{ id: number; title: string }> {
  const slug = uniqueSlug("checkout-api");
  const title = `Checkout Test ${slug}`;
  const { id } = await makeProduct(e2eDb(), {
    title,
    slug,
    description: "Made for a checkout test.",
    priceCents: opts.priceCents ?? 1500,
    stock: opts.stock ?? 5,
    isLarge: opts.isLarge,
    image: false,
  });
  return { id, title };
}

interface OrderRow {
  id: number;
  user_id: number | null;
  session_key: string | null;
  email: string;
  status: string;
  subtotal_cents: number;
  shipping_cents: number;
  shipping_name: string;
  loyalty_discount_cents: number;
  loyalty_points_used: number;
  total_cents: number;
  confirmation_token: string;
  customer_message: string | null;
  stock_reserved: number;
}

function ordersFor(email: string): OrderRow[] {
  return withDb((db) => db.prepare("SELECT * FROM orders WHERE email = ? ORDER BY id").all(email.toLowerCase()) as OrderRow[]);
}

function pointsOf(userId: number): number {
  return withDb((db) => (db.prepare("SELECT loyalty_points AS p FROM users WHERE id = ?").get(userId) as { p: number }).p);
}

async function addToCart(request: APIRequestContext, id: number, quantity = 1) {
  const res = await request.post("/api/cart", { data: { productId: id, quantity } });
  expect(res.status()).toBe(201);
}

async function standardRate(request: APIRequestContext, isLargeItem = false): Promise<{ name: string; cents: number }> {
  const res = await request.post("/api/shipping/calculate", { data: { cartItems: [{ price: "1.00", quantity: 1, product: { isLargeItem } }], country: "US" } });
  const { rate } = await res.json();
  return { name: rate.name, cents: Math.round(Number(rate.price) * 100) };
}

const money = (cents: number) => (cents / 100).toFixed(2);

function payload(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    status: "unpaid",
    shippingAddress: {
      firstName: "Ada",
      lastName: "Lovelace",
      addressLine1: "1 Loom Street",
      addressLine2: "",
      city: "London",
      state: "",
      postalCode: "N1 9GU",
      country: "GB",
    },
    useLoyaltyPoints: false,
    customerMessage: "  Please wrap it as a gift  ",
    ...extra,
  };
}

test.describe("POST /api/orders", () => {
  test("a guest's order: 201 {id, confirmationToken, total}, the server's figures, unpaid, cart and stock untouched", async ({ request }) => {
    const id = await productId(request, SWEATER);
    await addToCart(request, id, 2);
    const rate = await standardRate(request);
    const email = uniqueEmail("api-guest");
    const subtotal = SWEATER_CENTS * 2;
    const res = await request.post("/api/orders", {
      data: payload(email, {
        subtotal: money(subtotal),
        shippingCost: money(rate.cents),
        shippingName: rate.name,
        loyaltyDiscount: "0.00",
        total: money(subtotal + rate.cents),
        items: [{ productId: id, title: "Cream Cable Knit Sweater", price: money(SWEATER_CENTS), quantity: 2, colorId: null }],
      }),
    });
    expect(res.status()).toBe(201);
    expect(res.headers()["cache-control"]).toContain("no-store");
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      confirmationToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      total: money(subtotal + rate.cents),
      discount: null,
    });
    const [order] = ordersFor(email);
    expect(order).toMatchObject({
      id: body.id,
      user_id: null,
      status: "unpaid",
      subtotal_cents: subtotal,
      shipping_cents: rate.cents,
      shipping_name: rate.name,
      loyalty_discount_cents: 0,
      total_cents: subtotal + rate.cents,
      confirmation_token: body.confirmationToken,
      customer_message: "Please wrap it as a gift",
      stock_reserved: 0,
    });
    expect(order!.session_key, "the guest session owns the order").toBeTruthy();
    const cart = await (await request.get("/api/cart")).json();
    expect(cart).toEqual([expect.objectContaining({ productId: id, quantity: 2 })]);
  });

  test("figures or lines other than the server's: 409 and nothing stored", async ({ request }) => {
    const id = await productId(request, SWEATER);
    await addToCart(request, id);
    const email = uniqueEmail("api-tamper");
    for (const tampered of [
      { total: "0.01" },
      { subtotal: "1.00" },
      { shippingCost: "0.00" },
      { loyaltyDiscount: "36.00" },
      { items: [{ productId: id, price: "0.50", quantity: 1 }] },
      { items: [{ productId: id, price: money(SWEATER_CENTS), quantity: 5 }] },
    ]) {
      const res = await request.post("/api/orders", { data: payload(email, tampered) });
      expect(await expectError(res, 409), JSON.stringify(tampered)).toBe(FIGURES_CHANGED);
    }
    expect(ordersFor(email)).toEqual([]);
  });

  test("a large item is charged 'Large Item Shipping'", async ({ request }) => {
    const trunk = await testProduct({ priceCents: 4000, isLarge: true });
    const sweater = await productId(request, SWEATER);
    await addToCart(request, sweater);
    await addToCart(request, trunk.id);
    const large = await standardRate(request, true);
    expect(large.name).toBe("Large Item Shipping");
    const email = uniqueEmail("api-large");
    await expectError(await request.post("/api/orders", { data: payload(email, { shippingName: "Standard Shipping" }) }), 409);
    const res = await request.post("/api/orders", { data: payload(email, { shippingName: "Large Item Shipping" }) });
    expect(res.status()).toBe(201);
    expect(ordersFor(email)[0]).toMatchObject({ shipping_name: "Large Item Shipping", shipping_cents: large.cents, subtotal_cents: SWEATER_CENTS + 4000 });
  });

  test("an empty cart: 400 'Your cart is empty'", async ({ request }) => {
    expect(await expectError(await request.post("/api/orders", { data: payload(uniqueEmail()) }), 400)).toBe("Your cart is empty");
  });

  test("bad input: 400 {message, errors} with the checkout's messages at the payload's paths", async ({ request }) => {
    const res = await request.post("/api/orders", {
      data: payload("clara@localhost", { shippingAddress: { firstName: "", lastName: "B", addressLine1: "x", city: "y", postalCode: "", country: "XX" } }),
    });
    await expectError(res, 400);
    const body = await res.json();
    expect(body.errors).toEqual({
      email: ["Please enter a valid email address"],
      "shippingAddress.firstName": ["First name is required"],
      "shippingAddress.postalCode": ["Postal code is required"],
      "shippingAddress.country": ["We do not ship to this country"],
    });
    const long = await request.post("/api/orders", { data: payload(uniqueEmail(), { customerMessage: "x".repeat(201) }) });
    expect((await long.json()).errors).toEqual({ customerMessage: ["Message must be 200 characters or less"] });
    const terms = await request.post("/api/orders", { data: payload(uniqueEmail(), { agreeToTerms: false }) });
    expect((await terms.json()).errors).toEqual({ agreeToTerms: ["You must agree to the terms and conditions"] });
    await expectError(await request.post("/api/orders", { data: payload(uniqueEmail(), { status: "paid" }) }), 400);
    await expectError(await request.post("/api/orders", { data: payload(uniqueEmail(), { total: "-5.00" }) }), 400);
    await expectError(await request.post("/api/orders", { headers: { "Content-Type": "application/json" }, data: "{oops" }), 400);
  });

  test("a line no longer in stock: 409 'items available in stock', nothing stored, no stock taken", async ({ request }) => {
    const scarce = await testProduct({ stock: 2 });
    await addToCart(request, scarce.id, 2);
    await setStock(e2eDb(), scarce.id, 1);
    const email = uniqueEmail("api-stock");
    expect(await expectError(await request.post("/api/orders", { data: payload(email) }), 409)).toContain("items available in stock");
    expect(ordersFor(email)).toEqual([]);
    await setStock(e2eDb(), scarce.id, 2);
    expect((await request.post("/api/orders", { data: payload(email) })).status()).toBe(201);
    const stock = withDb((db) => (db.prepare("SELECT stock FROM products WHERE id = ?").get(scarce.id) as { stock: number }).stock);
    expect(stock, "ordering takes no stock: paying does").toBe(2);
  });

  test("a customer's loyalty discount applies only when ticked and allowed, and the order is theirs", async ({ loginAsCustomer }) => {
    const rich = await loginAsCustomer({ email: uniqueEmail("api-points"), loyaltyPoints: 60 });
    const poor = await loginAsCustomer({ email: uniqueEmail("api-few-points"), loyaltyPoints: 49 });
    const id = await productId(rich.request, SWEATER);
    const rate = await standardRate(rich.request);
    await addToCart(rich.request, id);
    const email = uniqueEmail("api-points-order");
    const res = await rich.request.post("/api/orders", {
      data: payload(email, { useLoyaltyPoints: true, loyaltyDiscount: "5.00", total: money(SWEATER_CENTS + rate.cents - 500) }),
    });
    expect(res.status()).toBe(201);
    const created = await res.json();
    expect(ordersFor(email)[0]).toMatchObject({ user_id: rich.userId, session_key: null, loyalty_discount_cents: 500, loyalty_points_used: 50 });
    expect(pointsOf(rich.userId), "the points are taken when the order is placed").toBe(10);
    const list = await (await rich.request.get("/api/orders")).json();
    expect(list).toContainEqual(expect.objectContaining({ id: created.id, status: "unpaid", confirmationToken: created.confirmationToken }));

    await addToCart(poor.request, id);
    const poorEmail = uniqueEmail("api-few-points-order");
    const refused = await poor.request.post("/api/orders", { data: payload(poorEmail, { useLoyaltyPoints: true }) });
    expect(refused.status()).toBe(201);
    expect((await refused.json()).total).toBe(money(SWEATER_CENTS + rate.cents));
    expect(ordersFor(poorEmail)[0]).toMatchObject({ loyalty_discount_cents: 0, loyalty_points_used: 0 });
  });

  test("confirmation tokens are long, random and unique", async ({ request }) => {
    const id = await productId(request, SWEATER);
    await addToCart(request, id);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      // A different cart each time: the same cart again reuses its unpaid order.
      if (i > 0) await addToCart(request, id);
      const body = await (await request.post("/api/orders", { data: payload(uniqueEmail("api-token")) })).json();
      expect(body.confirmationToken.length).toBeGreaterThanOrEqual(22);
      tokens.add(body.confirmationToken);
    }
    expect(tokens.size).toBe(5);
  });

  test("a cross-site POST is refused with 403 and stores nothing", async ({ request }) => {
    const id = await productId(request, SWEATER);
    await addToCart(request, id);
    const email = uniqueEmail("api-csrf");
    await expectError(await request.post("/api/orders", { data: payload(email), headers: { Origin: "https://evil.example" } }), 403);
    expect(ordersFor(email)).toEqual([]);
  });
});

test.describe("POST /checkout with intent=validate (the checkout page's own checks)", () => {
  function form(email: string, extra: Record<string, string> = {}): Record<string, string> {
    const { shippingAddress } = payload(email);
    return { email, ...shippingAddress, customerMessage: "", agreeToTerms: "on", ...extra };
  }
  const JSON_ANSWER = { Accept: "application/json" };

  function accountsFor(email: string): number {
    return withDb((db) => (db.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").get(email.toLowerCase()) as { n: number }).n);
  }

  test("a complete form, account included, is only checked: 200, no errors, no order, no account", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const email = uniqueEmail("validate-only");
    const fields = form(email, { createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42", intent: "validate" });
    const res = await request.post("/checkout", { form: fields, headers: JSON_ANSWER, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const { result } = await res.json();
    expect(result.error ?? {}).toEqual({});
    // The passwords are never sent back.
    expect(result.initialValue).not.toHaveProperty("password");
    // The same post as a plain form (the page with nothing placed) changes nothing either.
    const plain = await request.post("/checkout", { form: fields, headers: { Accept: "text/html" }, maxRedirects: 0 });
    expect(plain.status()).toBe(200);
    expect(ordersFor(email)).toEqual([]);
    expect(accountsFor(email)).toBe(0);
  });

  test("the check answers the schema's messages at their fields", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const res = await request.post("/checkout", {
      form: form("clara@localhost", { firstName: " ", agreeToTerms: "", createAccount: "on", password: "abc", confirmPassword: "abd", intent: "validate" }),
      headers: JSON_ANSWER,
    });
    expect(res.status()).toBe(200);
    const { result } = await res.json();
    expect(result.error).toEqual({
      email: ["Please enter a valid email address"],
      firstName: ["First name is required"],
      agreeToTerms: ["You must agree to the terms and conditions"],
      confirmPassword: ["Password must be at least 6 characters and passwords must match"],
    });
  });

  test("huge input gets a field error, never a 500", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const email = uniqueEmail("validate-huge");
    const huge = "x".repeat(200_000);
    const check = await request.post("/checkout", { form: form(email, { firstName: huge, customerMessage: huge, intent: "validate" }), headers: JSON_ANSWER });
    expect(check.status()).toBe(200);
    expect((await check.json()).result.error).toEqual({ firstName: ["At most 100 characters"], customerMessage: ["Message must be 200 characters or less"] });
    const order = await request.post("/checkout", { form: form(email, { firstName: huge }), headers: JSON_ANSWER, maxRedirects: 0 });
    expect(order.status()).toBe(400);
    expect((await order.json()).result.error).toEqual({ firstName: ["At most 100 characters"] });
    const page = await request.post("/checkout", { form: form(email, { firstName: huge }), headers: { Accept: "text/html" }, maxRedirects: 0 });
    expect(page.status()).toBe(400);
    expect(await page.text()).toContain('<p class="field-error" id="firstName-error">At most 100 characters</p>');
    expect(ordersFor(email)).toEqual([]);
  });

  test("the order posted for JSON answers where to go, and the order is placed", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const email = uniqueEmail("json-order");
    const res = await request.post("/checkout", { form: form(email, { expectedSubtotal: "36.00" }), headers: JSON_ANSWER, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const [order] = ordersFor(email);
    expect(await res.json()).toEqual({ ok: true, redirectTo: `/order/${order!.id}/payment` });
    // The payment page shows the notification, as after the plain form's redirect.
    expect(res.headers()["set-cookie"]).toMatch(/__toast=/);
  });

  test("a new account's order posted for JSON answers where to go, though the cart moved to the account", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const email = uniqueEmail("json-account");
    const fields = form(email, { createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42" });
    const res = await request.post("/checkout", { form: fields, headers: JSON_ANSWER, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const [order] = ordersFor(email);
    expect(order?.user_id).not.toBeNull();
    expect(await res.json()).toEqual({ ok: true, redirectTo: `/order/${order!.id}/payment` });
  });

  test("a refused order posted for JSON answers its field errors and places nothing", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const email = uniqueEmail("json-refused");
    const res = await request.post("/checkout", { form: form(email, { city: "", agreeToTerms: "" }), headers: JSON_ANSWER, maxRedirects: 0 });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.result.error).toEqual({ city: ["City is required"], agreeToTerms: ["You must agree to the terms and conditions"] });
    expect(body).not.toHaveProperty("redirectTo");
    expect(ordersFor(email)).toEqual([]);
  });

  test("intent=totals answers the errors and the page's figures for the posted country and loyalty box, placing nothing", async ({ request }) => {
    await addToCart(request, await productId(request, SWEATER));
    const email = uniqueEmail("json-totals");
    const res = await request.post("/checkout", { form: form(email, { country: "FR", intent: "totals" }), headers: JSON_ANSWER, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const { result, figures } = await res.json();
    expect(result.error ?? {}).toEqual({});
    expect(figures.expectedSubtotal).toBe("36.00");
    expect(figures.expectedShipping).toMatch(/^\d+\.\d\d$/);
    // The same markup the page renders in its totals: subtotal and total.
    expect(figures.totals).toContain('<dd data-testid="summary-subtotal">$36.00</dd>');
    expect(figures.totals).toContain('data-testid="summary-total"');
    expect(figures.shipping).toContain('<p class="strong">');
    expect(ordersFor(email)).toEqual([]);
  });
});
