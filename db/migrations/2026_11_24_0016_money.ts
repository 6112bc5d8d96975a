import { type Kysely, sql } from "kysely";

/**
 * Money after payment:
 * - refunds: every refund the shop asked PayPal for. A row is written (status REQUESTED) before
 *   PayPal is called, with the PayPal-Request-Id it uses, so a refund PayPal made is never lost
 *   when the shop's own write fails afterwards: the same request id is sent again and PayPal
 *   answers with the same refund. status: REQUESTED, then PayPal's (COMPLETED, PENDING, FAILED,
 *   CANCELLED) or REFUSED (PayPal said no; `failure_reason` holds PayPal's reason).
 *   kind: cancel, return, automatic (a capture the shop must not keep), external (made at PayPal).
 * - paypal_webhook_events: the ids of the webhook events already handled (a replay changes nothing).
 * - order_events: an order's money history as the owner reads it.
 * - orders.decline_reason, orders.delivered_at; order_items.returned_quantity (what came back to stock).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("capture_id", "text", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull().unique())
    .addColumn("paypal_refund_id", "text", (c) => c.unique())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("failure_reason", "text")
    /** JSON [{orderItemId, quantity}] a return puts back in stock once the refund is recorded. */
    .addColumn("restock", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("refunds_order").on("refunds").columns(["order_id", "id"]).execute();
  await db.schema.createIndex("refunds_status").on("refunds").columns(["status"]).execute();

  await db.schema
    .createTable("paypal_webhook_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("resource_id", "text")
    .addColumn("outcome", "text")
    .addColumn("received_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "id"]).execute();

  await db.schema.alterTable("orders").addColumn("decline_reason", "text").execute();
  await db.schema.alterTable("orders").addColumn("delivered_at", "text").execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("returned_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("returned_quantity").execute();
  await db.schema.alterTable("orders").dropColumn("delivered_at").execute();
  await db.schema.alterTable("orders").dropColumn("decline_reason").execute();
  await db.schema.dropTable("order_events").ifExists().execute();
  await db.schema.dropTable("paypal_webhook_events").ifExists().execute();
  await db.schema.dropTable("refunds").ifExists().execute();
}
