import { awardOrderPoints } from "~/domain/loyalty/loyalty.server";
import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createToastCookie, getSessionStorage } from "~/web/session.server";
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { CHECKOUT_TEXT as T } from "~/domain/orders/checkout-texts";
import { listShippingZones, saveShippingZone } from "~/domain/shipping/zones.server";
import { db } from "~/lib/db.server";
import { action as ordersAction, loader as ordersLoader } from "~/routes/api.orders";
import CheckoutPage, { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { makeProduct, makeUser } from "../helpers/kit";
import { args, get, postForm, postJson, run } from "../helpers/requests";

// The routes use the shared `db`, which tests/setup/per-file.ts points at this file's own database.
afterAll(() => db.destroy());

let keyCounter = 0;

async function cookieWith(data: { userId?: number; cartKey?: string }): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  if (data.userId) session.set("userId", data.userId);
  if (data.cartKey) session.set("cartKey", data.cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** A guest session with the given lines in its cart. */
async function guestWith(lines: { productId: number; quantity: number; colorId?: number; variationCode?: string }[]) {
  const cartKey = `checkout-guest-${++keyCounter}-${Date.now()}`;
  for (const line of lines) await addToCart(db, { cartKey }, line);
  return { cartKey, cookie: await cookieWith({ cartKey }) };
}

async function customerWith(lines: { productId: number; quantity: number }[], opts: { points?: number; profile?: Record<string, string | null> } = {}) {
  const user = await makeUser(db, { firstName: "Mia" });
  await db
    .updateTable("users")
    .set({ loyalty_points: opts.points ?? 0, ...(opts.profile ?? {}) })
    .where("id", "=", user.id)
    .execute();
  for (const line of lines) await addToCart(db, { userId: user.id }, line);
  return { ...user, cookie: await cookieWith({ userId: user.id }) };
}

const loadCheckout = (cookie?: string) => run(() => checkoutLoader(args(get("/checkout", { cookie }))));
const submitCheckout = (fields: Record<string, string>, cookie?: string, origin?: string) =>
  run(() => checkoutAction(args(postForm("/checkout", fields, { cookie, origin }))));
const postOrder = (body: unknown, cookie?: string, origin?: string) => run(() => ordersAction(args(postJson("/api/orders", body, { cookie, origin }))));

/** Server-renders the page from loader (and action) data, as the no-JavaScript browser gets it. */
function renderPage(loaderData: unknown, actionData?: unknown): string {
  const Stub = createRemixStub([{ id: "checkout", path: "/checkout", Component: CheckoutPage }]);
  // The stub's router uses useLayoutEffect, which React warns about on the server; only that warning is dropped.
  const report = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
  };
  try {
    return renderToString(
      createElement(Stub, {
        initialEntries: ["/checkout"],
        hydrationData: { loaderData: { checkout: loaderData }, actionData: actionData ? { checkout: actionData } : undefined },
      }),
    );
  } finally {
    console.error = report;
  }
}

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

const ADDRESS = {
  firstName: "Clara",
  lastName: "Bloom",
  addressLine1: "12 Lace Lane",
  addressLine2: "Flat 2",
  city: "Paris",
  state: "",
  postalCode: "75001",
  country: "FR",
};

const FORM = { email: "  Clara@Example.COM ", ...ADDRESS, customerMessage: "  Gift wrap, please  ", agreeToTerms: "on" };

function payload(extra: Record<string, unknown> = {}) {
  return {
    email: FORM.email,
    shippingAddress: { ...ADDRESS },
    customerMessage: FORM.customerMessage,
    useLoyaltyPoints: false,
    ...extra,
  };
}

async function orderCount(): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedOrder(id: number) {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const items = await db.selectFrom("order_items").selectAll().where("order_id", "=", id).orderBy("id").execute();
  return { order, items };
}

function orderIdFrom(res: Response): number {
  const match = /^\/order\/(\d+)\/payment$/.exec(res.headers.get("Location") ?? "");
  expect(match, `redirect ${res.headers.get("Location")}`).not.toBeNull();
  return Number(match![1]);
}

/** The parts of a stored order that must not depend on the door it came through. */
function comparable({ order, items }: Awaited<ReturnType<typeof storedOrder>>) {
  const { id: _id, confirmation_token: _t, session_key: _k, created_at: _c, updated_at: _u, ...rest } = order;
  return { ...rest, items: items.map(({ id: _i, order_id: _o, ...item }) => item) };
}

describe("GET /checkout", () => {
  it("sends an empty cart (or no cart at all) to /shop", async () => {
    for (const cookie of [undefined, (await guestWith([])).cookie]) {
      const res = await loadCheckout(cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/shop");
    }
  });

  it("shows a guest the cart lines, the server's figures and no loyalty section", async () => {
    const p = await makeProduct(db, { title: "Lace Collar Blouse", priceCents: 2400, stock: 5 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 2 }]);
    const data = await (await loadCheckout(cookie)).json();
    expect(data).toMatchObject({ signedIn: false, loyalty: null, subtotalCents: 4800, shipping: { name: "Standard Shipping", priceCents: 800 } });
    expect(data.defaults).toMatchObject({ email: "", firstName: "", country: "" });
    expect(data.items).toEqual([expect.objectContaining({ title: "Lace Collar Blouse", quantity: 2, priceCents: 2400 })]);
  });

  it("prefills a customer from the profile (shipping name falling back to first and last name)", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const withShipping = await customerWith([{ productId: p.id, quantity: 1 }], {
      profile: {
        shipping_first_name: "Shippy",
        shipping_last_name: null,
        shipping_address_line1: "5 Button Row",
        shipping_city: "Oslo",
        shipping_postal_code: "0150",
        shipping_country: "NO",
      },
    });
    const data = await (await loadCheckout(withShipping.cookie)).json();
    expect(data.signedIn).toBe(true);
    expect(data.defaults).toEqual({
      email: withShipping.email,
      firstName: "Shippy",
      lastName: "Lovelace",
      addressLine1: "5 Button Row",
      addressLine2: "",
      city: "Oslo",
      state: "",
      postalCode: "0150",
      country: "NO",
    });
    // A profile's country that no zone ships to is not offered.
    const bare = await customerWith([{ productId: p.id, quantity: 1 }], { profile: { shipping_country: "RU" } });
    expect((await (await loadCheckout(bare.cookie)).json()).defaults).toMatchObject({ firstName: "Mia", lastName: "Lovelace", country: "" });
  });

  it("offers the loyalty section only when points and subtotal allow it", async () => {
    const cheap = await makeProduct(db, { priceCents: 1000 });
    const dear = await makeProduct(db, { priceCents: 3000 });
    const cases = [
      { points: 50, productId: dear.id, eligible: true },
      { points: 49, productId: dear.id, eligible: false },
      { points: 500, productId: cheap.id, eligible: false },
    ];
    for (const c of cases) {
      const user = await customerWith([{ productId: c.productId, quantity: 1 }], { points: c.points });
      const data = await (await loadCheckout(user.cookie)).json();
      expect(data.loyalty, JSON.stringify(c)).toMatchObject({ eligible: c.eligible, points: c.points, pointsRequired: 50, discountCents: 500 });
      const html = renderPage(data);
      expect(html.includes("Loyalty Points"), JSON.stringify(c)).toBe(c.eligible);
      if (c.eligible) expect(html).toContain("Use 50 points for a $5.00 discount");
      // Signed in: no account creation, no Google button.
      expect(html).not.toContain('name="createAccount"');
      expect(html).not.toContain("Continue with Google");
    }
  });

  it("renders every section, the counter, the terms link and the Google-free guest form", async () => {
    const p = await makeProduct(db, { title: "Velvet Bonnet", priceCents: 2000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const data = await (await loadCheckout(cookie)).json();
    const html = renderPage(data);
    for (const text of ["Contact Information", "Shipping Address", "Shipping Information", "Message to Shop (optional)", "Order Summary"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(">0/200<");
    // Without JavaScript the browser's own checks apply (Conform turns them off once hydrated).
    expect(html).not.toMatch(/<form[^>]*novalidate/);
    // ...and 'Update shipping' shows the chosen country's shipping without them, never the order's button by Enter.
    expect(html).toMatch(/<button type="submit" form="checkout" name="intent" value="totals" formnovalidate=""[^>]*>Update shipping<\/button>/);
    expect(html.indexOf("Create Order &amp; Proceed")).toBeLessThan(html.indexOf("Update shipping"));
    expect(html).toContain("Create Order &amp; Proceed to Payment");
    expect(html).toMatch(/<a href="\/terms-conditions" target="_blank" rel="noopener noreferrer">/);
    expect(html).not.toContain("Loyalty Points");
    // Without JavaScript the password fields are there, with their hint.
    expect(html).toContain('name="confirmPassword"');
    expect(html).toContain("Only used when &#x27;Create an account&#x27; is ticked");
    expect(html).toContain("Velvet Bonnet");
  });
});

describe("placing an order: the form and POST /api/orders", () => {
  it("the same input through both doors stores the same order, with the server's figures", async () => {
    const p = await makeProduct(db, { title: "Cable Knit Sweater", priceCents: 2450, stock: 10 });
    const colour = await makeProduct(db, { title: "Tea Dress", priceCents: 3800, colors: [{ colorId: 3, stock: 4 }] });
    const lines = [
      { productId: p.id, quantity: 2 },
      { productId: colour.id, quantity: 1, colorId: 3 },
    ];
    const viaForm = await guestWith(lines);
    const viaApi = await guestWith(lines);

    const res = await submitCheckout({ ...FORM, expectedSubtotal: "87.00", expectedShipping: "8.00" }, viaForm.cookie);
    expect(res.status).toBe(302);
    const formOrderId = orderIdFrom(res);
    expect(await toastOf(res)).toEqual({
      title: "Order created successfully",
      description: `Order #${formOrderId} created. Redirecting to payment...`,
      type: "success",
    });

    const apiRes = await postOrder(
      payload({
        subtotal: "87.00",
        shippingCost: "8.00",
        shippingName: "Standard Shipping",
        loyaltyDiscount: "0.00",
        total: "95.00",
        status: "unpaid",
        items: [
          { productId: colour.id, title: "Tea Dress", price: "38.00", quantity: 1, colorId: 3 },
          { productId: p.id, title: "Cable Knit Sweater", price: "24.50", quantity: 2, colorId: null },
        ],
      }),
      viaApi.cookie,
    );
    expect(apiRes.status).toBe(201);
    const body = await apiRes.json();
    expect(body).toEqual({ id: expect.any(Number), confirmationToken: expect.any(String), total: "95.00", discount: null });

    const fromForm = await storedOrder(formOrderId);
    const fromApi = await storedOrder(body.id);
    expect(comparable(fromApi)).toEqual(comparable(fromForm));
    expect(fromForm.order).toMatchObject({
      status: "unpaid",
      email: "clara@example.com",
      user_id: null,
      session_key: viaForm.cartKey,
      subtotal_cents: 8700,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      loyalty_discount_cents: 0,
      loyalty_points_used: 0,
      total_cents: 9500,
      customer_message: "Gift wrap, please",
      shipping_first_name: "Clara",
      shipping_address_line2: "Flat 2",
      shipping_state: null,
      shipping_country: "FR",
      stock_reserved: 0,
      paypal_order_id: null,
    });
    expect(fromApi.order.session_key).toBe(viaApi.cartKey);
    expect(fromForm.items).toEqual([
      expect.objectContaining({ product_id: p.id, title: "Cable Knit Sweater", unit_price_cents: 2450, quantity: 2, color_id: null }),
      expect.objectContaining({ product_id: colour.id, title: "Tea Dress", unit_price_cents: 3800, quantity: 1, color_id: 3 }),
    ]);

    // Neither door takes stock or empties the cart: payment does both.
    expect((await getCart(db, { cartKey: viaForm.cartKey })).items).toHaveLength(2);
    const stock = await db.selectFrom("products").select("stock").where("id", "=", p.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(10);
  });

  it("an order earns points by the loyalty rules of when it was placed, even if they change before it is paid", async () => {
    const product = await makeProduct(db, { priceCents: 5000, stock: 5 });
    const customer = await customerWith([{ productId: product.id, quantity: 1 }]);
    const rules = (points: number) => ({
      dollarsPerPoint: points,
      minimumOrderForPoints: 0,
      discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 },
    });
    await db.deleteFrom("settings").where("key", "=", "loyalty_config").execute();
    await db
      .insertInto("settings")
      .values({ key: "loyalty_config", value: JSON.stringify(rules(1)) })
      .execute();
    try {
      const res = await postOrder(payload(), customer.cookie);
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      // The owner makes points scarcer before the buyer pays.
      await db
        .updateTable("settings")
        .set({ value: JSON.stringify(rules(10)) })
        .where("key", "=", "loyalty_config")
        .execute();
      await db.updateTable("orders").set({ status: "paid" }).where("id", "=", id).execute();
      expect(await awardOrderPoints(db, id)).toBe(50);
      expect((await db.selectFrom("users").select("loyalty_points").where("id", "=", customer.id).executeTakeFirstOrThrow()).loyalty_points).toBe(50);
    } finally {
      await db.deleteFrom("settings").where("key", "=", "loyalty_config").execute();
    }
  });

  it("refuses tampered figures or lines with 409 and stores nothing", async () => {
    const p = await makeProduct(db, { priceCents: 2000, stock: 5 });
    const other = await makeProduct(db, { priceCents: 500, stock: 5 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 2 }]);
    const before = await orderCount();
    const tampered = [
      { total: "0.01" },
      { subtotal: "1.00" },
      { shippingCost: "0.00" },
      { shippingName: "Free Shipping" },
      { loyaltyDiscount: "5.00" },
      { items: [{ productId: p.id, price: "1.00", quantity: 2 }] },
      { items: [{ productId: p.id, price: "20.00", quantity: 1 }] },
      {
        items: [
          { productId: p.id, price: "20.00", quantity: 2 },
          { productId: other.id, price: "5.00", quantity: 1 },
        ],
      },
      { items: [] },
    ];
    for (const figures of tampered) {
      const res = await postOrder(payload(figures), cookie);
      expect(res.status, JSON.stringify(figures)).toBe(409);
      expect((await res.json()).message).toBe(T.figuresChanged);
    }
    // The right figures (the item price as unit price or as line total) pass.
    const ok = await postOrder(payload({ total: "48.00", items: [{ productId: p.id, price: "40.00", quantity: 2 }] }), cookie);
    expect(ok.status).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it("a price changed after the page was shown is refused by the form too, and the page shows the new figures", async () => {
    const p = await makeProduct(db, { priceCents: 2000, stock: 5 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const shown = await (await loadCheckout(cookie)).json();
    await db.updateTable("products").set({ price_cents: 2600 }).where("id", "=", p.id).execute();
    const before = await orderCount();
    const res = await submitCheckout({ ...FORM, expectedSubtotal: "20.00", expectedShipping: "8.00" }, cookie);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.alert).toEqual({ title: "Order creation failed", description: T.figuresChanged, type: "error" });
    expect(body.result.initialValue).toMatchObject({ email: FORM.email, city: "Paris" });
    expect(await orderCount()).toBe(before);
    expect(shown.subtotalCents).toBe(2000);
    expect((await (await loadCheckout(cookie)).json()).subtotalCents).toBe(2600);
    // Without the shown figures (the API without them) the server's own price is stored.
    const apiRes = await postOrder(payload(), cookie);
    expect(apiRes.status).toBe(201);
    const { order, items } = await storedOrder((await apiRes.json()).id);
    expect(order.subtotal_cents).toBe(2600);
    expect(items[0]!.unit_price_cents).toBe(2600);
    // The item keeps its snapshot when the product changes later.
    await db.updateTable("products").set({ price_cents: 9999, title: "Renamed" }).where("id", "=", p.id).execute();
    const again = await storedOrder(order.id);
    expect(again.items[0]).toMatchObject({ unit_price_cents: 2600, title: p.title });
  });

  it("charges 'Large Item Shipping' from the country's zone when any item is large", async () => {
    const zone = (await listShippingZones(db)).find((z) => z.countries.includes("JP"))!;
    const input = { id: zone.id, name: zone.name, countries: zone.countries, freeShippingFrom: null, shipped: true, message: null };
    await saveShippingZone(db, { ...input, standardPrice: 900, largePrice: 2100 });
    try {
      const small = await makeProduct(db, { priceCents: 1000 });
      const trunk = await makeProduct(db, { priceCents: 5000, isLarge: true });
      const { cookie } = await guestWith([
        { productId: small.id, quantity: 1 },
        { productId: trunk.id, quantity: 1 },
      ]);
      const data = await (await run(() => checkoutLoader(args(get("/checkout?country=JP", { cookie }))))).json();
      expect(data.shipping).toMatchObject({ name: "Large Item Shipping", priceCents: 2100, country: "JP", zone: zone.name, freeShipping: null });
      const res = await submitCheckout({ ...FORM, country: "JP" }, cookie);
      const { order } = await storedOrder(orderIdFrom(res));
      expect(order).toMatchObject({
        shipping_name: "Large Item Shipping",
        shipping_cents: 2100,
        subtotal_cents: 6000,
        total_cents: 8100,
        shipping_zone: zone.name,
      });
      const plain = await guestWith([{ productId: small.id, quantity: 1 }]);
      const plainOrder = await storedOrder(orderIdFrom(await submitCheckout({ ...FORM, country: "JP" }, plain.cookie)));
      expect(plainOrder.order).toMatchObject({ shipping_name: "Standard Shipping", shipping_cents: 900 });
      // Another zone keeps its own prices.
      const france = await storedOrder(orderIdFrom(await submitCheckout(FORM, (await guestWith([{ productId: small.id, quantity: 1 }])).cookie)));
      expect(france.order).toMatchObject({ shipping_name: "Standard Shipping", shipping_cents: 800, shipping_zone: "European Union" });
    } finally {
      await saveShippingZone(db, { ...input, standardPrice: zone.standardCents, largePrice: zone.largeCents });
    }
  });

  it("applies the loyalty discount only when ticked and allowed; otherwise silently none", async () => {
    const dear = await makeProduct(db, { priceCents: 3000, stock: 50 });
    const cheap = await makeProduct(db, { priceCents: 2900, stock: 50 });
    const cases = [
      { points: 60, productId: dear.id, tick: true, discount: 500, used: 50 },
      { points: 60, productId: dear.id, tick: false, discount: 0, used: 0 },
      { points: 49, productId: dear.id, tick: true, discount: 0, used: 0 },
      { points: 500, productId: cheap.id, tick: true, discount: 0, used: 0 },
    ];
    for (const c of cases) {
      const user = await customerWith([{ productId: c.productId, quantity: 1 }], { points: c.points });
      const res = await submitCheckout({ ...FORM, ...(c.tick ? { useLoyaltyPoints: "on" } : {}) }, user.cookie);
      const { order } = await storedOrder(orderIdFrom(res));
      expect(order, JSON.stringify(c)).toMatchObject({
        user_id: user.id,
        session_key: null,
        loyalty_discount_cents: c.discount,
        loyalty_points_used: c.used,
        total_cents: order.subtotal_cents + 800 - c.discount,
      });
      // The discount's points are taken when the order is placed.
      const after = await db.selectFrom("users").select("loyalty_points").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(after.loyalty_points).toBe(c.points - c.used);
    }
    // The API: the same rule, and a guest's tick means nothing.
    const user = await customerWith([{ productId: dear.id, quantity: 1 }], { points: 50 });
    const res = await postOrder(payload({ useLoyaltyPoints: true, loyaltyDiscount: "5.00", total: "33.00" }), user.cookie);
    expect(res.status).toBe(201);
    expect((await res.json()).total).toBe("33.00");
    const guest = await guestWith([{ productId: dear.id, quantity: 1 }]);
    const guestRes = await postOrder(payload({ useLoyaltyPoints: true }), guest.cookie);
    expect((await guestRes.json()).total).toBe("38.00");
  });

  it("gives every order its own random confirmation token of at least 128 bits", async () => {
    const p = await makeProduct(db, { priceCents: 1000, stock: 99 });
    const tokens = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
      const res = await postOrder(payload(), cookie);
      const { confirmationToken, id } = await res.json();
      expect(confirmationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect((await storedOrder(id)).order.confirmation_token).toBe(confirmationToken);
      tokens.add(confirmationToken);
    }
    expect(tokens.size).toBe(12);
  });

  it("an empty cart: the form goes to /shop, the API answers 400", async () => {
    const { cookie } = await guestWith([]);
    const before = await orderCount();
    const res = await submitCheckout(FORM, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/shop");
    const noSession = await submitCheckout(FORM);
    expect(noSession.headers.get("Location")).toBe("/shop");
    const api = await postOrder(payload(), cookie);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: T.emptyCart });
    const apiNoSession = await postOrder(payload());
    expect(apiNoSession.status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it("a line that is no longer in stock: 409 through both doors, nothing stored, no stock taken", async () => {
    const p = await makeProduct(db, { title: "Last Lace Shawl", priceCents: 1500, stock: 3 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 3 }]);
    await db.updateTable("products").set({ stock: 1, total_stock: 1 }).where("id", "=", p.id).execute();
    const before = await orderCount();
    const api = await postOrder(payload(), cookie);
    expect(api.status).toBe(409);
    expect((await api.json()).message).toContain("items available in stock");
    const res = await submitCheckout(FORM, cookie);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.alert.title).toBe("Order creation failed");
    expect(body.alert.description).toContain("Last Lace Shawl");
    expect(await orderCount()).toBe(before);
    await db.updateTable("products").set({ stock: 0, total_stock: 0 }).where("id", "=", p.id).execute();
    expect((await postOrder(payload(), cookie)).status).toBe(409);
    const stock = await db.selectFrom("products").select("stock").where("id", "=", p.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  });

  it("createAccount: a taken e-mail stops checkout with 'Account Creation Failed'", async () => {
    const existing = await makeUser(db);
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const before = await orderCount();
    const res = await submitCheckout(
      { ...FORM, email: existing.email.toUpperCase(), createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42" },
      cookie,
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.alert).toEqual({ title: "Account Creation Failed", description: "An account with this email already exists", type: "error" });
    expect(body.result.error.email).toEqual(["An account with this email already exists"]);
    expect(body.result.initialValue).not.toHaveProperty("password");
    expect(body.result.initialValue).not.toHaveProperty("confirmPassword");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await orderCount()).toBe(before);
  });

  it("createAccount: the new customer is registered first, signed in, and owns the order", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const email = `new-${Date.now()}@example.com`;
    const res = await submitCheckout({ ...FORM, email, createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42" }, cookie);
    expect(res.status).toBe(302);
    const orderId = orderIdFrom(res);
    const user = await db.selectFrom("users").select(["id", "first_name", "last_name", "password_hash"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: "Clara", last_name: "Bloom" });
    expect(user.password_hash).toBeTruthy();
    const { order } = await storedOrder(orderId);
    expect(order).toMatchObject({ user_id: user.id, session_key: null, email });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(session).toBeDefined();
    // The new session is the customer's, and the cart went with them (not emptied by the order).
    const customer = (await getSessionStorage().getSession(session!.split(";")[0])).get("userId");
    expect(customer).toBe(user.id);
    expect((await getCart(db, { userId: user.id })).items).toHaveLength(1);
  });

  it("createAccount: the address becomes the profile's; if the order then fails, the signed-in shopper gets the page afresh", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const email = `late-${Date.now()}@example.com`;
    const before = await orderCount();
    // The page showed another subtotal: the order is refused after the account was made.
    const res = await submitCheckout(
      { ...FORM, email, createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42", expectedSubtotal: "5.00" },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/checkout");
    expect(await toastOf(res)).toEqual({ title: "Order creation failed", description: T.figuresChanged, type: "error" });
    expect(await orderCount()).toBe(before);
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!;
    const data = await (await loadCheckout(session)).json();
    expect(data.signedIn).toBe(true);
    expect(data.subtotalCents).toBe(1000);
    expect(data.defaults).toEqual({ email, ...ADDRESS, state: "" });
  });

  it("createAccount with bad passwords is a field error; a signed-in shopper's tick is ignored", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const res = await submitCheckout({ ...FORM, createAccount: "on", password: "abc", confirmPassword: "abc" }, cookie);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error).toEqual({ confirmPassword: [T.passwordRule] });
    expect(body.alert).toBeNull();
    const customer = await customerWith([{ productId: p.id, quantity: 1 }]);
    const users = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const ok = await submitCheckout(
      { ...FORM, email: "other@example.com", createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42" },
      customer.cookie,
    );
    expect((await storedOrder(orderIdFrom(ok))).order.user_id).toBe(customer.id);
    const after = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(users.n));
  });

  it("shows every validation message beside its field and keeps what was typed", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const res = await submitCheckout({ email: "clara@localhost", firstName: "Clara", customerMessage: "x".repeat(201), country: "" }, cookie);
    expect(res.status).toBe(400);
    const { result } = await res.json();
    expect(result.error).toEqual({
      email: [T.invalidEmail],
      lastName: [T.lastNameRequired],
      addressLine1: [T.addressRequired],
      city: [T.cityRequired],
      postalCode: [T.postalCodeRequired],
      country: [T.countryRequired],
      customerMessage: [T.messageTooLong],
      agreeToTerms: [T.termsRequired],
    });
    expect(result.initialValue).toMatchObject({ email: "clara@localhost", firstName: "Clara" });
    const html = renderPage(await (await loadCheckout(cookie)).json(), { result, alert: null, accountCreated: false });
    expect(html).toContain("Please check the form");
    expect(html).toMatch(/<input id="email" name="email" aria-invalid="true" aria-describedby="email-error"[^>]*value="clara@localhost"/);
    expect(html).toContain(`<p class="field-error" id="email-error">${T.invalidEmail}</p>`);
    expect(html).toContain(`<p class="field-error" id="postalCode-error">${T.postalCodeRequired}</p>`);
    expect(html).toContain(`<p class="field-error" id="country-error">${T.countryRequired}</p>`);
    expect(html).toContain(`<p class="field-error" id="agreeToTerms-error">${T.termsRequired}</p>`);
    expect(html).toContain(">201/200<");
    expect(html).toMatch(/name="firstName"[^>]*value="Clara"/);
  });

  it("intent=validate only answers the field errors (200): no order, no account, never the passwords", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const email = `validate-${Date.now()}@example.com`;
    const before = await orderCount();
    const account = { email, createAccount: "on", password: "linen-seam-42", confirmPassword: "linen-seam-42", intent: "validate" };
    const res = await submitCheckout({ ...FORM, ...account }, cookie);
    expect(res.status).toBe(200);
    const { result, alert } = await res.json();
    expect(alert).toBeNull();
    expect(result.error ?? {}).toEqual({});
    expect(result.initialValue).not.toHaveProperty("password");
    const bad = await (await submitCheckout({ ...FORM, ...account, email: "clara@localhost", city: "" }, cookie)).json();
    expect(bad.result.error).toEqual({ email: [T.invalidEmail], city: [T.cityRequired] });
    expect(await orderCount()).toBe(before);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("the page's ?country= and ?useLoyaltyPoints=on choose what the form would (an unknown country is ignored)", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const page = (query: string) => run(() => checkoutLoader(args(get(`/checkout${query}`, { cookie })))).then((res) => res.json());
    expect(await page("?country=DE&useLoyaltyPoints=on")).toMatchObject({ useLoyaltyPoints: true, defaults: { country: "DE" } });
    expect(await page("?country=XX")).toMatchObject({ useLoyaltyPoints: false, defaults: { country: "" } });
  });

  it("the API answers 400 {message, errors} for bad input", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const { cookie } = await guestWith([{ productId: p.id, quantity: 1 }]);
    const bad = await postOrder(payload({ email: "nope", shippingAddress: { ...ADDRESS, city: "" } }), cookie);
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.message).toBe(`email: ${T.invalidEmail}`);
    expect(body.errors).toEqual({ email: [T.invalidEmail], "shippingAddress.city": [T.cityRequired] });
    expect((await postOrder("{not json", cookie)).status).toBe(400);
    expect((await postOrder(payload({ agreeToTerms: false }), cookie)).status).toBe(400);
    expect((await postOrder(payload({ status: "paid" }), cookie)).status).toBe(400);
  });

  it("GET /api/orders lists the signed-in customer's new order", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const user = await customerWith([{ productId: p.id, quantity: 1 }]);
    const created = await (await postOrder(payload(), user.cookie)).json();
    const res = await run(() => ordersLoader(args(get("/api/orders", { cookie: user.cookie }))));
    expect(await res.json()).toEqual([expect.objectContaining({ id: created.id, status: "unpaid", total: "18.00" })]);
  });
});

describe("back at checkout with an unpaid order of the same cart", () => {
  it("offers to pay that order, and placing again reuses it instead of piling up a second", async () => {
    const product = await makeProduct(db, { stock: 5, priceCents: 2000 });
    const guest = await guestWith([{ productId: product.id, quantity: 1 }]);
    const first = orderIdFrom(await submitCheckout(FORM, guest.cookie));
    const page = await loadCheckout(guest.cookie);
    expect((await page.json()).unpaidOrder).toMatchObject({ id: first });
    const before = await orderCount();
    const again = orderIdFrom(await submitCheckout({ ...FORM, city: "Lyon" }, guest.cookie));
    expect(again).toBe(first);
    expect(await orderCount()).toBe(before);
    expect((await storedOrder(first)).order.shipping_city).toBe("Lyon");
    // A different cart is a different order; another visitor never gets this one.
    await addToCart(db, { cartKey: guest.cartKey }, { productId: product.id, quantity: 1 });
    expect(orderIdFrom(await submitCheckout(FORM, guest.cookie))).not.toBe(first);
    const other = await guestWith([{ productId: product.id, quantity: 1 }]);
    expect((await (await loadCheckout(other.cookie)).json()).unpaidOrder).toBeNull();
    expect(orderIdFrom(await submitCheckout(FORM, other.cookie))).not.toBe(first);
  });

  it("a guest's orders belong to the account the session signs in to", async () => {
    const { signInUser } = await import("~/web/auth/sign-in-session.server");
    const product = await makeProduct(db, { stock: 5, priceCents: 2000 });
    const guest = await guestWith([{ productId: product.id, quantity: 1 }]);
    const id = orderIdFrom(await submitCheckout(FORM, guest.cookie));
    const user = await makeUser(db);
    await signInUser(get("/login", { cookie: guest.cookie }), user.id);
    expect((await storedOrder(id)).order.user_id).toBe(user.id);
  });
});
