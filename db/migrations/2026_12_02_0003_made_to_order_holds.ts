import { type Kysely, sql } from "kysely";

/**
 * made_to_order_holds: how long an unpaid order holds its made-to-order places
 * (docs/decisions/made-to-order-places.md). One row per order with made-to-order lines:
 * `held_until` (counted from the first placement, never moved later), the client address that
 * placed it (for the per-address limit; the row goes a day after its hold ends) and `ended_at`
 * (when its time ran out or the owner released it). Unpaid orders placed before this migration
 * get a row that ended 30 minutes after they were placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("made_to_order_holds")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("held_until", "text", (c) => c.notNull())
    .addColumn("client_ip", "text")
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("made_to_order_holds_until").on("made_to_order_holds").column("held_until").execute();
  await db.schema.createIndex("made_to_order_holds_client_ip").on("made_to_order_holds").columns(["client_ip", "held_until"]).execute();
  await sql`
    insert into made_to_order_holds (order_id, held_until, ended_at)
    select o.id, strftime('%Y-%m-%dT%H:%M:%fZ', o.created_at, '+30 minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', o.created_at, '+30 minutes')
    from orders o
    where o.status = 'unpaid' and exists (select 1 from order_items oi where oi.order_id = o.id and oi.made_to_order = 1)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("made_to_order_holds").ifExists().execute();
}
