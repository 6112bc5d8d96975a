import { type Kysely, sql } from "kysely";

/**
 * Every PayPal order the shop created for one of its orders, so a payment that PayPal
 * completed but the shop failed to record can be found again and finished. orders.paypal_order_id
 * is set only when an order is paid; this table remembers the attempts before that.
 * status: the last PayPal status seen (CREATED, APPROVED, ...), CAPTURING while the shop holds the
 * order's stock for a capture, COMPLETED once recorded, FAILED when a capture was refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("paypal_order_id", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("payment_attempts_order").on("payment_attempts").columns(["order_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_attempts").ifExists().execute();
}
