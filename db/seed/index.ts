import path from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../../app/domain/auth/password.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../app/domain/auth/password-policy.server";
import { PASSWORD_MIN } from "../../app/domain/auth/schemas";
import { RECALCULATE_CATEGORY_COUNTS_SQL, recalculateCategoryCounts } from "../../app/domain/catalogue/categories.server";
import { slugify } from "../../app/domain/catalogue/slug";
import { seedPolishTexts } from "./polish";
import { deriveTotalStock } from "../../app/domain/catalogue/stock";
import { seedDefaultPages } from "../../app/domain/pages/pages.server";
import { seedPolishPages } from "./pages-pl";
import type { Database } from "../../app/lib/db-schema";
import {
  BULK_CARE,
  BULK_COLOUR_WORDS,
  BULK_DETAILS,
  BULK_FITS,
  BULK_KINDS,
  BULK_OPENERS,
  BULK_STYLE_WORDS,
  CATEGORIES,
  CATEGORY_DESCRIPTIONS,
  COLORS,
  PRODUCTS,
  type ProductSeed,
  seedWeightGrams,
} from "./data";
import { migrateToLatest } from "../migrate";
import { NOT_A_DEMO_MESSAGE, writeDemoMarker } from "./demo-marker";
import { fnv1a, seededRandom } from "./random";

export { seededRandom };
import { IMAGE_HEIGHT, IMAGE_WIDTH, type ImageView, type ProductImageSpec, shapeFor, writeProductImage } from "./images";

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

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

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

/** The built-in admin of demonstration and development shops (README). */
export const DEMO_ADMIN_PASSWORD = "admin12345";
export const DEMO_ADMIN_EMAIL = "admin@example.com";

/** The environment the admin comes from (ADMIN_EMAIL, ADMIN_PASSWORD). */
type SeedEnv = Readonly<Record<string, string | undefined>>;

/**
 * The password for the admin the seed creates. A real shop's (any database but a demo one,
 * isDemoSeed in demo-marker.ts) must be given and must not be the demo's (it is in the README
 * for anyone to read); throws naming ADMIN_PASSWORD otherwise.
 */
export function resolveAdminPassword(env: SeedEnv, demo: boolean): string {
  const given = env.ADMIN_PASSWORD?.trim() ? env.ADMIN_PASSWORD : undefined;
  if (!demo) {
    if (!given) throw new Error(`ADMIN_PASSWORD must be set for a real shop: ${BUILT_IN_ADMIN_ONLY_IN_A_DEMO}.`);
    if (given.trim() === DEMO_ADMIN_PASSWORD) throw new Error(`ADMIN_PASSWORD is the demo password (${DEMO_ADMIN_PASSWORD}): choose your own for a real shop.`);
  }
  return given ?? DEMO_ADMIN_PASSWORD;
}

/**
 * The address of the admin the seed creates. A real shop's must be given and must not be the
 * demo's admin@example.com (nobody there reads the shop's mail); throws naming ADMIN_EMAIL otherwise.
 */
export function resolveAdminEmail(env: SeedEnv, demo: boolean): string {
  const given = env.ADMIN_EMAIL?.trim() || undefined;
  if (!demo && (!given || given.toLowerCase() === DEMO_ADMIN_EMAIL)) {
    throw new Error(
      `ADMIN_EMAIL must be set to the owner's own address for a real shop (${DEMO_ADMIN_EMAIL} is the demo's): ${BUILT_IN_ADMIN_ONLY_IN_A_DEMO}.`,
    );
  }
  return given ?? DEMO_ADMIN_EMAIL;
}

const BUILT_IN_ADMIN_ONLY_IN_A_DEMO = "the built-in admin is only for a demo database, a new one seeded with DEMO=1";

