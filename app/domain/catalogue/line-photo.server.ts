import { sql, type RawBuilder } from "kysely";

/**
 * The id of the photo shown beside a cart or order line: the line's colour's own photo first,
 * else the product's primary image. A correlated subquery on the line's product and colour
 * columns (e.g. "ci.product_id", "ci.color_id"); join product_images on it to read the photo's
 * URL and width from the one row.
 */
export function linePhotoId(productIdColumn: string, colorIdColumn: string): RawBuilder<number | null> {
  return sql`(select pi.id from product_images pi
    where pi.product_id = ${sql.ref(productIdColumn)}
    order by coalesce(pi.color_id = ${sql.ref(colorIdColumn)}, 0) desc, pi.is_primary desc, pi.sort_order, pi.id
    limit 1)`;
}
