import { listProducts } from "~/domain/catalogue/products.server";
import { facetCounts, FACET_COUNT_LIMIT } from "~/domain/catalogue/filtered-list.server";
import { catalogueFiltersFrom } from "~/domain/catalogue/schemas";
import { type DB } from "~/lib/sqlite.server";
import { makeCategory, makeProduct, seedPalette } from "../helpers/kit";
import { createTestDb } from "../helpers/db";

// A small catalogue: two scales with a child each, colours, stock, made to order, reviews and a reduced price.
let db: DB;
const ids: Record<string, number> = {};
let small: { id: number; slug: string };
let scale16: { id: number };

beforeAll(async () => {
  db = createTestDb();
  await seedPalette(db);
  const scale14 = await makeCategory(db, { name: "1:4", slug: "1-4-scale" });
  scale16 = await makeCategory(db, { name: "1:6", slug: "1-6-scale" });
  small = await makeCategory(db, { name: "Dresses 1:4", slug: "1-4-dresses", parentId: scale14.id });
  const big = await makeCategory(db, { name: "Dresses 1:6", slug: "1-6-dresses", parentId: scale16.id });
  const in14 = [scale14.id, small.id];
  const in16 = [scale16.id, big.id];
  const make = async (name: string, spec: Parameters<typeof makeProduct>[1]) => (ids[name] = (await makeProduct(db, { title: name, ...spec })).id);
  await make("red-cheap", { categoryIds: in14, priceCents: 1000, colors: [{ colorId: 3, stock: 2 }] });
  await make("blue-mid", { categoryIds: in14, priceCents: 3000, colors: [{ colorId: 4, stock: 0 }] });
  await make("red-blue-dear", {
    categoryIds: in16,
    priceCents: 9000,
    colors: [
      { colorId: 3, stock: 0 },
      { colorId: 4, stock: 1 },
    ],
  });
  await make("plain-sold-out", { categoryIds: in16, priceCents: 2000, stock: 0 });
  await make("made-to-order", { categoryIds: in14, priceCents: 5000, stock: 0, madeToOrder: true, leadTimeDays: 14 });
  await make("variations", {
    categoryIds: in16,
    priceCents: 4000,
    variations: [
      { name: "S", stock: 0 },
      { name: "M", stock: 3 },
    ],
  });
  // Ratings as the review triggers keep them: 5.0 (1 review), 4.5 (2), 4.0 (3); the rest unrated.
  for (const [name, count, sum] of [
    ["blue-mid", 1, 5],
    ["plain-sold-out", 2, 9],
    ["red-cheap", 3, 12],
  ] as const) {
    await db.updateTable("products").set({ review_count: count, rating_sum: sum }).where("id", "=", ids[name]!).execute();
  }
  // A reduced price: the price the shopper pays now (2500) is what sorts and filters, not the regular one.
  await db.updateTable("products").set({ regular_price_cents: 8000, price_cents: 2500 }).where("id", "=", ids["made-to-order"]!).execute();
});
afterAll(() => db.destroy());

const list = async (query: string, categoryId: number | null = null, search: string | null = null) => {
  const r = await listProducts(db, { categoryId, search, offset: 0, limit: 50, filters: catalogueFiltersFrom(new URLSearchParams(query)) });
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return { names: r.products.map((p) => byId.get(p.id)), total: r.total, base: r.base! };
};

describe("sorting the catalogue", () => {
  it("newest first by default", async () => {
    expect((await list("")).names).toEqual(["variations", "made-to-order", "plain-sold-out", "red-blue-dear", "blue-mid", "red-cheap"]);
    expect((await list("sort=bogus")).names).toEqual((await list("")).names);
  });
  it("by the price paid now, both ways (a reduced price counts as reduced)", async () => {
    expect((await list("sort=price-asc")).names).toEqual(["red-cheap", "plain-sold-out", "made-to-order", "blue-mid", "variations", "red-blue-dear"]);
    expect((await list("sort=price-desc")).names).toEqual(["red-blue-dear", "variations", "blue-mid", "made-to-order", "plain-sold-out", "red-cheap"]);
  });
  it("by average rating, unrated last (newest first among them)", async () => {
    expect((await list("sort=rating")).names).toEqual(["blue-mid", "plain-sold-out", "red-cheap", "variations", "made-to-order", "red-blue-dear"]);
  });
  it("pages never overlap", async () => {
    const filters = catalogueFiltersFrom(new URLSearchParams("sort=rating"));
    const pages = await Promise.all([0, 2, 4].map((offset) => listProducts(db, { offset, limit: 2, filters })));
    const seen = pages.flatMap((p) => p.products.map((x) => x.id));
    expect(new Set(seen).size).toBe(6);
    expect(pages.every((p) => p.total === 6)).toBe(true);
  });
});

describe("filtering the catalogue", () => {
  it("by colour: any of the chosen palette colours; an unknown colour is ignored", async () => {
    expect((await list("color=3")).names).toEqual(["red-blue-dear", "red-cheap"]);
    expect((await list("color=3&color=4")).names).toEqual(["red-blue-dear", "blue-mid", "red-cheap"]);
    expect((await list("color=999")).total).toBe(6);
  });
  it("by scale, from the scale's category (its children's products are linked to it)", async () => {
    expect((await list("scale=1-6")).names).toEqual(["variations", "plain-sold-out", "red-blue-dear"]);
    expect((await list("scale=1-6", small.id)).total).toBe(0);
  });
  it("in stock: the colours' stock, else the variations', else its own", async () => {
    expect((await list("inStock=1")).names).toEqual(["variations", "red-blue-dear", "red-cheap"]);
  });
  it("made to order", async () => {
    expect((await list("madeToOrder=1")).names).toEqual(["made-to-order"]);
  });
  it("by price range in dollars, both ends included; min above max swapped", async () => {
    expect((await list("minPrice=20&maxPrice=30&sort=price-asc")).names).toEqual(["plain-sold-out", "made-to-order", "blue-mid"]);
    expect((await list("minPrice=30&maxPrice=20&sort=price-asc")).names).toEqual(["plain-sold-out", "made-to-order", "blue-mid"]);
  });
  it("combined with a category and with search", async () => {
    expect((await list("inStock=1&sort=price-desc", scale16.id)).names).toEqual(["red-blue-dear", "variations"]);
    expect((await list("color=4", null, "dear")).names).toEqual(["red-blue-dear"]);
    expect((await list("color=3", null, "blue")).names).toEqual(["red-blue-dear"]);
  });
});

describe("facet counts", () => {
  it("count each value with the other filters applied", async () => {
    const filters = catalogueFiltersFrom(new URLSearchParams("inStock=1&scale=1-4"));
    const { base } = await list("inStock=1&scale=1-4");
    expect(await facetCounts(db, base, filters)).toEqual({
      scale: { "1-4": 1, "1-6": 2 },
      colors: { 3: 1 },
      // 1:4 and in stock is red-cheap alone; the made-to-order piece is 1:4 but at stock 0.
      inStock: 1,
      madeToOrder: 0,
    });
  });
  it("over the whole list when nothing is chosen", async () => {
    const { base } = await list("");
    const facets = await facetCounts(db, base, catalogueFiltersFrom(new URLSearchParams("")));
    expect(facets).toEqual({ scale: { "1-4": 3, "1-6": 3 }, colors: { 3: 2, 4: 2 }, inStock: 3, madeToOrder: 1 });
  });
  it("are left out above the limit", () => {
    expect(FACET_COUNT_LIMIT).toBeGreaterThan(1000);
  });
});
