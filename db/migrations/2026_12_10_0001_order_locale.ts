import { type Kysely, sql } from "kysely";

/**
 * The language of the checkout that placed each order: every e-mail about the order is written
 * in it. The orders placed so far were placed in English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("locale", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(sql`locale IN ('en', 'pl')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("locale").execute();
}
