import { type Kysely, sql } from "kysely";

/**
 * Indexes of the catalogue's sort and filters (docs/decisions/catalogue-filters.md):
 * - products_price: the price sorts (ascending and, walked backwards, descending) and the price range;
 * - products_rating: the rating sort, on the very expressions its ORDER BY names (unrated last);
 *   both carry total_stock and made_to_order, so the filters are checked without reading the row;
 * - product_colors_color: the products of a colour (the table's key starts with the product).
 * A sorted list walks its index and stops after a page, checking the category and the filters
 * per row by key, instead of sorting the whole category.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The filtered columns ride along, so a sorted, filtered page is read from the index alone.
  await db.schema.createIndex("products_price").on("products").columns(["price_cents", "id", "total_stock", "made_to_order"]).execute();
  await sql`CREATE INDEX products_rating ON products ((review_count = 0), (rating_sum * 1.0 / review_count) DESC, review_count DESC, id DESC, total_stock, made_to_order, price_cents)`.execute(
    db,
  );
  await db.schema.createIndex("product_colors_color").on("product_colors").columns(["color_id", "product_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("product_colors_color").ifExists().execute();
  await db.schema.dropIndex("products_rating").ifExists().execute();
  await db.schema.dropIndex("products_price").ifExists().execute();
}
