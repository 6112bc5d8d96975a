import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { e2eDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";
import { makeProduct, uniqueSlug } from "../../helpers/kit/products";

// Product JSON's reduction fields (docs/decisions/prior-price.md) for the owner's reduction, a
// public code and a product without either, in the lists, the product read and the latest
// collection; and the admin PUT's regularPrice with its refusals.

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
/** An ISO instant about `n` days ago (within the minute the test takes). */
const aboutDaysAgo = (value: string, n: number) => Math.abs(Date.parse(value) - (Date.now() - n * DAY)) < 60_000;
/** Letters only, so the search finds the product by this one word. */
const word = () => `prior${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

/** A product whose price history is exactly `changes` (days ago), its row holding the last one. */
async function productWith(changes: { daysAgo: number; price: number; regular?: number | null }[]) {
  const db = e2eDb();
  const title = `Prior Price Dress ${word()}`;
  const last = changes[changes.length - 1]!;
  const product = await makeProduct(db, { title, slug: uniqueSlug("prior-price"), priceCents: last.price, stock: 5, image: false });
  await db
    .updateTable("products")
    .set({ regular_price_cents: last.regular ?? null, is_latest_collection: 1 })
    .where("id", "=", product.id)
    .execute();
  await db.deleteFrom("price_history").where("product_id", "=", product.id).execute();
  for (const c of changes) {
    await db
      .insertInto("price_history")
      .values({ product_id: product.id, price_cents: c.price, regular_price_cents: c.regular ?? null, changed_at: daysAgo(c.daysAgo) })
      .execute();
  }
  return { ...product, word: title.split(" ").pop()! };
}

test("the owner's reduction: the reduced price, the regular price, the lowest of the 30 days before and the badge from it", async ({ request }) => {
  const product = await productWith([
    { daysAgo: 40, price: 4000 },
    { daysAgo: 25, price: 5000 },
    { daysAgo: 5, price: 3500, regular: 5000 },
  ]);
  const expected = {
    price: "35.00",
    regularPrice: "50.00",
    lowestPrice30Days: "40.00",
    reduction: { price: "35.00", regularPrice: "50.00", lowestPrice30Days: "40.00", percent: 13, code: null },
  };
  const read = await (await request.get(`/api/products/slug/${product.slug}`)).json();
  expect(read).toMatchObject(expected);
  expect(aboutDaysAgo(read.reduction.since, 5)).toBe(true);
  const list = await (await request.get(`/api/products?search=${product.word}`)).json();
  expect(list.products).toHaveLength(1);
  expect(list.products[0]).toMatchObject({ regularPrice: "50.00", lowestPrice30Days: "40.00", reduction: { percent: 13 } });
  const latest = (await (await request.get("/api/products/latest-collection")).json()) as { id: number }[];
  expect(latest.find((p) => p.id === product.id)).toMatchObject({ lowestPrice30Days: "40.00" });
  const polish = await (await request.get(`/api/products/slug/${product.slug}?locale=pl`)).json();
  expect(polish).toMatchObject({ locale: "pl", lowestPrice30Days: "40.00" });
});

test("a public code: the cart's price stays, the reduction names the code", async ({ request }) => {
  const db = e2eDb();
  // Its minimum keeps it off every other product of the shop (none costs $9,000).
  const code = `PP${randomBytes(4).toString("hex").toUpperCase()}`;
  const product = await productWith([
    { daysAgo: 20, price: 900_000 },
    { daysAgo: 10, price: 950_000 },
  ]);
  const { id } = await db
    .insertInto("discounts")
    .values({ code, type: "percent", value: 10, min_subtotal_cents: 900_000, public: 1, active: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  try {
    await db
      .insertInto("discount_public_periods")
      .values({ discount_id: id, type: "percent", value: 10, min_subtotal_cents: 900_000, starts_at: daysAgo(2), ends_at: null })
      .execute();
    const read = await (await request.get(`/api/products/slug/${product.slug}`)).json();
    expect(read).toMatchObject({
      price: "9500.00",
      regularPrice: "9500.00",
      lowestPrice30Days: "9000.00",
      reduction: { price: "8550.00", regularPrice: "9500.00", lowestPrice30Days: "9000.00", percent: 5, code },
    });
    expect(aboutDaysAgo(read.reduction.since, 2)).toBe(true);
    // Used up: no longer offered, and the answer follows at once.
    await db.updateTable("discounts").set({ max_uses: 1, uses: 1 }).where("id", "=", id).execute();
    expect(await (await request.get(`/api/products/slug/${product.slug}`)).json()).toMatchObject({
      regularPrice: null,
      lowestPrice30Days: null,
      reduction: null,
    });
  } finally {
    await db.deleteFrom("discount_public_periods").where("discount_id", "=", id).execute();
    await db.deleteFrom("discounts").where("id", "=", id).execute();
  }
});

test("a product without a reduction carries the three fields as null", async ({ request }) => {
  const product = await productWith([
    { daysAgo: 40, price: 4000 },
    { daysAgo: 25, price: 5000 },
  ]);
  const read = await (await request.get(`/api/products/slug/${product.slug}`)).json();
  expect(read).toMatchObject({ price: "50.00", regularPrice: null, lowestPrice30Days: null, reduction: null });
  const list = await (await request.get(`/api/products?search=${product.word}`)).json();
  expect(list.products[0]).toMatchObject({ regularPrice: null, lowestPrice30Days: null, reduction: null });
});

test("the admin PUT sets regularPrice, keeps it when left out, and refuses one not above the price", async ({ request, loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("prior-price-admin") });
  const product = await productWith([{ daysAgo: 40, price: 5000 }]);
  const put = (data: Record<string, unknown>) =>
    admin.request.put(`/api/admin/products/${product.id}`, { data: { title: product.title, slug: product.slug, ...data } });

  let res = await put({ price: "35.00", regularPrice: "50.00" });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ price: "35.00", regularPrice: "50.00" });
  expect(await (await request.get(`/api/products/slug/${product.slug}`)).json()).toMatchObject({
    price: "35.00",
    regularPrice: "50.00",
    lowestPrice30Days: "50.00",
    reduction: { percent: 30, code: null },
  });
  res = await put({ price: "30.00" });
  expect((await res.json()).regularPrice).toBe("50.00");

  for (const regularPrice of ["30.00", "29.99", "50,00", "-50", "fifty", true]) {
    const refused = await put({ price: "30.00", regularPrice });
    await expectError(refused, 400);
    expect((await refused.json()).errors.regularPrice, String(regularPrice)).toHaveLength(1);
  }
  await expectError(await request.put(`/api/admin/products/${product.id}`, { data: { title: product.title, price: "30.00", regularPrice: "99.00" } }), 401);
  // The price at the kept regular price ends the reduction.
  res = await put({ price: "50.00" });
  expect((await res.json()).regularPrice).toBeNull();
  expect((await (await request.get(`/api/products/slug/${product.slug}`)).json()).reduction).toBeNull();
});
