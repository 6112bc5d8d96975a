import { type APIResponse } from "@playwright/test";
import { expect, test } from "../fixtures";
import { productId } from "../helpers/api";
import { withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

const MONEY = /^\d+\.\d{2}$/;

async function rate(res: APIResponse) {
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.rate).toEqual({ name: expect.any(String), price: expect.stringMatching(MONEY), description: expect.any(String) });
  return body.rate as { name: string; price: string; description: string };
}

const item = (isLargeItem: boolean, price: string | number = "24.00", quantity = 1) => ({ price, quantity, product: { isLargeItem } });

test.describe("POST /api/shipping/calculate", () => {
  test("standard rate for ordinary items", async ({ request }) => {
    const r = await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(false), item(false, "5.00", 3)], country: "US" } }));
    expect(r.name).toBe("Standard Shipping");
    expect(Number(r.price)).toBeGreaterThan(0);
  });

  test("large item rate when any item is large", async ({ request }) => {
    const standard = await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(false)], country: "US" } }));
    const large = await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(false), item(true)], country: "US" } }));
    expect(large.name).toBe("Large Item Shipping");
    expect(large.price).not.toBe(standard.price);
    expect(Number(large.price)).toBeGreaterThan(Number(standard.price));
  });

  test("client prices and quantities don't change the answer", async ({ request }) => {
    const base = await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(false)], country: "US" } }));
    for (const cartItems of [
      [item(false, "0.00")],
      [item(false, "-50.00", 1)],
      [item(false, 999999, 99)],
      [{ price: "1", quantity: 1, product: { isLargeItem: false }, shippingPrice: "0.00", rate: { price: "0.00" } }],
    ]) {
      expect(await rate(await request.post("/api/shipping/calculate", { data: { cartItems, country: "US" } }))).toEqual(base);
    }
    const largeBase = await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(true)] } }));
    expect(await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(true, "0.01", 1)], country: "GB" } }))).toEqual(largeBase);
  });

  test("an empty cart ships for 0.00", async ({ request }) => {
    const r = await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [], country: "US" } }));
    expect(r.price).toBe("0.00");
  });

  const bad: [string, unknown][] = [
    ["no cartItems", { country: "US" }],
    ["cartItems not a list", { cartItems: "lots" }],
    ["isLargeItem as text", { cartItems: [{ product: { isLargeItem: "yes" } }] }],
    ["negative quantity", { cartItems: [{ quantity: -1, product: { isLargeItem: false } }] }],
    ["1000-char country", { cartItems: [], country: "x".repeat(1000) }],
    ["too many items", { cartItems: Array.from({ length: 501 }, () => item(false)) }],
  ];
  for (const [name, data] of bad) {
    test(`400 {message} for ${name}`, async ({ request }) => {
      const res = await request.post("/api/shipping/calculate", { data });
      expect(res.status()).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    });
  }

  test("400 for malformed JSON and 405 for GET", async ({ request }) => {
    const res = await request.post("/api/shipping/calculate", { data: Buffer.from("{"), headers: { "Content-Type": "application/json" } });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toMatch(/JSON/);
    const get = await request.get("/api/shipping/calculate");
    expect(get.status()).toBe(405);
    expect(typeof (await get.json()).message).toBe("string");
  });
});

test.describe("shipping zones over HTTP", () => {
  test("GET /api/shipping/countries: every country a zone ships to, by name, Poland and the spec's 21 among them", async ({ request }) => {
    const res = await request.get("/api/shipping/countries");
    expect(res.status()).toBe(200);
    const { countries } = (await res.json()) as { countries: { code: string; name: string }[] };
    const codes = countries.map((c) => c.code);
    for (const code of ["PL", "DE", "US", "CA", "GB", "AU", "JP", "HK", "NZ"]) expect(codes).toContain(code);
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 0)).toBe(true);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  test("the admin's zones API: 401 for a guest, 403 for a customer, 400 {errors} for a country in two zones, changing nothing", async ({
    request,
    loginAsCustomer,
    loginAsAdmin,
  }) => {
    expect((await request.get("/api/admin/shipping-zones")).status()).toBe(401);
    expect((await request.put("/api/admin/shipping-zones", { data: { zones: [] } })).status()).toBe(401);
    const customer = await loginAsCustomer();
    expect((await customer.request.get("/api/admin/shipping-zones")).status()).toBe(403);
    expect((await customer.request.put("/api/admin/shipping-zones", { data: { zones: [] } })).status()).toBe(403);
    const admin = await loginAsAdmin();
    const { zones } = (await (await admin.request.get("/api/admin/shipping-zones")).json()) as { zones: { name: string; countries: string[] }[] };
    expect(zones.find((z) => z.countries.includes("PL"))).toMatchObject({ standardPrice: "8.00", largePrice: "18.00", shipped: true });
    const twice = zones.map((z, i) => (i === 1 ? { ...z, countries: [...z.countries, "PL"] } : z));
    const res = await admin.request.put("/api/admin/shipping-zones", { data: { zones: twice } });
    expect(res.status()).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors["zones.1.countries"]).toEqual(["PL is in more than one zone"]);
    expect(((await (await admin.request.get("/api/admin/shipping-zones")).json()) as { zones: unknown[] }).zones).toEqual(zones);
  });

  test("calculate: 422 {message} for a country no zone ships to, 400 for a code that is no country; an order there creates nothing", async ({ request }) => {
    const email = uniqueEmail("zones-nowhere");
    const ru = await request.post("/api/shipping/calculate", { data: { cartItems: [item(false)], country: "RU" } });
    expect(ru.status()).toBe(422);
    expect(await ru.json()).toEqual({ message: "We do not ship to this country" });
    const xx = await request.post("/api/shipping/calculate", { data: { cartItems: [item(false)], country: "XX" } });
    expect(xx.status()).toBe(400);
    expect(typeof (await xx.json()).message).toBe("string");
    expect((await rate(await request.post("/api/shipping/calculate", { data: { cartItems: [item(false)], country: "PL" } }))).name).toBe("Standard Shipping");
    expect((await request.post("/api/cart", { data: { productId: await productId(request, "cream-cable-knit-sweater"), quantity: 1 } })).status()).toBe(201);
    const order = await request.post("/api/orders", {
      data: {
        email: "nowhere@example.com",
        shippingAddress: { firstName: "A", lastName: "B", addressLine1: "1 St", city: "Moscow", postalCode: "101000", country: "RU" },
      },
    });
    expect(order.status()).toBe(400);
    expect((await order.json()).message).toBe("We do not ship to this country");
    expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM orders WHERE email = ?").get(email) as { n: number }).n).toBe(0);
  });
});
