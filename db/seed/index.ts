import path from "node:path";
import { type Kysely } from "kysely";
import { recalculateCategoryCounts } from "../../app/domain/catalogue/categories.server";
import { slugify } from "../../app/domain/catalogue/slug";
import { seedPolishTexts } from "./polish";
import { deriveTotalStock } from "../../app/domain/catalogue/stock";
import { seedDefaultPages } from "../../app/domain/pages/pages.server";
import { seedPolishPages } from "./pages-pl";
import type { Database } from "../../app/lib/db-schema";
import { CATEGORIES, CATEGORY_DESCRIPTIONS, COLORS, PRODUCTS, type ProductSeed, seedWeightGrams } from "./data";
import { migrateToLatest } from "../migrate";
import { writeDemoMarker } from "./demo-marker";
import { fnv1a, seededRandom } from "./random";

export { seededRandom };
import { IMAGE_HEIGHT, IMAGE_WIDTH, type ImageView, type ProductImageSpec, shapeFor, writeProductImage } from "./images";
import { seedAdmin } from "./admin";

export { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, resolveAdminEmail, resolveAdminPassword } from "./admin";
export * from "./bulk";

type DB = Kysely<Database>;

export interface SeedOptions {
  /** Root of uploaded files; images go to `${uploadDir}/products` and `${uploadDir}/products/thumbs`. */
  uploadDir: string;
  adminEmail: string;
  adminPassword: string;
  /**
   * This run makes or keeps a demonstration shop (isDemoSeed, demo-marker.ts): it writes the demo
   * marker, and may create the built-in admin. Without it the seed is a real shop's.
   */
  demo?: boolean;
  /** Contact address stored in the `store` setting; defaults to getEnv().SHOP_EMAIL. */
  shopEmail?: string;
  log?: (line: string) => void;
  /** Reference time for the staggered created_at values (default: now). */
  now?: Date;
}

export interface SeedSummary {
  categories: number;
  colors: number;
  products: number;
  images: number;
  adminEmail: string;
  /** What this run added or changed; all zero/false on a repeated run. */
  created: {
    colors: number;
    categories: number;
    categoryDescriptions: number;
    settings: number;
    /** The owner's texts given their first version: the pages (terms, privacy, about, size guide) in English and Polish, and the Polish home texts. */
    pages: number;
    products: number;
    imageRows: number;
    imageFiles: number;
    categoryCountsUpdated: number;
    adminUser: "created" | "unchanged";
  };
}

const PUBLIC_PRODUCTS_PATH = "/uploads/products";
const IMAGE_BATCH = 8;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Small helpers

function productSlug(p: ProductSeed): string {
  return p.slug ?? slugify(p.title);
}

function createdAtFor(p: ProductSeed, now: Date): string {
  const slug = productSlug(p);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const h = fnv1a(slug);
  const at = midnight - p.daysAgo * DAY_MS + (9 + (h % 8)) * 3_600_000 + ((h >>> 8) % 60) * 60_000;
  return new Date(Math.min(at, now.getTime() - 60_000)).toISOString();
}

interface StockNumbers {
  stock: number;
  hasColorVariations: boolean;
  hasVariations: boolean;
  colorStocks: number[];
  variationStocks: number[];
  total: number;
}

export function stockNumbers(p: ProductSeed): StockNumbers {
  const s = p.stock;
  const numbers = {
    stock: s.kind === "plain" ? s.stock : 0,
    hasColorVariations: s.kind === "colors",
    hasVariations: s.kind === "variations",
    colorStocks: s.kind === "colors" ? s.colors.map((c) => c.stock) : [],
    variationStocks: s.kind === "variations" ? s.variations.map((v) => v.stock) : [],
  };
  return { ...numbers, total: deriveTotalStock(numbers) };
}

const COLOR_BY_NAME = new Map(COLORS.map((c) => [c.name, c]));

interface DemoImage {
  slug: string;
  n: number;
  url: string;
  alt: string;
  file: string;
  thumb: string;
  spec: ProductImageSpec;
}

