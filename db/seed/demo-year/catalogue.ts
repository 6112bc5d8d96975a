import path from "node:path";
import { COLORS, PRODUCTS } from "../data";
import { demoImages } from "../index";
import { IMAGE_HEIGHT, IMAGE_WIDTH, type ProductImageSpec, shapeFor } from "../images";
import { DAY, type DemoContext } from "./context";
import { iso } from "./helpers";

export const COLOR_HEX = new Map(COLORS.map((c) => [c.id, c.hex]));
export const COLOR_NAME = new Map(COLORS.map((c) => [c.id, c.name]));

/** The seeded products, spread over the year: a shop with a year of orders had them longer than the seed says. */
export async function loadCatalogue(ctx: DemoContext): Promise<void> {
  const { db, now } = ctx;
  const productRows = await db
    .selectFrom("products as p")
    .leftJoin("product_categories as pc", "pc.product_id", "p.id")
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "pc.category_id").on("c.parent_id", "is not", null))
    .select(["p.id", "p.title", "p.slug", "p.price_cents", "p.is_large", "p.created_at", "c.name as category"])
    .where("p.slug", "not like", "bulk-%")
    .orderBy("p.id")
    .execute();
  const productColors = await db.selectFrom("product_colors").select(["product_id", "color_id"]).orderBy("color_id").execute();
  const productVariations = await db
    .selectFrom("product_variations")
    .select(["product_id", "variation_code", "variation_name"])
    .orderBy("variation_code")
    .execute();

  const seedPhotos = new Map(
    demoImages(ctx.uploadDir)
      .filter((i) => i.n === 1)
      .map((i) => [i.slug, i.spec]),
  );
  for (const row of productRows) {
    if (ctx.products.some((p) => p.id === row.id)) continue;
    const seed = PRODUCTS.find((p) => p.title === row.title);
    // The seed staggers products over ~120 days; a shop with a year of orders had them longer.
    const age = Math.max(0, now - Date.parse(row.created_at));
    const createdAt = now - Math.min(age * 2.8, 355 * DAY);
    ctx.productUpdates.push({ id: row.id, createdAt: iso(createdAt) });
    const hash = [...row.slug].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
    ctx.products.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      priceCents: row.price_cents,
      isLarge: row.is_large === 1,
      createdAt,
      madeToOrder: false,
      leadTimeDays: 0,
      personalised: false,
      colors: productColors.filter((c) => c.product_id === row.id).map((c) => c.color_id),
      variations: productVariations.filter((v) => v.product_id === row.id).map((v) => ({ code: v.variation_code, name: v.variation_name })),
      tint: seed?.tint ?? "#D8C8B8",
      // The same silhouette and fabric as the seed's own photos of the piece.
      shape: seedPhotos.get(row.slug)?.shape ?? shapeFor(row.category ?? "", row.title),
      pattern: seedPhotos.get(row.slug)?.pattern,
      // Cheaper pieces sell more often; the hash gives each piece its own appeal.
      popularity: (0.4 + (hash % 100) / 100) * (row.price_cents <= 2500 ? 1.6 : row.price_cents <= 4500 ? 1 : 0.55),
    });
  }
  if (ctx.products.length === 0) throw new Error("The demo year needs the seeded catalogue: run the seed first");
}

/** Queues a product photo to be drawn (skipped later when it exists) and returns its URL. */
export function queueProductPhoto(ctx: DemoContext, spec: ProductImageSpec, fileName: string): string {
  const productsDir = path.join(ctx.uploadDir, "products");
  ctx.files.productPhotos.push({ spec, file: path.join(productsDir, fileName), thumb: path.join(productsDir, "thumbs", `thumb-${fileName}`) });
  return `/uploads/products/${fileName}`;
}

/** A front photo in each of its colours for six pieces that come in two or more. */
export async function planColourPhotos(ctx: DemoContext): Promise<void> {
  const existingImages = await ctx.db.selectFrom("product_images").select(["product_id", "sort_order"]).execute();
  const colourful = ctx.products.filter((p) => p.colors.length >= 2).slice(0, 6);
  for (const p of colourful) {
    let sort = Math.max(-1, ...existingImages.filter((i) => i.product_id === p.id).map((i) => i.sort_order)) + 1;
    for (const colorId of p.colors) {
      for (const view of ["front"] as const) {
        const url = queueProductPhoto(
          ctx,
          { shape: p.shape, color: COLOR_HEX.get(colorId)!, pattern: p.pattern, view, title: p.title, seed: `${p.slug}-colour-${colorId}-${view}` },
          `${p.slug}-colour-${colorId}-${view}.jpg`,
        );
        ctx.rows.colourImages.push({
          product_id: p.id,
          image_url: url,
          alt_text: `${p.title} in ${COLOR_NAME.get(colorId)}, ${view} view`,
          is_primary: 0,
          sort_order: sort++,
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
          color_id: colorId,
        });
      }
    }
  }
}
