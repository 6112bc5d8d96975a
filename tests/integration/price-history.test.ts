import { sql } from "kysely";
import { createTestDb } from "../helpers/db";
import { makeProduct } from "../helpers/kit/products";

/* Every price change is recorded, by the products table's triggers, whatever path writes it. */

const db = createTestDb();
afterAll(() => db.destroy());

const history = (productId: number) =>
  db.selectFrom("price_history").select(["price_cents as price", "regular_price_cents as regular"]).where("product_id", "=", productId).orderBy("id").execute();

describe("the prices' history", () => {
  it("records a product's first price when it is added", async () => {
    const product = await makeProduct(db, { priceCents: 4000 });
    expect(await history(product.id)).toEqual([{ price: 4000, regular: null }]);
  });

  it("records each change of the price or of the regular price, and nothing else", async () => {
    const product = await makeProduct(db, { priceCents: 4000 });
    await db.updateTable("products").set({ price_cents: 5000 }).where("id", "=", product.id).execute();
    await db.updateTable("products").set({ title: "Renamed", stock: 3 }).where("id", "=", product.id).execute();
    // Written again unchanged: no row.
    await db.updateTable("products").set({ price_cents: 5000 }).where("id", "=", product.id).execute();
    await db.updateTable("products").set({ price_cents: 3500, regular_price_cents: 5000 }).where("id", "=", product.id).execute();
    await db.updateTable("products").set({ regular_price_cents: null }).where("id", "=", product.id).execute();
    expect(await history(product.id)).toEqual([
      { price: 4000, regular: null },
      { price: 5000, regular: null },
      { price: 3500, regular: 5000 },
      { price: 3500, regular: null },
    ]);
  });

  it("dates a product's first price from when it was added", async () => {
    const product = await makeProduct(db, { priceCents: 1200 });
    await db.deleteFrom("price_history").where("product_id", "=", product.id).execute();
    await sql`INSERT INTO products (title, slug, price_cents, created_at) VALUES ('Old piece', ${`old-piece-${product.id}`}, 900, '2026-01-02T10:00:00.000Z')`.execute(
      db,
    );
    const old = await db.selectFrom("products").select("id").where("slug", "=", `old-piece-${product.id}`).executeTakeFirstOrThrow();
    const rows = await db.selectFrom("price_history").select(["price_cents", "changed_at"]).where("product_id", "=", old.id).execute();
    expect(rows).toEqual([{ price_cents: 900, changed_at: "2026-01-02T10:00:00.000Z" }]);
  });

  it("goes with its product", async () => {
    const product = await makeProduct(db, { priceCents: 4000 });
    await db.deleteFrom("products").where("id", "=", product.id).execute();
    expect(await history(product.id)).toEqual([]);
  });

  it("refuses a regular price of zero or less", async () => {
    const product = await makeProduct(db, { priceCents: 4000 });
    await expect(db.updateTable("products").set({ regular_price_cents: 0 }).where("id", "=", product.id).execute()).rejects.toThrow(/CHECK/);
  });
});
