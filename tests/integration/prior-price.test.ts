import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { readReductions } from "~/domain/catalogue/prior-price.server";
import { getProductById, getProductBySlug, listProducts } from "~/domain/catalogue/products.server";
import { type Database } from "~/lib/db-schema";
import { type DB } from "~/lib/sqlite.server";
import { copyTemplate, createTestDb, newDbFile } from "../helpers/db";
import { makeProduct } from "../helpers/kit/products";

/*
 * The prior-price rule against the database, with a clock: the history and the public periods are
 * written with explicit times, and every read is asked at a chosen `now`.
 */

const db = createTestDb();
afterAll(() => db.destroy());
afterEach(async () => {
  // A public code reduces every product: none outlives its test.
  await db.deleteFrom("discount_public_periods").execute();
  await db.deleteFrom("discounts").execute();
});

const T0 = Date.parse("2026-03-01T00:00:00.000Z");
/** Midnight UTC of day `n` (day 1 is T0). */
const day = (n: number) => new Date(T0 + (n - 1) * 86_400_000);

interface Change {
  day: number;
  price: number;
  regular?: number | null;
}

/** A product whose history is exactly `changes` (its row holds the last one). */
async function productWith(changes: Change[]): Promise<{ id: number; slug: string }> {
  const last = changes[changes.length - 1]!;
  const product = await makeProduct(db, { priceCents: last.price, image: false });
  await db
    .updateTable("products")
    .set({ regular_price_cents: last.regular ?? null })
    .where("id", "=", product.id)
    .execute();
  await db.deleteFrom("price_history").where("product_id", "=", product.id).execute();
  for (const change of changes) {
    await db
      .insertInto("price_history")
      .values({ product_id: product.id, price_cents: change.price, regular_price_cents: change.regular ?? null, changed_at: day(change.day).toISOString() })
      .execute();
  }
  return product;
}

interface CodeSpec {
  code?: string;
  type?: "percent" | "amount" | "shipping";
  value: number;
  from: number;
  to?: number | null;
  minSubtotalCents?: number | null;
  active?: boolean;
  uses?: number;
  maxUses?: number | null;
  codeEndsAt?: Date | null;
}

