import { type Kysely, sql } from "kysely";

/**
 * What brings collectors back.
 *
 * - reviews: one per customer and product, from a shipped or delivered order; waits for the owner
 *   (pending → approved or hidden) and may carry her public reply. review_photos holds up to three
 *   re-encoded photos with their thumbnails.
 * - products.review_count and rating_sum: the approved reviews, kept by triggers so cards and
 *   listings show stars without a join.
 * - product_images.color_id: the colour a photo shows (null: every colour).
 * - products.made_to_order, lead_time_days, made_to_order_cap (open made-to-order pieces at once;
 *   null: no cap) and is_personalised (made to the buyer's own measurements or choices, so exempt
 *   from withdrawal); order_items keeps the same facts as they were when the order was placed, and
 *   orders.expected_ship_date (YYYY-MM-DD) the date the owner sorts by.
 * - orders.review_requested_at: the one review request e-mail was queued; users.review_mail_opt_out:
 *   the customer unsubscribed from them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reviews")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn("title", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status IN ('pending', 'approved', 'hidden')`),
    )
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("reply", "text")
    .addColumn("replied_at", "text")
    .addColumn("moderated_at", "text")
    .addColumn("client_ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addUniqueConstraint("reviews_one_per_product", ["product_id", "user_id"])
    .execute();
  await db.schema.createIndex("reviews_product_status").on("reviews").columns(["product_id", "status", "created_at"]).execute();
  await db.schema.createIndex("reviews_status_created").on("reviews").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("reviews_user").on("reviews").column("user_id").execute();

  await db.schema
    .createTable("review_photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("thumb_url", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("review_photos_review").on("review_photos").columns(["review_id", "sort_order"]).execute();

  await db.schema
    .alterTable("products")
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  const recount = (id: string) =>
    `UPDATE products SET
       review_count = (SELECT count(*) FROM reviews WHERE product_id = ${id} AND status = 'approved'),
       rating_sum = (SELECT coalesce(sum(rating), 0) FROM reviews WHERE product_id = ${id} AND status = 'approved')
     WHERE id = ${id};`;
  await sql.raw(`CREATE TRIGGER reviews_count_ai AFTER INSERT ON reviews BEGIN ${recount("new.product_id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER reviews_count_au AFTER UPDATE OF status, rating ON reviews BEGIN ${recount("new.product_id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER reviews_count_ad AFTER DELETE ON reviews BEGIN ${recount("old.product_id")} END`).execute(db);

  await db.schema
    .alterTable("product_images")
    .addColumn("color_id", "integer", (c) => c.references("colors.id").onDelete("set null"))
    .execute();

  await db.schema
    .alterTable("products")
    .addColumn("made_to_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("lead_time_days", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("products").addColumn("made_to_order_cap", "integer").execute();
  await db.schema
    .alterTable("products")
    .addColumn("is_personalised", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("made_to_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("order_items").addColumn("lead_time_days", "integer").execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("is_personalised", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("expected_ship_date", "text").execute();
  await db.schema.createIndex("orders_expected_ship_date").on("orders").column("expected_ship_date").execute();

  await db.schema.alterTable("orders").addColumn("review_requested_at", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("review_mail_opt_out", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("review_mail_opt_out").execute();
  await db.schema.alterTable("orders").dropColumn("review_requested_at").execute();
  await db.schema.dropIndex("orders_expected_ship_date").execute();
  await db.schema.alterTable("orders").dropColumn("expected_ship_date").execute();
  for (const column of ["is_personalised", "lead_time_days", "made_to_order"]) {
    await db.schema.alterTable("order_items").dropColumn(column).execute();
  }
  for (const column of ["is_personalised", "made_to_order_cap", "lead_time_days", "made_to_order"]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
  await db.schema.alterTable("product_images").dropColumn("color_id").execute();
  for (const name of ["reviews_count_ai", "reviews_count_au", "reviews_count_ad"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  }
  await db.schema.alterTable("products").dropColumn("rating_sum").execute();
  await db.schema.alterTable("products").dropColumn("review_count").execute();
  await db.schema.dropTable("review_photos").execute();
  await db.schema.dropTable("reviews").execute();
}
