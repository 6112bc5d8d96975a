import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { getCategoryBySlug } from "~/domain/catalogue/categories.server";
import { listFavorites, toggleFavorite } from "~/domain/catalogue/favorites.server";
import { getProductBySlug, listLatestCollection, listProducts, listRelatedProducts } from "~/domain/catalogue/products.server";
import { exportAccountData } from "~/domain/privacy/export.server";
import { type Database } from "~/lib/db-schema";
import { makeCategory, makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { copyTemplate, newDbFile } from "../helpers/db";

// An index behind every lookup a page makes: no query of the storefront walks a whole child table.
const LOOKUP_TABLES = [
  "product_images",
  "product_categories",
  "cart_items",
  "favorites",
  "carts",
  "product_colors",
  "product_variations",
  "sessions",
  "users",
  "product_translations",
  "category_translations",
];

// Its own copy of the template, opened with a query log.
const file = copyTemplate(newDbFile("plans"));
const sqlite = new SQLite(file);
sqlite.pragma("foreign_keys = ON");
const seen: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => {
    if (event.level === "query" && /^\s*select/i.test(event.query.sql)) seen.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
afterAll(() => db.destroy());

function plan(sql: string, parameters: readonly unknown[]): string[] {
  return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(parameters as unknown[])) as { detail: string }[]).map((r) => r.detail);
}

it("storefront queries use indexes", async () => {
  const parent = await makeCategory(db, { name: "Scale" });
  const child = await makeCategory(db, { name: "Dresses", parentId: parent.id });
  const products = [];
  for (let i = 0; i < 30; i++)
    products.push(await makeProduct(db, { categoryIds: [parent.id, child.id], colors: i % 3 === 0 ? [{ colorId: 3, stock: 4 }] : [] }));
  const user = await makeUser(db);
  seen.length = 0;

  await listProducts(db, { offset: 0, limit: 12 });
  await listProducts(db, { categoryId: child.id, offset: 0, limit: 12 });
  await listProducts(db, { search: "lovely handmade", offset: 0, limit: 12 });
  await listLatestCollection(db, 4);
  await getCategoryBySlug(db, child.slug);
  const detail = await getProductBySlug(db, products[0]!.slug);
  await listRelatedProducts(db, detail!.id, child.id, 4);
  await addToCart(db, { cartKey: "k" }, { productId: products[1]!.id, quantity: 1 });
  await getCart(db, { cartKey: "k" });
  await toggleFavorite(db, user.id, products[2]!.id);
  await listFavorites(db, user.id);
  // The Polish pages' reads: the same, with the owner's Polish texts laid over them.
  await listProducts(db, { offset: 0, limit: 12 }, "pl");
  await listProducts(db, { search: "sukienka lniana", offset: 0, limit: 12 }, "pl");
  await listLatestCollection(db, 4, "pl");
  await getProductBySlug(db, products[3]!.slug, "pl");
  await listFavorites(db, user.id, "pl");

  expect(seen.length).toBeGreaterThan(15);
  const offenders: string[] = [];
  for (const q of seen) {
    for (const line of plan(q.sql, q.parameters)) {
      const scan = /^SCAN (\w+)/.exec(line);
      if (scan && LOOKUP_TABLES.includes(scan[1]!)) offenders.push(`${line}\n  in: ${q.sql}`);
    }
  }
  expect(offenders).toEqual([]);
});

// The data export reads an account's rows by its id: every table it reads is one the shop grows
// with every customer and e-mail, so none may be walked whole (the outbox by outbox_user_idx).
const ACCOUNT_TABLES = ["outbox", "known_signins", "back_in_stock_requests", "login_attempts", "order_events", "payment_attempts", "orders", "order_items"];

it("the data export reads the account's rows through indexes", async () => {
  const user = await makeUser(db);
  const product = await makeProduct(db);
  await makeOrder(db, { userId: user.id, email: user.email, lines: [{ productId: product.id }] });
  seen.length = 0;
  expect(await exportAccountData(db, user.id)).not.toBeNull();
  expect(seen.length).toBeGreaterThan(10);
  const offenders: string[] = [];
  for (const q of seen) {
    for (const line of plan(q.sql, q.parameters)) {
      const scan = /^SCAN (\w+)/.exec(line);
      if (scan && [...ACCOUNT_TABLES, ...LOOKUP_TABLES].includes(scan[1]!)) offenders.push(`${line}\n  in: ${q.sql}`);
    }
  }
  expect(offenders).toEqual([]);
});
