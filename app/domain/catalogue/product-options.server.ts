import { PRODUCT_TEXT, variationCode, withOnePrimary } from "~/domain/catalogue/product-texts";
import { type SaveInput } from "~/domain/catalogue/product-input.server";
import { DomainError } from "~/domain/common/errors";
import { type DB } from "~/lib/sqlite.server";

// A product save's options and photos: colours or variations, category links, and the image
// rows with their colour tags.

/** Replaces the product's colours, variations (codes A, B, C… by position) and category links. */
export async function writeOptions(trx: DB, productId: number, input: SaveInput, categories: number[]) {
  await trx.deleteFrom("product_colors").where("product_id", "=", productId).execute();
  await trx.deleteFrom("product_variations").where("product_id", "=", productId).execute();
  await trx.deleteFrom("product_categories").where("product_id", "=", productId).execute();
  const colors = input.colorVariations ?? [];
  const variations = colors.length ? [] : (input.productVariations ?? []);
  if (colors.length) {
    await trx
      .insertInto("product_colors")
      .values(
        colors.map((c) => ({
          product_id: productId,
          color_id: c.colorId,
          stock: c.stock,
        })),
      )
      .execute();
  }
  if (variations.length) {
    await trx
      .insertInto("product_variations")
      .values(
        variations.map((v, i) => ({
          product_id: productId,
          variation_code: variationCode(i),
          variation_name: v.variationName,
          stock: v.stock,
        })),
      )
      .execute();
  }
  if (categories.length) {
    await trx
      .insertInto("product_categories")
      .values(
        categories.map((categoryId) => ({
          product_id: productId,
          category_id: categoryId,
        })),
      )
      .execute();
  }
}

/** `colorId` undefined keeps a stored image's colour (a new one then shows every colour). */
export type PlannedImage =
  { kind: "existing"; id: number; isPrimary: boolean; colorId?: number | null } | { kind: "new"; id: string; isPrimary: boolean; colorId?: number | null };
export type Finalized = {
  id: string;
  imageUrl: string;
  width: number;
  height: number;
}[];

/** Writes the image rows in order (stored ones updated, finalized uploads inserted), exactly one primary. */
export async function writeImages(trx: DB, productId: number, planned: PlannedImage[], finalized: Finalized) {
  for (const [index, image] of withOnePrimary(planned).entries()) {
    if (image.kind === "existing") {
      await trx
        .updateTable("product_images")
        .set({ is_primary: image.isPrimary ? 1 : 0, sort_order: index, ...(image.colorId !== undefined ? { color_id: image.colorId } : {}) })
        .where("id", "=", image.id)
        .where("product_id", "=", productId)
        .execute();
      continue;
    }
    const done = finalized.find((f) => f.id === image.id);
    if (!done) throw new DomainError(PRODUCT_TEXT.imageUnknown, 400, "images");
    await trx
      .insertInto("product_images")
      .values({
        product_id: productId,
        image_url: done.imageUrl,
        is_primary: image.isPrimary ? 1 : 0,
        sort_order: index,
        color_id: image.colorId ?? null,
        width: done.width,
        height: done.height,
      })
      .execute();
  }
  // A colour taken off the product leaves its photos to every colour.
  await trx
    .updateTable("product_images")
    .set({ color_id: null })
    .where("product_id", "=", productId)
    .where("color_id", "is not", null)
    .where("color_id", "not in", (eb) => eb.selectFrom("product_colors").select("color_id").where("product_id", "=", productId))
    .execute();
}
