import { type Kysely, sql } from "kysely";

/**
 * The language each queued e-mail is written in, decided when it is queued (the order's, or the
 * page's that asked); and the language of a back-in-stock request, whose notice is queued later
 * by a stock edit that knows nothing of the page it was asked on. Everything so far was English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["outbox", "back_in_stock_requests"]) {
    await db.schema
      .alterTable(table)
      .addColumn("locale", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(sql`locale IN ('en', 'pl')`),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["outbox", "back_in_stock_requests"]) await db.schema.alterTable(table).dropColumn("locale").execute();
}