function assertAdminPasswordAllowed(password: string): void {
  if (!password || password.length < PASSWORD_MIN) throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters`);
  if (isCommonPassword(password)) throw new Error(`ADMIN_PASSWORD is too common: ${COMMON_PASSWORD_MESSAGE}`);
}

async function findUserByEmail(db: DB, address: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "is_admin", "email_verified_at"])
    .where(sql<boolean>`email = ${address} COLLATE NOCASE`)
    .executeTakeFirst();
}

/**
 * Creates the admin account, or leaves an existing admin as it is. Never promotes: when the
 * address belongs to a customer it throws, naming the account and the explicit command.
 */
async function seedAdmin(db: DB, email: string, password: string, demo: boolean): Promise<"created" | "unchanged"> {
  const address = email.trim();
  if (!address) throw new Error("ADMIN_EMAIL is empty");
  const existing = await findUserByEmail(db, address);
  if (existing) {
    if (existing.is_admin === 1) return "unchanged";
    throw new Error(
      `ADMIN_EMAIL ${existing.email} belongs to an existing customer account, and the seed never promotes an account. ` +
        `Choose another ADMIN_EMAIL, or make this account an admin on purpose with: npm run db:promote -- ${existing.email}`,
    );
  }
  // Whoever calls: the README's admin never goes into a real shop's database.
  if (!demo && (address.toLowerCase() === DEMO_ADMIN_EMAIL || password.trim() === DEMO_ADMIN_PASSWORD)) {
    throw new Error(`The built-in admin (${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}) goes only into a demo database; ${NOT_A_DEMO_MESSAGE}`);
  }
  assertAdminPasswordAllowed(password);
  await db
    .insertInto("users")
    .values({
      email: address.toLowerCase(),
      password_hash: await hashPassword(password),
      first_name: "Shop",
      last_name: "Owner",
      is_admin: 1,
      email_verified_at: new Date().toISOString(),
    })
    .execute();
  return "created";
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

// ---------------------------------------------------------------------------------------------
// Bulk catalogue (--products N)

export interface BulkOptions {
  /** The SQLite file behind `db`; found with PRAGMA database_list when omitted. */
  databasePath?: string;
  log?: (line: string) => void;
  /** Called with (processed, target) as generation advances. */
  onProgress?: (done: number, total: number) => void;
  /** Rows per transaction (default 5000). */
  chunkSize?: number;
}

export interface BulkSummary {
  target: number;
  inserted: number;
  skipped: number;
  totalProducts: number;
  elapsedMs: number;
}

interface BulkCategory {
  id: number;
  parentId: number;
  name: string;
  scale: "1:4" | "1:6" | "any";
}

interface BulkProduct {
  slug: string;
  title: string;
  description: string;
  priceCents: number;
  stock: number;
  isLarge: boolean;
  category: BulkCategory;
}

const BULK_EPOCH = Date.UTC(2023, 0, 1, 9, 0, 0);
const BULK_STEP_MS = 3 * 60_000;

function lower(word: string): string {
  return word.toLowerCase();
}

/** Generated product number i (1-based); deterministic for a given category list. */
export function bulkProduct(i: number, categories: readonly BulkCategory[]): BulkProduct {
  const rnd = seededRandom(Math.imul(i, 2654435761) ^ 0x5eed);
  const category = categories[Math.floor(rnd() * categories.length)]!;
  const kind = BULK_KINDS[category.name] ?? BULK_KINDS.Dresses!;
  const colour = pick(rnd, BULK_COLOUR_WORDS);
  const style = rnd() < 0.45 ? pick(rnd, BULK_STYLE_WORDS) : null;
  const fabric = pick(rnd, kind.fabrics);
  const garment = pick(rnd, kind.garments);
  const title = [colour, style, fabric, garment].filter(Boolean).join(" ");

  const opener = pick(rnd, BULK_OPENERS)
    .replace("{fabric}", `${lower(colour)} ${lower(fabric)}`)
    .replace("{garment}", lower(garment))
    .replace("{style}", lower(style ?? pick(rnd, BULK_STYLE_WORDS)));
  const first = pick(rnd, BULK_DETAILS);
  let second = pick(rnd, BULK_DETAILS);
  if (second === first) second = BULK_DETAILS[(BULK_DETAILS.indexOf(first) + 1) % BULK_DETAILS.length]!;
  const description = [
    opener.charAt(0).toUpperCase() + opener.slice(1),
    `Details include ${first} and ${second}.`,
    pick(rnd, BULK_FITS[category.scale]),
    pick(rnd, BULK_CARE),
  ].join(" ");

  const [lo, hi] = kind.priceRange;
  const priceCents = lo + Math.floor((rnd() * (hi - lo)) / 50) * 50;
  const r = rnd();
  const stock = r < 0.07 ? 0 : r < 0.2 ? 1 + Math.floor(rnd() * 4) : 5 + Math.floor(rnd() * 26);
  const isLarge = /Trunk|Hatbox|Suitcase/.test(garment);
  return { slug: `bulk-${i}-${slugify(title)}`, title, description, priceCents, stock, isLarge, category };
}

async function databaseFile(db: DB, given?: string): Promise<string> {
  if (given) return given;
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  const file = rows.find((r) => r.name === "main")?.file;
  if (!file) throw new Error("seedBulk needs a file-backed database (pass databasePath)");
  return file;
}

/**
 * Adds generated products `bulk-<i>-<title>` for i = 1..count that do not exist yet, with
 * child+parent category links and one image row reusing a demo photo of the same kind.
 * Uses raw prepared statements, one transaction per chunk; refreshes category counts at the end.
 */
export async function seedBulk(db: DB, count: number, opts: BulkOptions = {}): Promise<BulkSummary> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`--products must be a non-negative integer (got ${count})`);
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const chunkSize = Math.max(1, opts.chunkSize ?? 5000);
  const file = await databaseFile(db, opts.databasePath);

  const raw = new SQLite(file);
  try {
    raw.pragma("journal_mode = WAL");
    raw.pragma("foreign_keys = ON");
    raw.pragma("busy_timeout = 5000");
    raw.pragma("synchronous = NORMAL");

    const rows = raw
      .prepare(
        `SELECT c.id, c.name, c.parent_id AS parentId, p.slug AS parentSlug
         FROM categories c JOIN categories p ON p.id = c.parent_id
         WHERE c.is_active = 1 ORDER BY p.sort_order, p.id, c.sort_order, c.id`,
      )
      .all() as Array<{ id: number; name: string; parentId: number; parentSlug: string }>;
    if (rows.length === 0) throw new Error("No categories found: run the demo seed before --products");
    const categories: BulkCategory[] = rows.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      name: r.name,
      scale: r.parentSlug === "1-4-scale" ? "1:4" : r.parentSlug === "1-6-scale" ? "1:6" : "any",
    }));

    const imageRows = raw
      .prepare(
        `SELECT pi.image_url AS url, pi.width, pi.height, c.name AS category
         FROM product_images pi
         JOIN products p ON p.id = pi.product_id
         JOIN product_categories pc ON pc.product_id = p.id
         JOIN categories c ON c.id = pc.category_id AND c.parent_id IS NOT NULL
         WHERE p.slug NOT LIKE 'bulk-%'
         ORDER BY p.id, pi.sort_order`,
      )
      .all() as Array<{ url: string; width: number | null; height: number | null; category: string }>;
    const pools = new Map<string, typeof imageRows>();
    for (const row of imageRows) pools.set(row.category, [...(pools.get(row.category) ?? []), row]);

    const done = new Set<number>();
    for (const row of raw.prepare(`SELECT slug FROM products WHERE slug LIKE 'bulk-%'`).pluck().iterate() as Iterable<string>) {
      const m = /^bulk-(\d+)-/.exec(row);
      if (m) done.add(Number(m[1]));
    }
    const oldestDemo = raw.prepare(`SELECT min(created_at) FROM products WHERE slug NOT LIKE 'bulk-%'`).pluck().get() as string | null;
    const latestBulkTime = (oldestDemo ? Date.parse(oldestDemo) : Date.now()) - DAY_MS;

    const insertProduct = raw.prepare(
      `INSERT INTO products (title, slug, description, price_cents, stock, total_stock, is_large, is_latest_collection,
         has_color_variations, has_variations, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?)`,
    );
    const insertLink = raw.prepare(`INSERT OR IGNORE INTO product_categories (product_id, category_id) VALUES (?, ?)`);
    const insertImage = raw.prepare(
      `INSERT INTO product_images (product_id, image_url, alt_text, is_primary, sort_order, width, height) VALUES (?, ?, ?, 1, 0, ?, ?)`,
    );

    let inserted = 0;
    const runChunk = raw.transaction((from: number, to: number) => {
      for (let i = from; i <= to; i++) {
        if (done.has(i)) continue;
        const p = bulkProduct(i, categories);
        const createdAt = new Date(Math.min(BULK_EPOCH + i * BULK_STEP_MS, latestBulkTime)).toISOString();
        const id = Number(
          insertProduct.run(p.title, p.slug, p.description, p.priceCents, p.stock, p.stock, p.isLarge ? 1 : 0, createdAt, createdAt).lastInsertRowid,
        );
        insertLink.run(id, p.category.id);
        insertLink.run(id, p.category.parentId);
        const pool = pools.get(p.category.name) ?? imageRows;
        if (pool.length > 0) {
          const image = pool[i % pool.length]!;
          insertImage.run(id, image.url, `${p.title}, front view`, image.width, image.height);
        }
        inserted++;
      }
    });

    for (let from = 1; from <= count; from += chunkSize) {
      const to = Math.min(count, from + chunkSize - 1);
      runChunk(from, to);
      opts.onProgress?.(to, count);
    }
    if (count === 0) opts.onProgress?.(0, 0);

    raw.prepare(RECALCULATE_CATEGORY_COUNTS_SQL).run();
    const totalProducts = Number(raw.prepare(`SELECT count(*) FROM products`).pluck().get());
    const summary: BulkSummary = {
      target: count,
      inserted,
      skipped: count - inserted,
      totalProducts,
      elapsedMs: Math.round(performance.now() - started),
    };
    log(`bulk: +${inserted} generated products (${summary.skipped} already present), ${totalProducts} products in total`);
    return summary;
  } finally {
    raw.close();
  }
}

/**
 * Progress bar for stderr: redrawn in place with \r on a TTY (`[#####.....] 50000/100000`),
 * otherwise one line per 10%.
 */
export function createProgressBar(
  stream: { write(chunk: string): unknown; isTTY?: boolean } = process.stderr,
  width = 30,
): (done: number, total: number) => void {
  let lastDecile = -1;
  return (done, total) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * width);
    const bar = `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
    if (stream.isTTY) {
      stream.write(`\r${bar}`);
      if (done >= total) stream.write("\n");
      return;
    }
    const decile = Math.floor(ratio * 10);
    if (decile > lastDecile) {
      lastDecile = decile;
      stream.write(`${bar}\n`);
    }
  };
}
