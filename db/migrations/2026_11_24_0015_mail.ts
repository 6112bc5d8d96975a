import { type Kysely, sql } from "kysely";

/**
 * E-mail: the transactional outbox, password reset tokens and back-in-stock requests.
 *
 * outbox: one row per message, written in the same transaction as the change that causes it;
 * event_key is unique, so one event never queues two messages. The sender claims rows with a
 * conditional UPDATE (locked_until, locked_by) and marks them sent with the SMTP answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("locked_until", "text")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("subject", "text")
    .addColumn("smtp_response", "text")
    .addColumn("message_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("password_reset_tokens_user_idx").on("password_reset_tokens").column("user_id").execute();

  // color_id 0 and variation_code '' stand for "the product as a whole", so the unique index
  // below holds one open request per address and item.
  await db.schema
    .createTable("back_in_stock_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("variation_code", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("closed_at", "text")
    .addColumn("closed_reason", "text")
    .execute();
  await sql`create unique index back_in_stock_open_idx on back_in_stock_requests (email, product_id, color_id, variation_code) where closed_at is null`.execute(
    db,
  );
  await sql`create index back_in_stock_product_idx on back_in_stock_requests (product_id) where closed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("back_in_stock_requests").ifExists().execute();
  await db.schema.dropTable("password_reset_tokens").ifExists().execute();
  await db.schema.dropTable("outbox").ifExists().execute();
}
