import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectError, productId } from "../helpers/api";

const STOCK_TEXT = "items available in stock";

async function cart(request: APIRequestContext) {
  const res = await request.get("/api/cart");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toContain("no-store");
  return res.json();
}

async function add(request: APIRequestContext, data: Record<string, unknown>) {
  return request.post("/api/cart", { data });
}

test.describe("GET /api/cart", () => {
  test("a guest without a cart gets an empty list and no-store", async ({ request }) => {
    expect(await cart(request)).toEqual([]);
  });
});

test.describe("POST /api/cart", () => {
  test("adds a plain product: 201 with the item and a session cookie", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const res = await add(request, { productId: id, quantity: 2 });
    expect(res.status()).toBe(201);
    expect(res.headers()["set-cookie"]).toContain("__session=");
    expect(res.headers()["cache-control"]).toContain("no-store");
    const item = await res.json();
    expect(item).toEqual(expect.objectContaining({ id: expect.any(Number), productId: id, quantity: 2, colorId: null, variation: null, specificStock: 12 }));
    expect(item.product.price).toMatch(/^\d+\.\d{2}$/);
    expect(item.product.slug).toBe("cream-cable-knit-sweater");
    const items = await cart(request);
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual(expect.objectContaining({ id: item.id, productId: id, quantity: 2 }));
  });

  test("adding the same line again adds to its quantity", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const first = await (await add(request, { productId: id, quantity: 1 })).json();
    const second = await add(request, { productId: id, quantity: 3 });
    expect(second.status()).toBe(201);
    const item = await second.json();
    expect(item.id).toBe(first.id);
    expect(item.quantity).toBe(4);
    expect(await cart(request)).toHaveLength(1);
  });

  test("quantity defaults to 1", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const res = await add(request, { productId: id });
    expect(res.status()).toBe(201);
    expect((await res.json()).quantity).toBe(1);
  });

  test("a product with colours needs a colour: 400 'Select a color'", async ({ request }) => {
    const id = await productId(request, "rose-garden-tea-dress");
    expect(await expectError(await add(request, { productId: id, quantity: 1 }), 400)).toBe("Select a color");
    expect(await expectError(await add(request, { productId: id, quantity: 1, colorId: null }), 400)).toBe("Select a color");
    expect(await cart(request)).toEqual([]);
  });

  test("a colour the product doesn't have is 400, a sold-out colour 409", async ({ request }) => {
    const id = await productId(request, "rose-garden-tea-dress");
    await expectError(await add(request, { productId: id, quantity: 1, colorId: 12 }), 400);
    expect(await expectError(await add(request, { productId: id, quantity: 1, colorId: 1 }), 409)).toContain(STOCK_TEXT);
    expect(await cart(request)).toEqual([]);
  });

  test("adds a chosen colour with its own stock", async ({ request }) => {
    const id = await productId(request, "rose-garden-tea-dress");
    const res = await add(request, { productId: id, quantity: 2, colorId: 3 });
    expect(res.status()).toBe(201);
    const item = await res.json();
    expect(item).toEqual(expect.objectContaining({ productId: id, colorId: 3, quantity: 2, specificStock: 6 }));
    // Pink has 4: asking for 5 conflicts, and the red line is untouched.
    expect(await expectError(await add(request, { productId: id, quantity: 5, colorId: 7 }), 409)).toContain(STOCK_TEXT);
    const items = await cart(request);
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(2);
  });

  test("a product with variations needs one: 400 'Select a variation'", async ({ request }) => {
    const id = await productId(request, "classic-wool-coat");
    expect(await expectError(await add(request, { productId: id, quantity: 1 }), 400)).toBe("Select a variation");
    await expectError(await add(request, { productId: id, quantity: 1, variationCode: "Z" }), 400);
    expect(await expectError(await add(request, { productId: id, quantity: 1, variationCode: "C" }), 409)).toContain(STOCK_TEXT);
    expect(await expectError(await add(request, { productId: id, quantity: 3, variationCode: "B" }), 409)).toContain(STOCK_TEXT);
    expect(await cart(request)).toEqual([]);
  });

  test("adds a chosen variation", async ({ request }) => {
    const id = await productId(request, "classic-wool-coat");
    const res = await add(request, { productId: id, quantity: 2, variationCode: "B" });
    expect(res.status()).toBe(201);
    const item = await res.json();
    expect(item.variation).toEqual({ variationCode: "B", variationName: "Size M" });
    expect(item.specificStock).toBe(2);
    expect(item.quantity).toBe(2);
  });

  test("a sold-out product is 409", async ({ request }) => {
    const id = await productId(request, "midnight-velvet-cape");
    expect(await expectError(await add(request, { productId: id, quantity: 1 }), 409)).toContain(STOCK_TEXT);
    expect(await cart(request)).toEqual([]);
  });

  test("more than the stock is 409 'items available in stock'", async ({ request }) => {
    const id = await productId(request, "linen-summer-apron");
    expect(await expectError(await add(request, { productId: id, quantity: 4 }), 409)).toContain(STOCK_TEXT);
    expect(await cart(request)).toEqual([]);
    expect((await add(request, { productId: id, quantity: 2 })).status()).toBe(201);
    // 2 already in the cart + 2 more > 3 in stock.
    expect(await expectError(await add(request, { productId: id, quantity: 2 }), 409)).toContain(STOCK_TEXT);
    const items = await cart(request);
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(2);
  });

  test("an unknown product is 404", async ({ request }) => {
    expect(await expectError(await add(request, { productId: 98765432, quantity: 1 }), 404)).toBe("Product not found");
  });

  const badBodies: [string, unknown, RegExp][] = [
    ["no productId", { quantity: 1 }, /^productId: /],
    ["productId as text", { productId: "1", quantity: 1 }, /^productId: /],
    ["productId SQL", { productId: "1 OR 1=1", quantity: 1 }, /^productId: /],
    ["negative productId", { productId: -1, quantity: 1 }, /^productId: /],
    ["fractional productId", { productId: 1.5, quantity: 1 }, /^productId: /],
    ["quantity 0", { productId: 1, quantity: 0 }, /^quantity: /],
    ["negative quantity", { productId: 1, quantity: -3 }, /^quantity: /],
    ["huge quantity", { productId: 1, quantity: 1e12 }, /^quantity: /],
    ["quantity as text", { productId: 1, quantity: "2" }, /^quantity: /],
    ["colorId as text", { productId: 1, quantity: 1, colorId: "red" }, /^colorId: /],
    ["1000-char variationCode", { productId: 1, quantity: 1, variationCode: "A".repeat(1000) }, /^variationCode: /],
    ["array body", [{ productId: 1 }], /object/i],
    ["null body", null, /object/i],
  ];
  for (const [name, data, message] of badBodies) {
    test(`400 {message} for ${name}`, async ({ request }) => {
      const res = await request.post("/api/cart", {
        data: Buffer.from(JSON.stringify(data)),
        headers: { "Content-Type": "application/json" },
      });
      expect(await expectError(res, 400)).toMatch(message);
      expect(await cart(request)).toEqual([]);
    });
  }

  test("400 for malformed JSON", async ({ request }) => {
    const res = await request.post("/api/cart", { data: Buffer.from('{"productId": 1,'), headers: { "Content-Type": "application/json" } });
    expect(await expectError(res, 400)).toMatch(/JSON/);
  });

  test("405 for an unsupported method", async ({ request }) => {
    await expectError(await request.patch("/api/cart", { data: {} }), 405);
  });
});

