import { type APIResponse, expect, test } from "@playwright/test";

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
