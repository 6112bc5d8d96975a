import { html } from "~/lib/html";
import { type DB } from "~/lib/sqlite.server";

/** The sitemaps.org limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_CACHE_CONTROL = "public, max-age=3600";
export const ROBOTS_CACHE_CONTROL = "public, max-age=86400";

export interface SitemapEntry {
  /** Site-relative path, e.g. "/product/rose-garden-tea-dress". */
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

/**
 * Home, shop, the active categories that have products, then the products, newest first: at most
 * `max` entries. Two queries whatever the catalogue size (categories, then products in rowid order
 * with a LIMIT, so no sort); the cap keeps the sitemap within the sitemaps.org limit.
 */
export async function listSitemapEntries(db: DB, max = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const fixed = STATIC_ENTRIES.slice(0, max);
  const categories = await db
    .selectFrom("categories")
    .select("slug")
    .where("is_active", "=", 1)
    .where("product_count", ">", 0)
    .orderBy("sort_order")
    .orderBy("id")
    .limit(Math.max(0, max - fixed.length))
    .execute();
  const room = Math.max(0, max - fixed.length - categories.length);
  const products = room ? await db.selectFrom("products").select(["slug", "updated_at as updatedAt"]).orderBy("id", "desc").limit(room).execute() : [];
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

/** The sitemap XML (sitemaps.org 0.9) of `entries`, with absolute URLs on `origin`. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, "");
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  for (const e of entries) {
    parts.push(
      html`<url><loc>${base + e.path}</loc>${e.lastmod && html`<lastmod>${e.lastmod}</lastmod>`}<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>\n`
        .value,
    );
  }
  parts.push("</urlset>\n");
  return parts.join("");
}

/** Paths crawlers are asked to skip: private, transactional and API pages. */
export const ROBOTS_DISALLOW = ["/admin", "/api/", "/account", "/checkout", "/cart", "/order", "/favorites", "/logout", "/login"] as const;

/** robots.txt: everything but ROBOTS_DISALLOW, and where the sitemap is. */
export function renderRobots(origin: string): string {
  const base = origin.replace(/\/+$/, "");
  return ["User-agent: *", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "Allow: /", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}

const built = new WeakMap<DB, { key: string; xml: string }>();
let buildCount = 0;

/** How many times this process built the sitemap (for tests). */
export function sitemapBuildCount(): number {
  return buildCount;
}

/**
 * The sitemap XML, built once per catalogue change: the `catalogue_version` row (bumped by
 * triggers on products and categories) is read on each request, and the 50 000-row build only
 * runs when it moved. Each server process keeps its own copy.
 */
export async function getSitemapXml(db: DB, origin: string): Promise<string> {
  const row = await db.selectFrom("catalogue_version").select("version").where("id", "=", 1).executeTakeFirst();
  const key = `${row?.version ?? "none"}|${origin}`;
  const hit = built.get(db);
  if (hit && hit.key === key && row) return hit.xml;
  const xml = renderSitemap(origin, await listSitemapEntries(db));
  buildCount++;
  built.set(db, { key, xml });
  return xml;
}