/** A public code and one period of it (its terms from day `from` to day `to`). */
async function publicCode(spec: CodeSpec) {
  const { id } = await db
    .insertInto("discounts")
    .values({
      code: spec.code ?? "SPRING",
      type: spec.type ?? "percent",
      value: spec.value,
      min_subtotal_cents: spec.minSubtotalCents ?? null,
      public: 1,
      active: spec.active === false ? 0 : 1,
      uses: spec.uses ?? 0,
      max_uses: spec.maxUses ?? null,
      ends_at: spec.codeEndsAt?.toISOString() ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("discount_public_periods")
    .values({
      discount_id: id,
      type: spec.type ?? "percent",
      value: spec.value,
      min_subtotal_cents: spec.minSubtotalCents ?? null,
      starts_at: day(spec.from).toISOString(),
      ends_at: spec.to ? day(spec.to).toISOString() : null,
    })
    .execute();
  return id;
}

async function reductionOf(id: number, now: Date, on: DB = db) {
  const row = await on
    .selectFrom("products")
    .select(["id", "price_cents as priceCents", "regular_price_cents as regularPriceCents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return (await readReductions(on, [row], now)).get(id) ?? null;
}

describe("the lowest price of the 30 days before a reduction", () => {
  it("a public code: $40 from day 1, $50 from day 10, −20% from day 20 → on day 25 $40, regular $50, lowest $40", async () => {
    const product = await productWith([
      { day: 1, price: 4000 },
      { day: 10, price: 5000 },
    ]);
    await publicCode({ value: 20, from: 20 });
    expect(await reductionOf(product.id, day(25))).toEqual({
      priceCents: 4000,
      regularPriceCents: 5000,
      lowestCents: 4000,
      percent: null,
      code: "SPRING",
      since: day(20).getTime(),
    });
    // Before the code began there was nothing to show.
    expect(await reductionOf(product.id, day(19))).toBeNull();
  });

  it("the owner's reduction $50 → $35 on day 20, with $40 from day 1 → lowest $40 and the badge from it", async () => {
    const product = await productWith([
      { day: 1, price: 4000 },
      { day: 10, price: 5000 },
      { day: 20, price: 3500, regular: 5000 },
    ]);
    expect(await reductionOf(product.id, day(25))).toEqual({
      priceCents: 3500,
      regularPriceCents: 5000,
      lowestCents: 4000,
      // 12.5 % off $40, rounded.
      percent: 13,
      code: null,
      since: day(20).getTime(),
    });
  });

  it("the owner's reduction deepened inside one run still counts from its first day", async () => {
    const product = await productWith([
      { day: 1, price: 5000 },
      { day: 20, price: 4000, regular: 5000 },
      { day: 22, price: 3500, regular: 5000 },
    ]);
    const reduction = await reductionOf(product.id, day(25));
    expect(reduction).toMatchObject({ priceCents: 3500, lowestCents: 5000, percent: 30, since: day(20).getTime() });
  });

  it("a reduction ended and begun again starts anew: the earlier reduced price is in the window", async () => {
    const product = await productWith([
      { day: 1, price: 5000 },
      { day: 20, price: 3000, regular: 5000 },
      { day: 25, price: 5000 },
      { day: 30, price: 4000, regular: 5000 },
    ]);
    expect(await reductionOf(product.id, day(31))).toMatchObject({ priceCents: 4000, lowestCents: 3000, percent: null, since: day(30).getTime() });
  });

  it("a product without a reduction has none", async () => {
    const product = await productWith([
      { day: 1, price: 4000 },
      { day: 10, price: 5000 },
    ]);
    expect(await reductionOf(product.id, day(25))).toBeNull();
    // A regular price at or below the price is no reduction either.
    await db.updateTable("products").set({ regular_price_cents: 5000 }).where("id", "=", product.id).execute();
    expect(await reductionOf(product.id, day(25))).toBeNull();
  });

  it("a code used up, deactivated or past its own end reduces nothing", async () => {
    const product = await productWith([{ day: 1, price: 5000 }]);
    const id = await publicCode({ value: 20, from: 20, maxUses: 5, uses: 5 });
    expect(await reductionOf(product.id, day(25))).toBeNull();
    await db.updateTable("discounts").set({ uses: 4 }).where("id", "=", id).execute();
    expect(await reductionOf(product.id, day(25))).toMatchObject({ priceCents: 4000, code: "SPRING" });
    await db.updateTable("discounts").set({ active: 0 }).where("id", "=", id).execute();
    expect(await reductionOf(product.id, day(25))).toBeNull();
    await db
      .updateTable("discounts")
      .set({ active: 1, ends_at: day(24).toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await reductionOf(product.id, day(25))).toBeNull();
    expect(await reductionOf(product.id, day(23))).not.toBeNull();
  });

  it("a code whose minimum is above the price reduces nothing; a free-shipping code neither", async () => {
    const product = await productWith([{ day: 1, price: 5000 }]);
    await publicCode({ value: 20, from: 20, minSubtotalCents: 5001 });
    await publicCode({ code: "FREESHIP", type: "shipping", value: 0, from: 20 });
    expect(await reductionOf(product.id, day(25))).toBeNull();
    const dearer = await productWith([{ day: 1, price: 6000 }]);
    expect(await reductionOf(dearer.id, day(25))).toMatchObject({ priceCents: 4800, code: "SPRING" });
  });

  it("prices older than the 30 days are ignored", async () => {
    const product = await productWith([
      { day: 1, price: 2000 },
      { day: 40, price: 5000 },
    ]);
    await publicCode({ value: 10, from: 80 });
    // [day 50, day 80): $50 throughout; the $20 of day 1 to 39 is out of the window.
    expect(await reductionOf(product.id, day(85))).toMatchObject({ priceCents: 4500, lowestCents: 5000, percent: 10 });
  });

  it("a price that ends inside the window counts from the window's start", async () => {
    const product = await productWith([
      { day: 1, price: 3000 },
      { day: 55, price: 5000 },
    ]);
    await publicCode({ value: 10, from: 80 });
    expect(await reductionOf(product.id, day(85))).toMatchObject({ priceCents: 4500, lowestCents: 3000, percent: null });
  });

  it("an earlier public code inside the window counts", async () => {
    const product = await productWith([{ day: 1, price: 5000 }]);
    await publicCode({ code: "EARLY", value: 30, from: 30, to: 35 });
    await publicCode({ code: "LATER", value: 10, from: 50 });
    expect(await reductionOf(product.id, day(55))).toMatchObject({ priceCents: 4500, lowestCents: 3500, percent: null, code: "LATER" });
    // One that ended more than 30 days before does not.
    await db.deleteFrom("discount_public_periods").where("starts_at", "=", day(50).toISOString()).execute();
    await publicCode({ code: "MUCHLATER", value: 10, from: 70 });
    expect(await reductionOf(product.id, day(75))).toMatchObject({ lowestCents: 5000, percent: 10, code: "MUCHLATER" });
  });

  it("the lower of the owner's reduction and a code is shown, with the owner's regular price struck", async () => {
    const product = await productWith([
      { day: 1, price: 5000 },
      { day: 10, price: 4000, regular: 5000 },
    ]);
    await publicCode({ value: 25, from: 20 });
    expect(await reductionOf(product.id, day(25))).toMatchObject({ priceCents: 3000, regularPriceCents: 5000, lowestCents: 4000, percent: 25, code: "SPRING" });
  });

  it("a history that begins inside the window is read as far as it goes; none before the reduction: the regular price", async () => {
    const young = await productWith([
      { day: 15, price: 4500 },
      { day: 18, price: 5000 },
    ]);
    await publicCode({ value: 20, from: 20 });
    expect(await reductionOf(young.id, day(25))).toMatchObject({ lowestCents: 4500 });
    const born = await productWith([{ day: 22, price: 3000, regular: 5000 }]);
    await db.deleteFrom("discount_public_periods").execute();
    expect(await reductionOf(born.id, day(25))).toMatchObject({
      priceCents: 3000,
      regularPriceCents: 5000,
      lowestCents: 5000,
      percent: 40,
      since: day(22).getTime(),
    });
  });
});

describe("product reads carry the reduction", () => {
  it("product JSON: the price the cart charges, the regular price, the lowest price and the reduction", async () => {
    const product = await productWith([
      { day: 1, price: 4000 },
      { day: 10, price: 5000 },
    ]);
    await publicCode({ value: 20, from: 20 });
    const read = await getProductById(db, product.id, day(25));
    expect(read).toMatchObject({
      price: "50.00",
      regularPrice: "50.00",
      lowestPrice30Days: "40.00",
      reduction: { price: "40.00", regularPrice: "50.00", lowestPrice30Days: "40.00", percent: null, code: "SPRING", since: day(20).toISOString() },
    });
    expect(await getProductById(db, product.id, day(19))).toMatchObject({ price: "50.00", regularPrice: null, lowestPrice30Days: null, reduction: null });
  });

  it("the cached reads follow a period's end and a code used up, without a stale answer", async () => {
    const product = await productWith([{ day: 1, price: 5000 }]);
    const id = await publicCode({ value: 20, from: 20, to: 30, maxUses: 3 });
    expect((await getProductBySlug(db, product.slug, "en", day(25)))?.reduction?.price).toBe("40.00");
    // Nothing written: the period ended between the two reads.
    expect((await getProductBySlug(db, product.slug, "en", day(31)))?.reduction).toBeNull();
    expect((await getProductBySlug(db, product.slug, "en", day(26)))?.reduction?.price).toBe("40.00");
    const page = async (now: Date) =>
      (await listProducts(db, { offset: 0, limit: 50 }, "pl", now)).products.find((p) => p.id === product.id)?.reduction ?? null;
    expect(await page(day(25))).not.toBeNull();
    await db.updateTable("discounts").set({ uses: 3 }).where("id", "=", id).execute();
    expect(await page(day(25))).toBeNull();
    expect((await getProductBySlug(db, product.slug, "en", day(25)))?.reduction).toBeNull();
  });

  it("reads the histories of a page's reduced products in one indexed query, and none when nothing is reduced", async () => {
    const file = copyTemplate(newDbFile("prior-plans"));
    const sqlite = new SQLite(file);
    const seen: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === "query") seen.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    try {
      const rows = [];
      for (let i = 0; i < 12; i++) {
        const made = await makeProduct(logged, { priceCents: 5000, image: false });
        if (i % 2 === 0) await logged.updateTable("products").set({ regular_price_cents: 6000 }).where("id", "=", made.id).execute();
        rows.push(
          await logged
            .selectFrom("products")
            .select(["id", "price_cents as priceCents", "regular_price_cents as regularPriceCents"])
            .where("id", "=", made.id)
            .executeTakeFirstOrThrow(),
        );
      }
      seen.length = 0;
      const found = await readReductions(logged, rows, new Date());
      expect(found.size).toBe(6);
      const histories = seen.filter((q) => /from "price_history"/.test(q.sql));
      expect(histories).toHaveLength(1);
      const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${histories[0]!.sql}`).all(...(histories[0]!.parameters as unknown[])) as { detail: string }[]).map(
        (r) => r.detail,
      );
      expect(plan.join("\n")).toMatch(/USING INDEX price_history_product/);
      expect(plan.join("\n")).not.toMatch(/SCAN price_history\b(?! USING)/);
      seen.length = 0;
      await readReductions(
        logged,
        rows.map((r) => ({ ...r, regularPriceCents: null })),
        new Date(),
      );
      expect(seen.filter((q) => /from "price_history"/.test(q.sql))).toHaveLength(0);
    } finally {
      await logged.destroy();
    }
  });
});