/** The photos of every demo product: URL, alt text, file paths and the picture to draw. */
export function demoImages(uploadDir: string): DemoImage[] {
  const childName = new Map(CATEGORIES.flatMap((c) => c.children.map((ch) => [ch.slug, ch.name] as const)));
  const out: DemoImage[] = [];
  for (const p of PRODUCTS) {
    const slug = productSlug(p);
    const count = p.images ?? 2;
    const shape = shapeFor(childName.get(p.category) ?? "", p.title);
    for (let n = 1; n <= count; n++) {
      let color = p.tint ?? "#D8C8B8";
      let view: ImageView = n === 1 ? "front" : n === 2 ? "detail" : "back";
      let alt = `${p.title}, ${view === "front" ? "front view" : view === "detail" ? "fabric detail" : "back view"}`;
      if (p.stock.kind === "colors") {
        const option = p.stock.colors[(n - 1) % p.stock.colors.length]!;
        color = COLOR_BY_NAME.get(option.color)?.hex ?? color;
        view = "front";
        alt = n === 1 ? `${p.title}, front view` : `${p.title} in ${option.color}, front view`;
      }
      const fileName = `${slug}-${n}.jpg`;
      out.push({
        slug,
        n,
        url: `${PUBLIC_PRODUCTS_PATH}/${fileName}`,
        alt,
        file: path.join(uploadDir, "products", fileName),
        thumb: path.join(uploadDir, "products", "thumbs", `thumb-${fileName}`),
        spec: { shape, color, pattern: p.pattern, view, title: p.title, seed: `${slug}-${n}` },
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Demo seed

async function seedColors(db: DB): Promise<number> {
  const result = await db
    .insertInto("colors")
    .values(COLORS.map((c) => ({ id: c.id, name: c.name, hex: c.hex })))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

async function seedCategories(db: DB): Promise<number> {
  let created = 0;
  const insert = async (row: { name: string; slug: string; parent_id: number | null; sort_order: number }) => {
    const result = await db
      .insertInto("categories")
      .values({ ...row, is_active: 1 })
      .onConflict((oc) => oc.column("slug").doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
    const found = await db.selectFrom("categories").select("id").where("slug", "=", row.slug).executeTakeFirstOrThrow();
    return found.id;
  };
  for (const top of CATEGORIES) {
    const parentId = await insert({ name: top.name, slug: top.slug, parent_id: null, sort_order: top.sortOrder });
    for (const child of top.children) {
      await insert({ name: child.name, slug: child.slug, parent_id: parentId, sort_order: child.sortOrder });
    }
  }
  return created;
}

async function seedCategoryDescriptions(db: DB): Promise<number> {
  const result = await db
    .insertInto("category_descriptions")
    .values(Object.entries(CATEGORY_DESCRIPTIONS).map(([category_name, description]) => ({ category_name, description })))
    .onConflict((oc) => oc.column("category_name").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The default settings rows (JSON values). Only inserted when missing, never overwritten. The
 * shipping zones are not settings: their migration makes them (db/migrations/2026_12_03_0001_shipping_zones.ts).
 */
export function defaultSettings(shopEmail: string): Record<string, unknown> {
  return {
    loyalty_config: {
      dollarsPerPoint: 1,
      minimumOrderForPoints: 0,
      discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 },
    },
    store: {
      name: "Little Stitches Atelier",
      email: shopEmail,
      description: "Handmade clothing and accessories for 1:4 and 1:6 collectible dolls",
    },
  };
}

async function seedSettings(db: DB, shopEmail: string): Promise<number> {
  const result = await db
    .insertInto("settings")
    .values(Object.entries(defaultSettings(shopEmail)).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

async function seedProducts(db: DB, uploadDir: string, now: Date): Promise<{ products: number; imageRows: number }> {
  const categories = await db.selectFrom("categories").select(["id", "slug", "parent_id"]).execute();
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const existing = new Set((await db.selectFrom("products").select("slug").where("slug", "in", PRODUCTS.map(productSlug)).execute()).map((r) => r.slug));
  const imagesBySlug = new Map<string, DemoImage[]>();
  for (const image of demoImages(uploadDir)) {
    imagesBySlug.set(image.slug, [...(imagesBySlug.get(image.slug) ?? []), image]);
  }

  // Oldest first, so newer products get higher ids.
  const ordered = PRODUCTS.map((p) => ({ p, slug: productSlug(p), createdAt: createdAtFor(p, now) })).sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );

  let products = 0;
  let imageRows = 0;
  for (const { p, slug, createdAt } of ordered) {
    if (existing.has(slug)) continue;
    const child = categoryBySlug.get(p.category);
    if (!child) throw new Error(`Seed data error: product "${p.title}" names unknown category "${p.category}"`);
    const stock = stockNumbers(p);
    const { id } = await db
      .insertInto("products")
      .values({
        title: p.title,
        slug,
        description: p.description,
        price_cents: p.priceCents,
        stock: stock.stock,
        total_stock: stock.total,
        is_large: p.isLarge ? 1 : 0,
        is_latest_collection: p.isLatest ? 1 : 0,
        has_color_variations: stock.hasColorVariations ? 1 : 0,
        has_variations: stock.hasVariations ? 1 : 0,
        // The SKU is left to the database's trigger ('LSA-00042').
        materials: p.materials ?? "",
        safety_notice: p.safetyNotice ?? null,
        weight_grams: seedWeightGrams(p),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    products++;

    if (p.stock.kind === "colors") {
      await db
        .insertInto("product_colors")
        .values(
          p.stock.colors.map((c) => {
            const color = COLOR_BY_NAME.get(c.color);
            if (!color) throw new Error(`Seed data error: unknown colour ${c.color}`);
            return { product_id: id, color_id: color.id, stock: c.stock };
          }),
        )
        .execute();
    }
    if (p.stock.kind === "variations") {
      await db
        .insertInto("product_variations")
        .values(
          p.stock.variations.map((v, i) => ({
            product_id: id,
            variation_code: String.fromCharCode(65 + i),
            variation_name: v.name,
            stock: v.stock,
          })),
        )
        .execute();
    }
    const links = [child.id, ...(child.parent_id !== null ? [child.parent_id] : [])];
    await db
      .insertInto("product_categories")
      .values(links.map((category_id) => ({ product_id: id, category_id })))
      .execute();

    const images = imagesBySlug.get(slug) ?? [];
    if (images.length > 0) {
      await db
        .insertInto("product_images")
        .values(
          images.map((img) => ({
            product_id: id,
            image_url: img.url,
            alt_text: img.alt,
            is_primary: img.n === 1 ? 1 : 0,
            sort_order: img.n - 1,
            width: IMAGE_WIDTH,
            height: IMAGE_HEIGHT,
          })),
        )
        .execute();
      imageRows += images.length;
    }
  }
  return { products, imageRows };
}

/** Renders missing product photos and thumbnails, 8 at a time. Returns the number of files written. */
export async function generateDemoImages(uploadDir: string, log: (line: string) => void = () => {}): Promise<number> {
  const images = demoImages(uploadDir);
  let written = 0;
  for (let i = 0; i < images.length; i += IMAGE_BATCH) {
    const batch = images.slice(i, i + IMAGE_BATCH);
    const counts = await Promise.all(batch.map((img) => writeProductImage(img.spec, img.file, img.thumb)));
    written += counts.reduce((a, b) => a + b, 0);
  }
  if (written > 0) log(`wrote ${written} image files to ${path.join(uploadDir, "products")}`);
  return written;
}

async function countRows(db: DB, table: "categories" | "colors" | "products" | "product_images"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many product image rows the shop has (the seed command's closing line). */
export async function countImageRows(db: DB): Promise<number> {
  const row = await db
    .selectFrom("product_images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Migrates, then seeds the demo boutique: palette, category tree and notes, settings,
 * the admin user, ~50 products with photos. Idempotent: a second run changes nothing.
 */
export async function seedDemo(db: DB, opts: SeedOptions): Promise<SeedSummary> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  await migrateToLatest(db, log);
  // The marker before the admin: a demo database is one from its first row on.
  if (opts.demo) await writeDemoMarker(db, now);
  // First, so a refusal (an address that belongs to a customer) changes nothing.
  const adminUser = await seedAdmin(db, opts.adminEmail, opts.adminPassword, opts.demo ?? false);

  let shopEmail = opts.shopEmail;
  if (!shopEmail) {
    const { getEnv } = await import("../../app/lib/env.server");
    shopEmail = getEnv().SHOP_EMAIL;
  }
  const email = shopEmail;

  const created = await db.transaction().execute(async (trx) => {
    const colors = await seedColors(trx);
    const categories = await seedCategories(trx);
    const categoryDescriptions = await seedCategoryDescriptions(trx);
    const settings = await seedSettings(trx, email);
    const pages = (await seedDefaultPages(trx)) + (await seedPolishPages(trx));
    const { products, imageRows } = await seedProducts(trx, opts.uploadDir, now);
    await seedPolishTexts(trx);
    const categoryCountsUpdated = await recalculateCategoryCounts(trx);
    return {
      colors,
      categories,
      categoryDescriptions,
      settings,
      pages,
      products,
      imageRows,
      categoryCountsUpdated,
    };
  });
  const imageFiles = await generateDemoImages(opts.uploadDir, log);

  const summary: SeedSummary = {
    categories: await countRows(db, "categories"),
    colors: await countRows(db, "colors"),
    products: await countRows(db, "products"),
    images: await countRows(db, "product_images"),
    adminEmail: opts.adminEmail.trim(),
    created: { ...created, imageFiles, adminUser },
  };
  log(
    `demo seed: +${created.products} products, +${created.imageRows} image rows, +${created.categories} categories, ` +
      `+${created.colors} colours, +${created.settings} settings, +${created.pages} pages, admin ${adminUser}`,
  );
  return summary;
}