test.describe("PUT and DELETE /api/cart/{itemId}", () => {
  async function withItem(request: APIRequestContext, slug = "linen-summer-apron") {
    const id = await productId(request, slug);
    const res = await add(request, { productId: id, quantity: 1 });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number; quantity: number };
  }

  test("PUT sets the quantity and answers the item", async ({ request }) => {
    const item = await withItem(request);
    const res = await request.put(`/api/cart/${item.id}`, { data: { quantity: 3 } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("no-store");
    const updated = await res.json();
    expect(updated).toEqual(expect.objectContaining({ id: item.id, quantity: 3, specificStock: 3 }));
    const lowered = await (await request.put(`/api/cart/${item.id}`, { data: { quantity: 1 } })).json();
    expect(lowered.quantity).toBe(1);
    expect((await cart(request))[0].quantity).toBe(1);
  });

  test("PUT quantity 0 is 400 and above the stock is 409", async ({ request }) => {
    const item = await withItem(request);
    await expectError(await request.put(`/api/cart/${item.id}`, { data: { quantity: 0 } }), 400);
    await expectError(await request.put(`/api/cart/${item.id}`, { data: { quantity: -1 } }), 400);
    await expectError(await request.put(`/api/cart/${item.id}`, { data: { quantity: "2" } }), 400);
    await expectError(await request.put(`/api/cart/${item.id}`, { data: {} }), 400);
    expect(
      await expectError(await request.put(`/api/cart/${item.id}`, { data: Buffer.from("{nope"), headers: { "Content-Type": "application/json" } }), 400),
    ).toMatch(/JSON/);
    expect(await expectError(await request.put(`/api/cart/${item.id}`, { data: { quantity: 4 } }), 409)).toContain(STOCK_TEXT);
    expect((await cart(request))[0].quantity).toBe(1);
  });

  test("PUT or DELETE of an unknown item is 404", async ({ request }) => {
    await withItem(request);
    for (const id of ["98765432", "abc", "0", "-1", "1%20OR%201%3D1"]) {
      await expectError(await request.put(`/api/cart/${id}`, { data: { quantity: 1 } }), 404);
      await expectError(await request.delete(`/api/cart/${id}`), 404);
    }
    expect(await cart(request)).toHaveLength(1);
  });

  test("a guest without a cart gets 404", async ({ request }) => {
    await expectError(await request.put("/api/cart/1", { data: { quantity: 1 } }), 404);
    await expectError(await request.delete("/api/cart/1"), 404);
  });

  test("another session cannot touch my item", async ({ request, playwright, baseURL }) => {
    const item = await withItem(request);
    const other = await playwright.request.newContext({ baseURL });
    try {
      // The other session has a cart of its own, so this is about ownership, not a missing cart.
      const otherId = await productId(other, "cream-cable-knit-sweater");
      expect((await add(other, { productId: otherId, quantity: 1 })).status()).toBe(201);
      expect(await expectError(await other.put(`/api/cart/${item.id}`, { data: { quantity: 2 } }), 404)).toBe("Cart item not found");
      expect(await expectError(await other.delete(`/api/cart/${item.id}`), 404)).toBe("Cart item not found");
      const others = await cart(other);
      expect(others).toHaveLength(1);
      expect(others[0].id).not.toBe(item.id);
    } finally {
      await other.dispose();
    }
    const mine = await cart(request);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toEqual(expect.objectContaining({ id: item.id, quantity: 1 }));
  });

  test("DELETE removes the item", async ({ request }) => {
    const item = await withItem(request);
    const keep = await withItem(request, "cream-cable-knit-sweater");
    const res = await request.delete(`/api/cart/${item.id}`);
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ message: "Item removed" });
    const items = await cart(request);
    expect(items.map((i: { id: number }) => i.id)).toEqual([keep.id]);
    await expectError(await request.delete(`/api/cart/${item.id}`), 404);
  });

  test("GET and POST on an item are 405", async ({ request }) => {
    const item = await withItem(request);
    await expectError(await request.get(`/api/cart/${item.id}`), 405);
    await expectError(await request.post(`/api/cart/${item.id}`, { data: { quantity: 2 } }), 405);
    expect((await cart(request))[0].quantity).toBe(1);
  });
});

