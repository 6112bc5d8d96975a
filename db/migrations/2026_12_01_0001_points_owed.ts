import { type Kysely } from "kysely";

/**
 * orders.points_owed: loyalty points the order earned and could not take back when it was
 * cancelled or refunded, because the customer had spent them; taken from the next points that
 * come back to her (docs/decisions/points-settlement.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("points_owed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("points_owed").execute();
}
