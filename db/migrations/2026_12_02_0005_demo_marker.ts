import { type Kysely, sql } from "kysely";

/**
 * demo_marker: at most one row, written only by the seed when it makes a demonstration shop
 * (docs/decisions/demo-marker.md). A database without it is a real shop's: the seed gives it no
 * built-in admin and the demo year refuses it.
 *
 * review_photos_image_url: a review photo is served only after a lookup of its URL (is its
 * review approved?), once per photo request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("demo_marker")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("seeded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("review_photos_image_url").on("review_photos").column("image_url").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("review_photos_image_url").execute();
  await db.schema.dropTable("demo_marker").execute();
}
