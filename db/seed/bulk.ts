import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { RECALCULATE_CATEGORY_COUNTS_SQL } from "../../app/domain/catalogue/categories.server";
import { slugify } from "../../app/domain/catalogue/slug";
import type { Database } from "../../app/lib/db-schema";
import { BULK_CARE, BULK_COLOUR_WORDS, BULK_DETAILS, BULK_FITS, BULK_KINDS, BULK_OPENERS, BULK_STYLE_WORDS } from "./data";
import { seededRandom } from "./random";

type DB = Kysely<Database>;

const DAY_MS = 86_400_000;

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
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
