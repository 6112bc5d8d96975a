import { recomputeTotalStock } from "~/domain/catalogue/stock.server";
import { Meta, Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { sql } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  countSitemapEntries,
  listSitemapEntries,
  renderSitemap,
  SITEMAP_ENTRIES_PER_FILE,
  SITEMAP_MAX_URLS,
  SITEMAP_URLS_PER_FILE,
  sitemapBuildCount,
} from "~/domain/seo/sitemap.server";
import { db } from "~/lib/db.server";
import { meta as rootMeta, loader as rootLoader } from "~/root";
import { meta as cartMeta } from "~/routes/cart";
import { meta as productMeta, loader as productLoader } from "~/routes/product.$slug";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { makeCategory, makeProduct } from "../helpers/kit";
import { args, get, ORIGIN } from "../helpers/requests";

afterAll(() => db.destroy());

type Tag = Record<string, unknown>;
type MetaFn = (args: never) => Tag[] | undefined;

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Calls a route's meta the way Remix does: with the root's loader data among the matches. */
async function runMeta(fn: MetaFn, path: string, data: unknown): Promise<Tag[]> {
  const rootRes = await rootLoader(args(get(path)));
  const rootData = await rootRes.json();
  const url = new URL(`${ORIGIN}${path}`);
  const metaArgs = {
    data,
    params: {},
    location: { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" },
    matches: [
      { id: "root", pathname: "/", data: rootData, params: {}, meta: [] },
      { id: "routes/x", pathname: url.pathname, data, params: {}, meta: [] },
    ],
  };
  return (fn as (a: typeof metaArgs) => Tag[])(metaArgs);
}

const titleOf = (tags: Tag[]) => tags.find((t) => "title" in t)?.title;

describe("page titles use the store name saved in Settings", () => {
  it("with the default name, then with a saved one", async () => {
    const cat = await makeCategory(db, { name: "Capes" });
    const product = await makeProduct(db, { title: "Velvet Cape", categoryIds: [cat.id], image: true });
    expect(titleOf(await runMeta(cartMeta as MetaFn, "/cart", null))).toBe("Your Cart · Little Stitches Atelier");

    await db
      .insertInto("settings")
      .values({ key: "store", value: JSON.stringify({ name: "Doll Wardrobe Co", email: "shop@example.com", description: "Tiny coats & capes." }) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: (eb) => eb.ref("excluded.value") }))
      .execute();

    expect(titleOf(await runMeta(cartMeta as MetaFn, "/cart", null))).toBe("Your Cart · Doll Wardrobe Co");
    const home = await runMeta(rootMeta as MetaFn, "/", null);
    expect(titleOf(home)).toBe("Doll Wardrobe Co");
    expect(home).toContainEqual({ name: "description", content: "Tiny coats & capes." });

    const res = await productLoader(args(get(`/product/${product.slug}`), { slug: product.slug }));
    const tags = await runMeta(productMeta as MetaFn, `/product/${product.slug}?image=1`, await res.json());
    expect(titleOf(tags)).toBe("Velvet Cape · Doll Wardrobe Co");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/product/${product.slug}` });
    expect(tags).toContainEqual({ property: "og:url", content: `${ORIGIN}/product/${product.slug}` });
    const image = tags.find((t) => t.property === "og:image")?.content;
    expect(String(image)).toMatch(/^http:\/\/localhost:3000\/uploads\/products\//);
    const ld = tags.find((t) => "script:ld+json" in t)?.["script:ld+json"] as { brand: { name: string }; offers: { price: string } };
    expect(ld.brand.name).toBe("Doll Wardrobe Co");
    expect(ld.offers.price).toMatch(/^\d+\.\d{2}$/);

    await db.deleteFrom("settings").where("key", "=", "store").execute();
  });
});

describe("server-rendered head of a product page", () => {
  it("renders title, canonical, Open Graph and JSON-LD with '<' escaped inside the script", async () => {
    const product = await makeProduct(db, { title: "Tea </script><script>alert(1)</script> Dress", description: "Lace & <b>bold</b> trim", image: true });
    const path = `/product/${product.slug}`;
    const rootData = await (await rootLoader(args(get(path)))).json();
    const productData = await (await productLoader(args(get(path), { slug: product.slug }))).json();
    const Stub = createRemixStub([
      {
        id: "root",
        path: "/",
        meta: rootMeta,
        Component: () => createElement("div", null, createElement(Meta), createElement(Outlet)),
        children: [{ id: "routes/product.$slug", path: "product/:slug", meta: productMeta as never, Component: () => null }],
      },
    ]);
    // The memory router's useLayoutEffect warns under renderToString (as in admin-store.test.ts).
    const report = console.error;
    console.error = (...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
    };
    let html: string;
    try {
      html = renderToString(
        createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: rootData, "routes/product.$slug": productData } } }),
      );
    } finally {
      console.error = report;
    }
    expect(html).toContain(`<title>Tea &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Dress · Little Stitches Atelier</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
    expect(html).toContain(`<meta property="og:type" content="product"/>`);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).not.toMatch(/[<>]/);
    expect(scripts[0]).toContain("\\u003c/script\\u003e");
    const ld = JSON.parse(scripts[0]!);
    expect(ld.name).toBe("Tea </script><script>alert(1)</script> Dress");
    expect(ld.description).toBe("Lace & <b>bold</b> trim");
    // Exactly one script tag opened by the JSON-LD: the injected one never becomes markup.
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists home, shop, active categories with products and every product, with cache headers", async () => {
    const active = await makeCategory(db, { name: "Sitemap Active" });
    const hidden = await makeCategory(db, { name: "Sitemap Hidden" });
    const empty = await makeCategory(db, { name: "Sitemap Empty" });
    await db.updateTable("categories").set({ is_active: 0 }).where("id", "=", hidden.id).execute();
    const p1 = await makeProduct(db, { title: "Sitemap Coat", categoryIds: [active.id] });
    const p2 = await makeProduct(db, { title: "Sitemap Hat & Scarf", categoryIds: [hidden.id] });
    await sql`UPDATE categories SET product_count = (SELECT count(*) FROM product_categories pc WHERE pc.category_id = categories.id)`.execute(db);

    const res = await sitemapLoader(args(get("/sitemap.xml")));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, 4)).toEqual([`${ORIGIN}/`, `${ORIGIN}/pl`, `${ORIGIN}/shop`, `${ORIGIN}/pl/shop`]);
    expect(locs).toContain(`${ORIGIN}/shop/${active.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/shop/${hidden.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/shop/${empty.slug}`);
    expect(locs).toContain(`${ORIGIN}/product/${p1.slug}`);
    expect(locs).toContain(`${ORIGIN}/product/${p2.slug}`);
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/product/${p1.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });

  it("is built once per catalogue change, not per request (sales, carts and stock do not rebuild it)", async () => {
    const product = await makeProduct(db, { title: "Sitemap Once Dress" });
    const first = await (await sitemapLoader(args(get("/sitemap.xml")))).text();
    const builds = sitemapBuildCount();
    expect(await (await sitemapLoader(args(get("/sitemap.xml")))).text()).toBe(first);
    await db.updateTable("products").set({ stock: 3, title: "Renamed only" }).where("id", "=", product.id).execute();
    // What every sale, reservation and cancellation runs.
    await recomputeTotalStock(db, [product.id]);
    await db
      .insertInto("carts")
      .values({ session_key: `sitemap-${Date.now()}` })
      .execute();
    expect(await (await sitemapLoader(args(get("/sitemap.xml")))).text()).toBe(first);
    expect(sitemapBuildCount()).toBe(builds);

    await db.updateTable("products").set({ slug: "sitemap-once-dress-renamed" }).where("id", "=", product.id).execute();
    const after = await (await sitemapLoader(args(get("/sitemap.xml")))).text();
    expect(sitemapBuildCount()).toBe(builds + 1);
    expect(after).toContain("/product/sitemap-once-dress-renamed</loc>");
    expect(after).not.toContain(`/product/${product.slug}</loc>`);
    const added = await makeProduct(db, { title: "Sitemap Later Coat" });
    expect(await (await sitemapLoader(args(get("/sitemap.xml")))).text()).toContain(`/product/${added.slug}</loc>`);
  });

  it("escapes XML special characters", () => {
    const xml = renderSitemap("https://a.example/", [{ path: "/shop?a=1&b=<2>", lastmod: null, changefreq: "weekly", priority: "0.5" }]);
    expect(xml).toContain("<loc>https://a.example/shop?a=1&amp;b=&lt;2&gt;</loc>");
  });

  it("robots.txt keeps crawlers out of private pages and names the absolute sitemap", async () => {
    const res = await robotsLoader();
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const text = await res.text();
    for (const path of ["/admin", "/api/", "/account", "/checkout", "/cart", "/order", "/invoices/", "/credit-notes/"])
      expect(text).toContain(`\nDisallow: ${path}\n`);
    for (const path of ["/pl/account", "/pl/checkout", "/pl/cart", "/pl/order"]) expect(text).toContain(`\nDisallow: ${path}\n`);
    expect(text).not.toContain("/pl/admin");
    expect(text).not.toContain("/pl/api");
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("lists every page under /pl too, each URL with its hreflang alternates (en, pl, x-default)", async () => {
    const product = await makeProduct(db, { title: "Sitemap Polish Dress" });
    const xml = await (await sitemapLoader(args(get("/sitemap.xml")))).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, 4)).toEqual([`${ORIGIN}/`, `${ORIGIN}/pl`, `${ORIGIN}/shop`, `${ORIGIN}/pl/shop`]);
    expect(locs.filter((l) => l!.startsWith(`${ORIGIN}/pl`))).toHaveLength(locs.length / 2);
    const alternates = (path: string) =>
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="pl" href="${ORIGIN}/pl${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}${path}"/></url>`;
    const path = `/product/${product.slug}`;
    expect(xml).toMatch(new RegExp(`<url><loc>${ORIGIN}${path}</loc>[^\\n]*${escapeRe(alternates(path))}`));
    expect(xml).toMatch(new RegExp(`<url><loc>${ORIGIN}/pl${path}</loc>[^\\n]*${escapeRe(alternates(path))}`));
    // One file while it fits: no index, and no numbered files.
    expect((await sitemapLoader(args(get("/sitemap.xml?page=1")))).status).toBe(404);
  });

  it("with 100 000 products: an index of files of 10 000 URLs, every product in both languages, each file fast", async () => {
    await sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
      INSERT INTO products (title, slug, price_cents) SELECT 'Bulk ' || i, 'bulk-' || i, 1000 FROM n
    `.execute(db);
    const index = await (await sitemapLoader(args(get("/sitemap.xml")))).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const entries = await countSitemapEntries(db);
    expect(files).toEqual(Array.from({ length: Math.ceil(entries / SITEMAP_ENTRIES_PER_FILE) }, (_, i) => `${ORIGIN}/sitemap.xml?page=${i + 1}`));

    const started = performance.now();
    const first = await (await sitemapLoader(args(get("/sitemap.xml?page=1")))).text();
    const ms = performance.now() - started;
    // Generous for a shared 2-core machine; the queries plus rendering take about 100 ms alone.
    expect(ms).toBeLessThan(3000);
    expect(first.match(/<url>/g)).toHaveLength(SITEMAP_URLS_PER_FILE);
    expect(SITEMAP_URLS_PER_FILE).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    const firstLocs = [...first.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(firstLocs.slice(0, 2)).toEqual([`${ORIGIN}/`, `${ORIGIN}/pl`]);
    expect(firstLocs).toContain(`${ORIGIN}/product/bulk-100000`);
    expect(firstLocs).toContain(`${ORIGIN}/pl/product/bulk-100000`);

    // Consecutive files neither overlap nor skip, and the last one holds the oldest product.
    const second = await listSitemapEntries(db, SITEMAP_ENTRIES_PER_FILE, SITEMAP_ENTRIES_PER_FILE);
    const lastOfFirst = firstLocs.at(-1)!.replace(`${ORIGIN}/pl`, "");
    const bulkNo = (path: string) => Number(/bulk-(\d+)$/.exec(path)![1]);
    expect(bulkNo(second[0]!.path)).toBe(bulkNo(lastOfFirst) - 1);
    const last = await (await sitemapLoader(args(get(`/sitemap.xml?page=${files.length}`)))).text();
    expect(last).toContain(`<loc>${ORIGIN}/pl/product/bulk-1</loc>`);

    for (const page of [String(files.length + 1), "0", "abc", "1e3"]) {
      expect((await sitemapLoader(args(get(`/sitemap.xml?page=${page}`)))).status, page).toBe(404);
    }
  });
});
