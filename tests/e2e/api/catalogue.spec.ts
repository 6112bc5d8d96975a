import { expect, test } from "@playwright/test";
import { expectError, productBySlug } from "../helpers/api";

const MONEY = /^\d+\.\d{2}$/;

test.describe("GET /api/categories", () => {
  test("lists a two-level tree with product counts", async ({ request }) => {
    const res = await request.get("/api/categories");
    expect(res.status()).toBe(200);
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(3);
    for (const c of list) {
      expect(c).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          slug: expect.any(String),
          sortOrder: expect.any(Number),
          isActive: expect.any(Boolean),
          productCount: expect.any(Number),
        }),
      );
      expect(c.parentId === null || typeof c.parentId === "number").toBe(true);
    }
    const top = list.filter((c: { parentId: number | null }) => c.parentId === null);
    const children = list.filter((c: { parentId: number | null }) => c.parentId !== null);
    expect(top.length).toBeGreaterThan(0);
    expect(children.length).toBeGreaterThan(0);
    const ids = new Set(top.map((c: { id: number }) => c.id));
    for (const child of children) expect(ids.has(child.parentId)).toBe(true);
  });
});

test("GET /api/category-descriptions answers a name → note map", async ({ request }) => {
  const res = await request.get("/api/category-descriptions");
  expect(res.status()).toBe(200);
  const map = await res.json();
  expect(Array.isArray(map)).toBe(false);
  const entries = Object.entries(map);
  expect(entries.length).toBeGreaterThan(0);
  for (const [name, note] of entries) {
    expect(name.length).toBeGreaterThan(0);
    expect(typeof note).toBe("string");
  }
});

test("GET /api/colors answers the fixed palette of 12", async ({ request }) => {
  const res = await request.get("/api/colors");
  expect(res.status()).toBe(200);
  const colors = await res.json();
  expect(colors.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(colors.map((c: { name: string }) => c.name.toLowerCase())).toEqual([
    "white",
    "black",
    "red",
    "blue",
    "green",
    "yellow",
    "pink",
    "purple",
    "orange",
    "brown",
    "grey",
    "navy",
  ]);
  for (const c of colors) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/i);
});

