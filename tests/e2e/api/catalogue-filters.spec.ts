import { expect, test } from "@playwright/test";

// GET /api/products with the catalogue's sort and filters: unknown values ignored, never a 400 or a 500.

test("sorts by price and filters in stock", async ({ request }) => {
  const res = await request.get("/api/products?sort=price-asc&inStock=1&limit=50");
  expect(res.status()).toBe(200);
  const body = await res.json();
  const prices = body.products.map((p: { priceCents: number }) => p.priceCents);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
  expect(body.products.every((p: { stock: number }) => p.stock > 0)).toBe(true);
});

test("a price range in dollars, min above max taken the other way round", async ({ request }) => {
  const body = await (await request.get("/api/products?minPrice=40&maxPrice=20&limit=100")).json();
  expect(body.total).toBeGreaterThan(0);
  for (const p of body.products) expect(p.priceCents >= 2000 && p.priceCents <= 4000).toBe(true);
});

test("scale and colour narrow the list; made to order lists made-to-order pieces only", async ({ request }) => {
  const all = (await (await request.get("/api/products?limit=1")).json()).total;
  const scaled = (await (await request.get("/api/products?limit=1&scale=1-6")).json()).total;
  expect(scaled).toBeGreaterThan(0);
  expect(scaled).toBeLessThan(all);
  const colours = await (await request.get("/api/colors")).json();
  const red = await (await request.get(`/api/products?limit=100&color=${colours[0].id}`)).json();
  for (const p of red.products) expect(p.hasColorVariations).toBe(true);
  const mto = await (await request.get("/api/products?limit=100&madeToOrder=1")).json();
  for (const p of mto.products) expect(p.madeToOrder).toBe(true);
});

test("unknown and malformed values are ignored, never 400 or 500", async ({ request }) => {
  const plain = await (await request.get("/api/products?limit=5")).json();
  for (const query of [
    "sort=cheapest",
    "scale=1-12",
    "color=red&color=-1&color=99999999999999999999",
    "inStock=maybe&madeToOrder=2",
    "minPrice=abc&maxPrice=%00",
    `minPrice=${"9".repeat(40)}`,
    "sort[]=x&color[]=1",
  ]) {
    const res = await request.get(`/api/products?limit=5&${query}`);
    expect(res.status(), query).toBe(200);
    expect((await res.json()).total, query).toBeGreaterThanOrEqual(plain.total);
  }
});
