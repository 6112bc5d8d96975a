import { DEFAULT_LOCALE, isLocalisedPath, LOCALES, localizePath } from "~/i18n/locales";
import { html } from "~/lib/html";
import { type DB } from "~/lib/sqlite.server";

/** The sitemaps.org limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
/**
 * URLs per file the shop writes, well under the limit: with the hreflang alternates a URL takes
 * about 500 bytes, so a file is about 5 MB, built in a fraction of a second, and a process keeps
 * only a few of them.
 */
export const SITEMAP_URLS_PER_FILE = 10_000;
/** Pages per sitemap file: each is listed in every language. */
export const SITEMAP_ENTRIES_PER_FILE = SITEMAP_URLS_PER_FILE / LOCALES.length;
export const SITEMAP_CACHE_CONTROL = "public, max-age=3600";
export const ROBOTS_CACHE_CONTROL = "public, max-age=86400";

export interface SitemapEntry {
  /** Site-relative English path, e.g. "/product/rose-garden-tea-dress"; every language's is derived from it. */
  path: string;
  /** YYYY-MM-DD, when known. */
  lastmod: string | null;
  changefreq: "daily" | "weekly" | "monthly";
  priority: string;
}

const STATIC_ENTRIES: SitemapEntry[] = [
  { path: "/", lastmod: null, changefreq: "daily", priority: "1.0" },
  { path: "/shop", lastmod: null, changefreq: "daily", priority: "0.9" },
];

function listedCategories(db: DB) {
  return db.selectFrom("categories").where("is_active", "=", 1).where("product_count", ">", 0);
}