test.describe("GET /api/products", () => {
  test("defaults to page 1 of 12 with the total and money as strings", async ({ request }) => {
    const res = await request.get("/api/products");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.page).toBe(1);
    expect(body.limit).toBe(12);
    expect(body.total).toBeGreaterThanOrEqual(40);
    expect(body.products).toHaveLength(12);
    for (const p of body.products) {
      expect(p.price).toMatch(MONEY);
      expect(typeof p.id).toBe("number");
      expect(typeof p.slug).toBe("string");
      expect(typeof p.stock).toBe("number");
    }
  });

  test("pages do not overlap and together cover the total", async ({ request }) => {
    const first = await (await request.get("/api/products?page=1&limit=100")).json();
    expect(first.limit).toBe(100);
    expect(first.products).toHaveLength(Math.min(first.total, 100));
    const seen = new Set<number>();
    for (let page = 1; (page - 1) * 7 < first.total; page++) {
      const res = await request.get(`/api/products?page=${page}&limit=7`);
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(body.page).toBe(page);
      expect(body.total).toBe(first.total);
      expect(body.products.length).toBe(Math.min(7, first.total - (page - 1) * 7));
      for (const p of body.products) {
        expect(seen.has(p.id)).toBe(false);
        seen.add(p.id);
      }
    }
    expect(seen.size).toBe(first.total);
    const beyond = await (await request.get(`/api/products?page=${Math.ceil(first.total / 7) + 1}&limit=7`)).json();
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  test("filters by categoryId with the category's product count", async ({ request }) => {
    const categories = await (await request.get("/api/categories")).json();
    const category = categories.find((c: { productCount: number; parentId: number | null }) => c.parentId !== null && c.productCount > 0);
    expect(category).toBeTruthy();
    const body = await (await request.get(`/api/products?categoryId=${category.id}&limit=100`)).json();
    expect(body.total).toBe(category.productCount);
    expect(body.products).toHaveLength(category.productCount);
    for (const p of body.products) {
      expect(p.categories.map((c: { id: number }) => c.id)).toContain(category.id);
    }
    const limited = await (await request.get(`/api/products?categoryId=${category.id}&limit=4`)).json();
    expect(limited.products.length).toBe(Math.min(4, category.productCount));
  });

  test("an unknown categoryId gives an empty list", async ({ request }) => {
    const res = await request.get("/api/products?categoryId=987654");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.products).toEqual([]);
    expect(body.total).toBe(0);
  });

  test("search finds products, and search overrides categoryId", async ({ request }) => {
    const body = await (await request.get("/api/products?search=tea%20dress")).json();
    expect(body.products.map((p: { slug: string }) => p.slug)).toContain("rose-garden-tea-dress");
    expect(body.total).toBeGreaterThanOrEqual(1);
    const both = await (await request.get("/api/products?search=tea%20dress&categoryId=987654")).json();
    expect(both.products.map((p: { slug: string }) => p.slug)).toContain("rose-garden-tea-dress");
    expect(both.total).toBe(body.total);
  });

  const nastySearches = [
    `'`,
    `"`,
    `%`,
    `*`,
    `%%%`,
    `dress'; DROP TABLE products; --`,
    `" OR 1=1 --`,
    `1 OR 1=1`,
    `DROP TABLE products`,
    `NEAR(dress coat)`,
    `title:dress`,
    `dress*`,
    `(`,
    `\\`,
    `<script>alert(1)</script>`,
    `🧵 ünïcödé`,
    "x".repeat(1000),
    "dress ".repeat(200),
  ];
  for (const search of nastySearches) {
    test(`search ${JSON.stringify(search.slice(0, 30))}${search.length > 30 ? "…" : ""} answers 200 with a list`, async ({ request }) => {
      const res = await request.get("/api/products", { params: { search } });
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(Array.isArray(body.products)).toBe(true);
      expect(typeof body.total).toBe("number");
      expect(body.products.length).toBeLessThanOrEqual(12);
    });
  }

  test("products table survives the DROP TABLE search", async ({ request }) => {
    await request.get("/api/products", { params: { search: "x'); DROP TABLE products; --" } });
    const body = await (await request.get("/api/products")).json();
    expect(body.total).toBeGreaterThanOrEqual(40);
  });

  const badQueries = [
    "limit=0",
    "limit=101",
    "limit=-5",
    "limit=abc",
    "limit=1.5",
    "page=0",
    "page=-1",
    "page=two",
    "page=99999999999999999999",
    "categoryId=abc",
    "categoryId=0",
    "categoryId=-3",
    "categoryId=1%20OR%201%3D1",
    "categoryId=1e3",
  ];
  for (const query of badQueries) {
    test(`400 {message} for ?${query}`, async ({ request }) => {
      const message = await expectError(await request.get(`/api/products?${query}`), 400);
      expect(message).toMatch(/limit|page|categoryId/);
    });
  }

  test("empty query values fall back to the defaults", async ({ request }) => {
    const res = await request.get("/api/products?page=&limit=&categoryId=&search=");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.page).toBe(1);
    expect(body.limit).toBe(12);
    expect(body.total).toBeGreaterThanOrEqual(40);
  });

  test("POST is 405", async ({ request }) => {
    await expectError(await request.post("/api/products", { data: {} }), 405);
  });
});

test("GET /api/products/latest-collection answers a list of latest products", async ({ request }) => {
  const res = await request.get("/api/products/latest-collection");
  expect(res.status()).toBe(200);
  const list = await res.json();
  expect(list.length).toBeGreaterThan(0);
  for (const p of list) {
    expect(p.isLatestCollection).toBe(true);
    expect(p.price).toMatch(MONEY);
  }
});

test.describe("GET /api/products/slug/{slug}", () => {
  test("answers the product with images, categories and colours", async ({ request }) => {
    const p = await productBySlug(request, "rose-garden-tea-dress");
    expect(p.slug).toBe("rose-garden-tea-dress");
    expect(p.price).toMatch(MONEY);
    expect(typeof p.description).toBe("string");
    expect(p.category).toEqual(expect.objectContaining({ name: expect.any(String), slug: expect.any(String) }));
    expect(p.categories.length).toBeGreaterThan(0);
    expect(Array.isArray(p.images)).toBe(true);
    expect(p.colors.map((c: { colorId: number; stock: number }) => [c.colorId, c.stock])).toEqual(
      expect.arrayContaining([
        [3, 6],
        [7, 4],
        [1, 0],
      ]),
    );
  });

  test("flags large items", async ({ request }) => {
    expect((await productBySlug(request, "doll-steamer-trunk")).isLarge).toBe(true);
    expect((await productBySlug(request, "linen-summer-apron")).isLarge).toBe(false);
  });

  for (const slug of ["no-such-product", "x".repeat(1000), "1%20OR%201%3D1", "%27%3B%20DROP%20TABLE%20products%3B--"]) {
    test(`404 "Product not found" for ${slug.slice(0, 20)}`, async ({ request }) => {
      const message = await expectError(await request.get(`/api/products/slug/${slug}`), 404);
      expect(message).toBe("Product not found");
    });
  }
});

