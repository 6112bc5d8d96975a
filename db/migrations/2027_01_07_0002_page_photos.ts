import { type Kysely, sql } from "kysely";

/**
 * The photos the owner uploads for her pages (about, size guide…): files under
 * UPLOAD_DIR/pages/, shown in her Markdown as `![alt](/uploads/pages/<name>)`. The row keeps each
 * photo's size, so the rendered page reserves its space (width/height) and never jumps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("page_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("page_photos").ifExists().execute();
}
