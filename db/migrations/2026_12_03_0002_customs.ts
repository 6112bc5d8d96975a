import { type Kysely } from "kysely";

/**
 * Customs data on products and gift orders (docs/shipping.md, docs/decisions/customs-data.md).
 *
 * - products.weight_grams: the piece's net weight; null: not recorded yet (the packing slip says
 *   so). No default: a made-up weight on a customs declaration would be worse than none.
 * - products.hs_code, origin_country, customs_description: the product's own values; null: the
 *   Settings' defaults (the customs key), so a change there reaches every product without its own.
 * - orders.is_gift: the buyer asked for no prices on the packing slip.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").addColumn("weight_grams", "integer").execute();
  await db.schema.alterTable("products").addColumn("hs_code", "text").execute();
  await db.schema.alterTable("products").addColumn("origin_country", "text").execute();
  await db.schema.alterTable("products").addColumn("customs_description", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("is_gift", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("is_gift").execute();
  await db.schema.alterTable("products").dropColumn("customs_description").execute();
  await db.schema.alterTable("products").dropColumn("origin_country").execute();
  await db.schema.alterTable("products").dropColumn("hs_code").execute();
  await db.schema.alterTable("products").dropColumn("weight_grams").execute();
}
