import { type Kysely, sql } from "kysely";

/**
 * Discount codes and the prices' history (docs/discounts.md).
 *
 * - discounts: the owner's codes. `value` is whole percent points for 'percent', cents for
 *   'amount', unused (0) for 'shipping'. `uses` counts the orders that hold the code now: placing
 *   an order adds one, an unpaid order that expires or is cancelled gives it back.
 * - discount_uses: which order holds which code, for which e-mail, and the code's type then (a
 *   refund shares an items code over the lines, a free-shipping one not, whatever the code
 *   became since); `released_at` once given back.
 *   `once_key` is the e-mail when the code is once per e-mail, so the unique index refuses a
 *   second live use of it by the same address even if a check above were ever skipped.
 * - discount_public_periods: the terms a public, active code offered to everyone, and from when to
 *   when: the prior-price rule reads the reductions of the past from them.
 * - products.regular_price_cents: the owner's own reduction. `price_cents` stays what the buyer
 *   pays; while this is set (and above it) the piece is shown as reduced from it.
 * - price_history: one row per change of a product's price or regular price, written by
 *   triggers so every path that writes a product (forms, the API, the seed, scripts) records it.
 *   Variations share their product's price, so a product's rows cover them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("discounts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("code", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(code) BETWEEN 4 AND 20 AND code NOT GLOB '*[^A-Z0-9]*'`),
    )
    .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('percent', 'amount', 'shipping')`))
    .addColumn("value", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`value >= 0`),
    )
    .addColumn("min_subtotal_cents", "integer", (c) => c.check(sql`min_subtotal_cents IS NULL OR min_subtotal_cents >= 0`))
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .addColumn("max_uses", "integer", (c) => c.check(sql`max_uses IS NULL OR max_uses > 0`))
    .addColumn("uses", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0`),
    )
    .addColumn("once_per_email", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`once_per_email IN (0, 1)`),
    )
    .addColumn("public", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`public IN (0, 1)`),
    )
    .addColumn("active", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`active IN (0, 1)`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("discount_uses")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("discount_id", "integer", (c) => c.notNull().references("discounts.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('percent', 'amount', 'shipping')`))
    .addColumn("once_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("released_at", "text")
    .execute();
  await sql`CREATE UNIQUE INDEX discount_uses_once ON discount_uses (discount_id, once_key) WHERE released_at IS NULL AND once_key IS NOT NULL`.execute(db);
  await db.schema.createIndex("discount_uses_discount").on("discount_uses").columns(["discount_id", "email"]).execute();

  await db.schema
    .createTable("discount_public_periods")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("discount_id", "integer", (c) => c.notNull().references("discounts.id"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('percent', 'amount', 'shipping')`))
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("min_subtotal_cents", "integer")
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .execute();
  await db.schema.createIndex("discount_public_periods_time").on("discount_public_periods").columns(["starts_at", "ends_at"]).execute();

  await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount_cents", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_cents >= 0`),
    )
    .execute();

  await db.schema
    .alterTable("products")
    .addColumn("regular_price_cents", "integer", (c) => c.check(sql`regular_price_cents IS NULL OR regular_price_cents > 0`))
    .execute();

  await db.schema
    .createTable("price_history")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("regular_price_cents", "integer")
    .addColumn("changed_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("price_history_product").on("price_history").columns(["product_id", "changed_at"]).execute();
  // The products there are now: their first prices, from when they were added.
  await sql`INSERT INTO price_history (product_id, price_cents, regular_price_cents, changed_at)
            SELECT id, price_cents, regular_price_cents, created_at FROM products`.execute(db);
  // A product's first price counts from when it was added (the demo year adds them in the past).
  await sql`CREATE TRIGGER price_history_insert AFTER INSERT ON products BEGIN
              INSERT INTO price_history (product_id, price_cents, regular_price_cents, changed_at)
              VALUES (NEW.id, NEW.price_cents, NEW.regular_price_cents, coalesce(NEW.created_at, ${now}));
            END`.execute(db);
  await sql`CREATE TRIGGER price_history_update AFTER UPDATE OF price_cents, regular_price_cents ON products
            WHEN NEW.price_cents IS NOT OLD.price_cents OR NEW.regular_price_cents IS NOT OLD.regular_price_cents BEGIN
              INSERT INTO price_history (product_id, price_cents, regular_price_cents, changed_at)
              VALUES (NEW.id, NEW.price_cents, NEW.regular_price_cents, ${now});
            END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS price_history_update`.execute(db);
  await sql`DROP TRIGGER IF EXISTS price_history_insert`.execute(db);
  await db.schema.dropTable("price_history").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("regular_price_cents").execute();
  await db.schema.alterTable("orders").dropColumn("discount_cents").execute();
  await db.schema.alterTable("orders").dropColumn("discount_code").execute();
  await db.schema.dropTable("discount_public_periods").ifExists().execute();
  await db.schema.dropTable("discount_uses").ifExists().execute();
  await db.schema.dropTable("discounts").ifExists().execute();
}
