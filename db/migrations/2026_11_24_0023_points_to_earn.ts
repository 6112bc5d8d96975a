import { type Kysely } from "kysely";

/**
 * orders.points_to_earn: the loyalty points an order earns once paid, worked out by the rules in
 * force when it was placed (or placed again), so a change of the rules in Settings leaves orders
 * already placed with their figures. Null for orders placed before this column: those earn by
 * the rules at payment, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("points_to_earn", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("points_to_earn").execute();
}