test.describe("clearing the cart", () => {
  for (const path of ["/api/cart/clear", "/api/cart"]) {
    test(`DELETE ${path} clears it`, async ({ request }) => {
      const a = await productId(request, "cream-cable-knit-sweater");
      const b = await productId(request, "linen-summer-apron");
      expect((await add(request, { productId: a, quantity: 2 })).status()).toBe(201);
      expect((await add(request, { productId: b, quantity: 1 })).status()).toBe(201);
      expect(await cart(request)).toHaveLength(2);
      const res = await request.delete(path);
      expect(res.status()).toBe(200);
      expect(await res.json()).toEqual({ message: "Cart cleared" });
      expect(await cart(request)).toEqual([]);
    });
  }

  test("clearing only clears my own cart", async ({ request, playwright, baseURL }) => {
    const a = await productId(request, "cream-cable-knit-sweater");
    expect((await add(request, { productId: a, quantity: 1 })).status()).toBe(201);
    const other = await playwright.request.newContext({ baseURL });
    try {
      expect((await other.delete("/api/cart/clear")).status()).toBe(200);
      expect((await other.delete("/api/cart")).status()).toBe(200);
    } finally {
      await other.dispose();
    }
    expect(await cart(request)).toHaveLength(1);
  });

  test("GET /api/cart/clear is 405", async ({ request }) => {
    await expectError(await request.get("/api/cart/clear"), 405);
  });
});
