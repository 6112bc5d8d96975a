import { sql, type RawBuilder } from "kysely";

/**
 * One column of the photo shown beside a cart or order line: the line's colour's own photo
 * first, else the product's primary image. A correlated subquery on the line's product and
 * colour columns (e.g. "ci.product_id", "ci.color_id"), so the URL and the width always name
 * the same photo.
 */
export function linePhoto(column: "image_url", productIdColumn: string, colorIdColumn: string): RawBuilder<string | null>;
export function linePhoto(column: "width", productIdColumn: string, colorIdColumn: string): RawBuilder<number | null>;
export function linePhoto(column: "image_url" | "width", productIdColumn: string, colorIdColumn: string): RawBuilder<string | number | null> {
  return sql`(select pi.${sql.ref(column)} from product_images pi
    where pi.product_id = ${sql.ref(productIdColumn)}
    order by coalesce(pi.color_id = ${sql.ref(colorIdColumn)}, 0) desc, pi.is_primary desc, pi.sort_order, pi.id
    limit 1)`;
}
