import { type Kysely, sql } from "kysely";

/**
 * The owner's own words, the EU consumer rules and the product-safety fields.
 *
 * - page_versions: every saved version of an owner-edited page; the newest row of a slug is the
 *   page as shown, older rows are kept so she can open and restore them.
 * - withdrawals: one per order (the consumer's right of withdrawal), with when it was received and
 *   when the owner handled it.
 * - products.sku (unique, filled by a trigger when left empty), materials and safety_notice (null:
 *   the store's default notice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("page_versions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("saved_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("saved_by_email", "text", (c) => c.notNull().defaultTo("system"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex("page_versions_slug").on("page_versions").columns(["slug", "id"]).execute();

  await db.schema
    .createTable("withdrawals")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("statement", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .addColumn("reminded_at", "text")
    .addColumn("client_ip", "text")
    .execute();
  await db.schema.createIndex("withdrawals_open").on("withdrawals").columns(["handled_at", "received_at"]).execute();

  await db.schema.alterTable("products").addColumn("sku", "text").execute();
  await db.schema
    .alterTable("products")
    .addColumn("materials", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("products").addColumn("safety_notice", "text").execute();
  await sql`UPDATE products SET sku = 'LSA-' || printf('%05d', id)`.execute(db);
  await db.schema.createIndex("products_sku").on("products").column("sku").unique().execute();
  // Any insert without a SKU (the editor's empty field, the seed, bulk imports) gets one from its
  // id; should a hand-set SKU already hold that form, a random suffix keeps it unique.
  await sql`CREATE TRIGGER products_sku_default AFTER INSERT ON products WHEN NEW.sku IS NULL OR trim(NEW.sku) = '' BEGIN
    UPDATE products SET sku = CASE
      WHEN EXISTS (SELECT 1 FROM products WHERE sku = 'LSA-' || printf('%05d', NEW.id))
        THEN 'LSA-' || printf('%05d', NEW.id) || '-' || lower(hex(randomblob(2)))
      ELSE 'LSA-' || printf('%05d', NEW.id) END
    WHERE id = NEW.id;
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_sku_default`.execute(db);
  await db.schema.dropIndex("products_sku").execute();
  await db.schema.alterTable("products").dropColumn("safety_notice").execute();
  await db.schema.alterTable("products").dropColumn("materials").execute();
  await db.schema.alterTable("products").dropColumn("sku").execute();
  await db.schema.dropTable("withdrawals").execute();
  await db.schema.dropTable("page_versions").execute();
}
