import { type Kysely, sql } from "kysely";

/**
 * What an order really holds, so giving it back never gives back more than was taken:
 * - orders.points_taken: the loyalty points of the discount the order holds (taken when it is
 *   placed, given back once on expiry or cancellation);
 * - order_items.stock_taken: the units of the line taken out of stock (a capture that landed
 *   without stock for a line holds none of it);
 * - orders.reversed_from: the status an order had before PayPal reversed or disputed its payment
 *   ('payment_reversed'), so 'Mark resolved' can put it back.
 * Orders already holding stock or paid are taken to hold all of their lines and points.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("points_taken", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("reversed_from", "text").execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("stock_taken", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE order_items SET stock_taken = quantity - returned_quantity
    WHERE order_id IN (SELECT id FROM orders WHERE stock_reserved = 1)`.execute(db);
  await sql`UPDATE orders SET points_taken = loyalty_points_used
    WHERE user_id IS NOT NULL AND (stock_reserved = 1 OR status IN ('paid', 'processing', 'shipped', 'delivered', 'cancel_request'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("stock_taken").execute();
  await db.schema.alterTable("orders").dropColumn("reversed_from").execute();
  await db.schema.alterTable("orders").dropColumn("points_taken").execute();
}