/** How many pages the sitemap lists (per language). */
export async function countSitemapEntries(db: DB): Promise<number> {
  const [categories, products] = await Promise.all([
    listedCategories(db)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return STATIC_ENTRIES.length + Number(categories.n) + Number(products.n);
}

/**
 * Home, shop, the active categories that have products, then the products, newest first: at most
 * `max` entries from `offset` on. Two queries whatever the catalogue size (categories, then
 * products in rowid order with a LIMIT and OFFSET, so no sort).
 */
export async function listSitemapEntries(db: DB, max = SITEMAP_ENTRIES_PER_FILE, offset = 0): Promise<SitemapEntry[]> {
  const fixed = STATIC_ENTRIES.slice(offset, offset + max);
  const categoryOffset = Math.max(0, offset - STATIC_ENTRIES.length);
  const categories = await listedCategories(db)
    .select("slug")
    .orderBy("sort_order")
    .orderBy("id")
    .limit(Math.max(0, max - fixed.length))
    .offset(categoryOffset)
    .execute();
  const room = Math.max(0, max - fixed.length - categories.length);
  const productOffset =
    categories.length > 0 || fixed.length > 0
      ? 0
      : Math.max(
          0,
          categoryOffset -
            Number(
              (
                await listedCategories(db)
                  .select((eb) => eb.fn.countAll<number>().as("n"))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
        );
  const products = room
    ? await db.selectFrom("products").select(["slug", "updated_at as updatedAt"]).orderBy("id", "desc").limit(room).offset(productOffset).execute()
    : [];
  return [
    ...fixed,
    ...categories.map((c): SitemapEntry => ({ path: `/shop/${encodeURIComponent(c.slug)}`, lastmod: null, changefreq: "weekly", priority: "0.8" })),
    ...products.map((p): SitemapEntry => ({
      path: `/product/${encodeURIComponent(p.slug)}`,
      lastmod: toW3cDate(p.updatedAt),
      changefreq: "weekly",
      priority: "0.7",
    })),
  ];
}

function toW3cDate(value: string | null): string | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null;
  return match ? match[1] : null;
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

/**
 * The sitemap XML (sitemaps.org 0.9) of `entries`, with absolute URLs on `origin`: each page once
 * per language, each with its alternates in every language and x-default (English), as Google
 * reads hreflang from sitemaps.
 */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, "");
  const parts = [URLSET_OPEN];
  for (const e of entries) {
    const urls = LOCALES.map((locale) => base + localizePath(e.path, locale));
    const alternates = html`${LOCALES.map((locale, i) => html`<xhtml:link rel="alternate" hreflang="${locale}" href="${urls[i]}"/>`)}<xhtml:link rel="alternate" hreflang="x-default" href="${urls[LOCALES.indexOf(DEFAULT_LOCALE)]}"/>`;
    for (const url of urls) {
      parts.push(
        html`<url><loc>${url}</loc>${e.lastmod && html`<lastmod>${e.lastmod}</lastmod>`}<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority>${alternates}</url>\n`
          .value,
      );
    }
  }
  parts.push("</urlset>\n");
  return parts.join("");
}

/** The sitemap index (sitemaps.org 0.9) of `files` sitemap files, /sitemap.xml?page=1 … */
export function renderSitemapIndex(origin: string, files: number): string {
  const base = origin.replace(/\/+$/, "");
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  for (let page = 1; page <= files; page++) parts.push(html`<sitemap><loc>${`${base}/sitemap.xml?page=${page}`}</loc></sitemap>\n`.value);
  parts.push("</sitemapindex>\n");
  return parts.join("");
}

/** Paths crawlers are asked to skip: private, transactional and API pages. */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/api/",
  "/account",
  "/checkout",
  "/cart",
  "/order",
  "/favorites",
  "/logout",
  "/login",
  "/invoices/",
  "/credit-notes/",
] as const;

/** robots.txt: everything but ROBOTS_DISALLOW (in every language), and where the sitemap is. */
export function renderRobots(origin: string): string {
  const base = origin.replace(/\/+$/, "");
  const paths = [
    ...ROBOTS_DISALLOW,
    ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((l) => ROBOTS_DISALLOW.filter(isLocalisedPath).map((p) => localizePath(p, l))),
  ];
  return ["User-agent: *", ...paths.map((p) => `Disallow: ${p}`), "Allow: /", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}

/** Files kept per process: the index (or the one file) and the last pages a crawler asked for. */
const KEPT_FILES = 3;
const built = new WeakMap<DB, { key: string; entries: number; files: Map<string, string> }>();
let buildCount = 0;

/** How many times this process built a sitemap file (for tests). */
export function sitemapBuildCount(): number {
  return buildCount;
}

/**
 * /sitemap.xml (`page` null) or /sitemap.xml?page=N, built once per catalogue change: the
 * `catalogue_version` row (bumped by triggers on products and categories) is read on each
 * request, and a file is only rebuilt when it moved. A catalogue that fits in one file (up to
 * SITEMAP_ENTRIES_PER_FILE pages, in every language) is that file; a larger one is an index of
 * files of that size. null: no such file. Each server process keeps its own few files.
 */
export async function getSitemapXml(db: DB, origin: string, page: number | null = null): Promise<string | null> {
  const row = await db.selectFrom("catalogue_version").select("version").where("id", "=", 1).executeTakeFirst();
  const key = `${row?.version ?? "none"}|${origin}`;
  let cached = built.get(db);
  if (!cached || cached.key !== key || !row) {
    cached = { key, entries: await countSitemapEntries(db), files: new Map() };
    built.set(db, cached);
  }
  const files = Math.max(1, Math.ceil(cached.entries / SITEMAP_ENTRIES_PER_FILE));
  if (page !== null && (!Number.isInteger(page) || page < 1 || page > files || files === 1)) return null;
  const name = page === null ? "index" : String(page);
  const hit = cached.files.get(name);
  if (hit) return hit;
  const xml =
    page === null && files > 1
      ? renderSitemapIndex(origin, files)
      : renderSitemap(origin, await listSitemapEntries(db, SITEMAP_ENTRIES_PER_FILE, ((page ?? 1) - 1) * SITEMAP_ENTRIES_PER_FILE));
  buildCount++;
  cached.files.set(name, xml);
  if (cached.files.size > KEPT_FILES) cached.files.delete([...cached.files.keys()].find((k) => k !== "index")!);
  return xml;
}