test.describe("GET /api/products/{id}/colors and /variations", () => {
  test("colours of a coloured product", async ({ request }) => {
    const p = await productBySlug(request, "rose-garden-tea-dress");
    const res = await request.get(`/api/products/${p.id}/colors`);
    expect(res.status()).toBe(200);
    const colors = await res.json();
    const byId = Object.fromEntries(colors.map((c: { colorId: number; stock: number }) => [c.colorId, c.stock]));
    expect(byId).toEqual({ 1: 0, 3: 6, 7: 4 });
  });

  test("variations of a sized product", async ({ request }) => {
    const p = await productBySlug(request, "classic-wool-coat");
    const res = await request.get(`/api/products/${p.id}/variations`);
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual([
      { variationCode: "A", variationName: "Size S", stock: 5 },
      { variationCode: "B", variationName: "Size M", stock: 2 },
      { variationCode: "C", variationName: "Size L", stock: 0 },
    ]);
  });

  test("a plain product has neither", async ({ request }) => {
    const p = await productBySlug(request, "cream-cable-knit-sweater");
    expect(await (await request.get(`/api/products/${p.id}/colors`)).json()).toEqual([]);
    expect(await (await request.get(`/api/products/${p.id}/variations`)).json()).toEqual([]);
  });

  for (const id of ["987654", "abc", "0", "-1", "1.5", "99999999999999999999", "1%20OR%201%3D1"]) {
    test(`404 for product id ${id}`, async ({ request }) => {
      await expectError(await request.get(`/api/products/${id}/colors`), 404);
      await expectError(await request.get(`/api/products/${id}/variations`), 404);
    });
  }
});

test("GET /api/products?search= corrects words that match nothing and says which; exact=1 does not", async ({ request }) => {
  const corrected = await request.get("/api/products?search=sweter");
  expect(corrected.status()).toBe(200);
  const body = (await corrected.json()) as {
    products: { title: string }[];
    total: number;
    correction?: { query: string; corrections: { from: string; to: string }[] };
  };
  expect(body.correction).toEqual({ query: "sweater", corrections: [{ from: "sweter", to: "sweater" }] });
  expect(body.total).toBeGreaterThan(0);
  expect(body.products.map((p) => p.title)).toContain("Cream Cable Knit Sweater");

  const exact = (await (await request.get("/api/products?search=sweter&exact=1")).json()) as { total: number; correction?: unknown };
  expect(exact.total).toBe(0);
  expect(exact).not.toHaveProperty("correction");
  await expectError(await request.get("/api/products?search=sweter&exact=maybe"), 400);

  // Exact matches are never corrected; plurals find singulars.
  const plain = (await (await request.get("/api/products?search=sweaters")).json()) as { products: { title: string }[]; correction?: unknown };
  expect(plain).not.toHaveProperty("correction");
  expect(plain.products.map((p) => p.title)).toContain("Cream Cable Knit Sweater");
});

test("GET /api/products answers hostile searches with a normal page, quickly", async ({ request }) => {
  for (const search of ["x".repeat(200), "!!!", 'NEAR("a" "b") OR *', "✨💖", "فستان", "sweter velvett cardigen dreses bonnett"]) {
    const started = Date.now();
    const res = await request.get(`/api/products?search=${encodeURIComponent(search)}`);
    expect(res.status(), search).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const body = (await res.json()) as { total: number; correction?: { corrections: unknown[] } };
    expect(body.correction?.corrections.length ?? 0).toBeLessThanOrEqual(3);
  }
  // A 1 000-character search is cut to 200 characters, like the page's.
  const long = await request.get(`/api/products?search=${"sweater ".repeat(125)}`);
  expect(long.status()).toBe(200);
  expect(((await long.json()) as { total: number }).total).toBeGreaterThan(0);
});
