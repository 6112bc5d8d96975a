import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type DB } from "../../../app/lib/sqlite.server";

let n = 0;

const PALETTE: [number, string, string][] = [
  [1, "White", "#ffffff"],
  [2, "Black", "#111111"],
  [3, "Red", "#c0392b"],
  [4, "Blue", "#2e5fa8"],
  [5, "Green", "#3c7d4f"],
  [6, "Yellow", "#e8c547"],
  [7, "Pink", "#e8a0b4"],
  [8, "Purple", "#7b4fa0"],
  [9, "Orange", "#e07b39"],
  [10, "Brown", "#7a5230"],
  [11, "Grey", "#8c8c8c"],
  [12, "Navy", "#1f2d4d"],
];

const slugify = (text: string) => text.toLowerCase().replace(/\W+/g, "-");

/** A slug no other test worker makes at the same time: `${prefix}-<time>-<random>`. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
}

/** The twelve colours with fixed ids, for a database that has none (a migrated, unseeded one). */
export async function seedPalette(db: DB) {
  await db
    .insertInto("colors")
    .values(PALETTE.map(([id, name, hex]) => ({ id, name, hex })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface CategorySpec {
  name?: string;
  /** Derived from the name and a counter when left out. */
  slug?: string;
  parentId?: number | null;
  sortOrder?: number;
  /** The table's default (active) when left out. */
  isActive?: boolean;
  /** The stored count; the table's default when left out. A wrong one is for the recount's tests. */
  productCount?: number;
}

export async function makeCategory(db: DB, spec: CategorySpec = {}) {
  n++;
  const name = spec.name ?? `Category ${n}`;
  return db
    .insertInto("categories")
    .values({
      name,
      slug: spec.slug ?? `${slugify(name)}-${n}`,
      parent_id: spec.parentId ?? null,
      sort_order: spec.sortOrder ?? n,
      ...(spec.isActive === undefined ? {} : { is_active: spec.isActive ? 1 : 0 }),
      ...(spec.productCount === undefined ? {} : { product_count: spec.productCount }),
    })
    .returning(["id", "slug", "name"])
    .executeTakeFirstOrThrow();
}

export interface ImageSpec {
  url: string;
  isPrimary?: boolean;
  sortOrder?: number;
  colorId?: number | null;
  width?: number | null;
  height?: number | null;
}

export interface ProductSpec {
  title?: string;
  /** Derived from the title and a counter when left out; pass uniqueSlug() where test workers run side by side. */
  slug?: string;
  priceCents?: number;
  /** Stock of a plain product; a product with colours or variations counts theirs. */
  stock?: number;
  isLarge?: boolean;
  colors?: { colorId: number; stock: number }[];
  variations?: { name: string; stock: number }[];
  categoryIds?: number[];
  description?: string;
  /** One primary 800×1000 image when left out or true; none when false. */
  image?: boolean;
  /** These images instead of the default one. */
  images?: ImageSpec[];
  madeToOrder?: boolean;
  leadTimeDays?: number;
  isPersonalised?: boolean;
  madeToOrderCap?: number | null;
  /** Customs data (docs/shipping.md); left out: no weight, and the Settings' defaults for the rest. */
  weightGrams?: number | null;
  hsCode?: string | null;
  originCountry?: string | null;
  customsDescription?: string | null;
}

export interface MadeProduct {
  id: number;
  slug: string;
  title: string;
  /** The ids of its images, in the order given. */
  imageIds: number[];
}

/** Adds the palette only when a colour the product names is missing (a shop's own colours are left alone). */
async function ensureColors(db: DB, colorIds: number[]) {
  if (!colorIds.length) return;
  const found = await db.selectFrom("colors").select("id").where("id", "in", colorIds).execute();
  if (found.length < new Set(colorIds).size) await seedPalette(db);
}

/** Inserts a product the way the admin editor will: derived total stock, links and an image. */
export async function makeProduct(db: DB, spec: ProductSpec = {}): Promise<MadeProduct> {
  n++;
  const title = spec.title ?? `Test Product ${n}`;
  const colors = spec.colors ?? [];
  const variations = spec.variations ?? [];
  const plainStock = colors.length || variations.length ? 0 : (spec.stock ?? 10);
  const sum = (rows: { stock: number }[]) => rows.reduce((a, r) => a + r.stock, 0);
  const total = colors.length ? sum(colors) : variations.length ? sum(variations) : plainStock;
  await ensureColors(
    db,
    colors.map((c) => c.colorId),
  );
  const product = await db
    .insertInto("products")
    .values({
      title,
      slug: spec.slug ?? `${slugify(title)}-${n}`,
      description: spec.description ?? `A lovely handmade piece number ${n}.`,
      price_cents: spec.priceCents ?? 2400,
      stock: plainStock,
      total_stock: total,
      is_large: spec.isLarge ? 1 : 0,
      has_color_variations: colors.length ? 1 : 0,
      has_variations: variations.length ? 1 : 0,
      made_to_order: spec.madeToOrder ? 1 : 0,
      lead_time_days: spec.leadTimeDays ?? 0,
      is_personalised: spec.isPersonalised ? 1 : 0,
      made_to_order_cap: spec.madeToOrderCap ?? null,
      weight_grams: spec.weightGrams ?? null,
      hs_code: spec.hsCode ?? null,
      origin_country: spec.originCountry ?? null,
      customs_description: spec.customsDescription ?? null,
    })
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
  for (const c of colors) {
    await db.insertInto("product_colors").values({ product_id: product.id, color_id: c.colorId, stock: c.stock }).execute();
  }
  for (const [i, v] of variations.entries()) {
    await db
      .insertInto("product_variations")
      .values({ product_id: product.id, variation_code: String.fromCharCode(65 + i), variation_name: v.name, stock: v.stock })
      .execute();
  }
  for (const categoryId of spec.categoryIds ?? []) await addToCategory(db, product.id, categoryId);
  const images: ImageSpec[] =
    spec.images ?? (spec.image === false ? [] : [{ url: `/uploads/products/${product.slug}-1.jpg`, isPrimary: true, width: 800, height: 1000 }]);
  const imageIds: number[] = [];
  for (const image of images) {
    const row = await db
      .insertInto("product_images")
      .values({
        product_id: product.id,
        image_url: image.url,
        is_primary: image.isPrimary ? 1 : 0,
        ...(image.sortOrder === undefined ? {} : { sort_order: image.sortOrder }),
        color_id: image.colorId ?? null,
        width: image.width ?? null,
        height: image.height ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    imageIds.push(row.id);
  }
  return { ...product, imageIds };
}

export async function addToCategory(db: DB, productId: number, categoryId: number) {
  await db.insertInto("product_categories").values({ product_id: productId, category_id: categoryId }).execute();
}

/**
 * A category link to a product that does not exist, as an old import or a crash might have left
 * it: written with foreign keys off for this one statement. For the orphan clean-up's tests.
 */
export async function makeOrphanCategoryLink(db: DB, categoryId: number, missingProductId: number) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await addToCategory(db, missingProductId, categoryId);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Sets a plain product's stock (and its total). */
export async function setStock(db: DB, productId: number, stock: number) {
  await db.updateTable("products").set({ stock, total_stock: stock }).where("id", "=", productId).execute();
}
