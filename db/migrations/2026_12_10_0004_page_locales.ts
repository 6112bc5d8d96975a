import { type Kysely, sql } from "kysely";

/**
 * The owner's pages in each of the shop's languages: every version of a page belongs to one
 * language, and each language keeps its own history. The versions saved so far are English.
 * The home texts need nothing here: each language has its own settings key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("page_versions")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema.dropIndex("page_versions_slug").ifExists().execute();
  await db.schema.createIndex("page_versions_slug_locale").on("page_versions").columns(["slug", "locale", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("page_versions_slug_locale").ifExists().execute();
  await sql`DELETE FROM page_versions WHERE locale <> 'en'`.execute(db);
  await db.schema.alterTable("page_versions").dropColumn("locale").execute();
  await db.schema.createIndex("page_versions_slug").on("page_versions").columns(["slug", "id"]).execute();
}
