import { type APIRequestContext, expect, test } from "@playwright/test";
import { productBySlug, productId } from "../helpers/api";
import { SLUGS } from "../helpers/browser";
import { E2E_BASE_URL } from "../helpers/session";

// Titles, descriptions, canonical URLs, Open Graph, JSON-LD, sitemap.xml and robots.txt as a crawler sees them.

const ORIGIN = E2E_BASE_URL;
const STORE = "Little Stitches Atelier";

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

interface Head {
  title: string | null;
  meta: (key: string) => string | null;
  metaCount: (key: string) => number;
  canonical: string | null;
  jsonLd: string[];
}

function parseHead(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const tags = [...head.matchAll(/<meta\s([^>]*?)\/?>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, decode(a[2]!)])),
  );
  const find = (key: string) => tags.filter((t) => t.name === key || t.property === key);
  const canonicals = [...head.matchAll(/<link\s[^>]*rel="canonical"[^>]*>/g)].map((m) => decode(/href="([^"]*)"/.exec(m[0])![1]!));
  expect(canonicals.length, "at most one canonical link").toBeLessThanOrEqual(1);
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  expect(titles.length, "exactly one title").toBe(1);
  return {
    title: titles[0] ?? null,
    meta: (key) => find(key)[0]?.content ?? null,
    metaCount: (key) => find(key).length,
    canonical: canonicals[0] ?? null,
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
  };
}

async function headOf(request: APIRequestContext, path: string, status = 200): Promise<Head> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(status);
  return parseHead(await res.text());
}

test.describe("every page has a title with the store name and a description", () => {
  const PAGES: [string, string, string][] = [
    ["/", `${STORE} · Handmade clothes for collectible dolls`, "/"],
    ["/shop", `All Products · ${STORE}`, "/shop"],
    ["/shop/1-4-dresses", `Dresses · ${STORE}`, "/shop/1-4-dresses"],
    ["/about", `About · ${STORE}`, "/about"],
    ["/size-guide", `Size Guide · ${STORE}`, "/size-guide"],
    ["/terms-conditions", `Terms & Conditions · ${STORE}`, "/terms-conditions"],
    ["/cart", `Your Cart · ${STORE}`, "/cart"],
    ["/login", `Sign In · ${STORE}`, "/login"],
    ["/admin-login", `Admin Sign In · ${STORE}`, "/admin-login"],
  ];
  for (const [path, title, canonical] of PAGES) {
    test(path, async ({ request }) => {
      const head = await headOf(request, path);
      expect(head.title).toBe(title);
      expect(head.metaCount("description")).toBe(1);
      expect(head.meta("description")!.length).toBeGreaterThan(10);
      expect(head.meta("description")!.length).toBeLessThanOrEqual(160);
      expect(head.canonical).toBe(`${ORIGIN}${canonical}`);
    });
  }

  test("the home page's description is the store description", async ({ request }) => {
    expect((await headOf(request, "/")).meta("description")).toBe("Handmade clothing and accessories for 1:4 and 1:6 collectible dolls");
  });

  test("private and error pages are not indexed; error pages have no canonical", async ({ request }) => {
    for (const path of ["/cart", "/login", "/admin-login", "/typography"]) expect((await headOf(request, path)).meta("robots"), path).toBe("noindex");
    for (const path of ["/", "/shop", "/about", `/product/${SLUGS.withColors}`]) expect((await headOf(request, path)).meta("robots"), path).toBeNull();
    const missing = await headOf(request, "/product/no-such-product", 404);
    expect(missing.title).toBe(`Product Not Found · ${STORE}`);
    expect(missing.meta("robots")).toBe("noindex");
    expect(missing.canonical).toBeNull();
    const nowhere = await headOf(request, "/no/such/page", 404);
    expect(nowhere.title).toBe(`Page Not Found · ${STORE}`);
    expect(nowhere.canonical).toBeNull();
  });
});

test.describe("canonical URLs", () => {
  test("drop tracking, paging and image parameters", async ({ request }) => {
    expect((await headOf(request, "/shop?page=2&utm_source=news&gclid=abc")).canonical).toBe(`${ORIGIN}/shop`);
    expect((await headOf(request, "/shop/1-4-dresses?page=2&fbclid=x")).canonical).toBe(`${ORIGIN}/shop/1-4-dresses`);
    expect((await headOf(request, `/product/${SLUGS.withColors}?image=1&utm_campaign=z`)).canonical).toBe(`${ORIGIN}/product/${SLUGS.withColors}`);
  });

  test("search results keep the search and are not indexed", async ({ request }) => {
    const head = await headOf(request, "/shop?search=tea&page=2&utm_medium=x");
    expect(head.canonical).toBe(`${ORIGIN}/shop?search=tea`);
    expect(head.meta("robots")).toBe("noindex");
    expect(head.title).toBe(`Search Results for "tea" · ${STORE}`);
  });
});

test.describe("product page", () => {
  test("Open Graph tags with an absolute image and the canonical og:url", async ({ request }) => {
    const product = await productBySlug(request, SLUGS.withColors);
    const head = await headOf(request, `/product/${SLUGS.withColors}`);
    expect(head.title).toBe(`${product.title} · ${STORE}`);
    expect(head.meta("og:type")).toBe("product");
    expect(head.meta("og:title")).toBe(product.title);
    expect(head.meta("og:description")!.length).toBeGreaterThan(20);
    expect(head.meta("og:url")).toBe(`${ORIGIN}/product/${SLUGS.withColors}`);
    const primary = product.images.find((i: { isPrimary: boolean }) => i.isPrimary) ?? product.images[0];
    expect(head.meta("og:image")).toBe(`${ORIGIN}${primary.imageUrl}`);
    const image = await request.get(head.meta("og:image")!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
  });

  test("JSON-LD Product rendered server-side with a USD offer, safely escaped", async ({ request }) => {
    const product = await productBySlug(request, SLUGS.withColors);
    const head = await headOf(request, `/product/${SLUGS.withColors}`);
    expect(head.jsonLd).toHaveLength(1);
    const raw = head.jsonLd[0]!;
    expect(raw).not.toMatch(/[<>]/);
    const ld = JSON.parse(raw);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.title,
      sku: product.sku,
      url: `${ORIGIN}/product/${SLUGS.withColors}`,
      offers: {
        "@type": "Offer",
        price: product.price,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: `${ORIGIN}/product/${SLUGS.withColors}`,
      },
    });
    expect(typeof ld.description).toBe("string");
    expect(ld.image.length).toBe(product.images.length);
    for (const url of ld.image) expect(url).toMatch(new RegExp(`^${ORIGIN}/`));
  });

  test("a sold-out product is OutOfStock", async ({ request }) => {
    const ld = JSON.parse((await headOf(request, `/product/${SLUGS.soldOut}`)).jsonLd[0]!);
    expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  test("no JSON-LD or Open Graph product tags on other pages", async ({ request }) => {
    for (const path of ["/", "/shop", "/about"]) {
      const head = await headOf(request, path);
      expect(head.jsonLd, path).toEqual([]);
      expect(head.meta("og:type"), path).not.toBe("product");
    }
  });
});

test("category pages have Open Graph tags of type website with an absolute image", async ({ request }) => {
  const head = await headOf(request, "/shop/1-4-dresses");
  expect(head.meta("og:type")).toBe("website");
  expect(head.meta("og:title")).toBe("Dresses");
  expect(head.meta("og:url")).toBe(`${ORIGIN}/shop/1-4-dresses`);
  expect(head.meta("og:description")).toContain("Dresses");
  expect(head.meta("og:image")).toMatch(new RegExp(`^${ORIGIN}/uploads/`));
  expect((await request.get(head.meta("og:image")!)).status()).toBe(200);
});

test.describe("sitemap.xml", () => {
  test("lists home, shop, active categories and products with absolute URLs, cacheable", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect(res.headers()["set-cookie"]).toBeUndefined();
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/shop`,
        `${ORIGIN}/shop/1-4-dresses`,
        `${ORIGIN}/product/${SLUGS.withColors}`,
        `${ORIGIN}/product/${SLUGS.soldOut}`,
        // Every page in Polish too.
        `${ORIGIN}/pl`,
        `${ORIGIN}/pl/shop/1-4-dresses`,
        `${ORIGIN}/pl/product/${SLUGS.withColors}`,
      ]),
    );
    for (const loc of locs) expect(new URL(loc).pathname).not.toMatch(/^\/(admin|api|account|checkout|cart|order|login)\b/);
    // Every listed category and the seeded products are real pages.
    // (Seeded products only: other tests create and delete products of their own meanwhile.)
    const seeded = new Set(Object.values(SLUGS).map((slug) => `${ORIGIN}/product/${slug}`));
    const sample = [...locs.filter((l) => l.includes("/shop/")), ...locs.filter((l) => seeded.has(l))];
    expect(sample.filter((l) => l.includes("/product/")).length).toBe(seeded.size);
    for (const loc of sample) expect((await request.get(loc.slice(ORIGIN.length))).status(), loc).toBe(200);
  });
});

test("robots.txt disallows private areas and names the sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(res.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  for (const path of ["/admin", "/api/", "/account", "/checkout", "/cart", "/order"])
    expect(text).toMatch(new RegExp(`^Disallow: ${path.replace(/\//g, "\\/")}$`, "m"));
  expect(text).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, "m"));
  expect(text).not.toMatch(/^Disallow: \/$/m);
});

test("pages with a session are private; an anonymous visitor's are not", async ({ request, playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: ORIGIN });
  const home = await anonymous.get("/");
  expect(home.headers()["cache-control"]).toBe("no-cache");
  expect(home.headers()["cache-control"]).not.toContain("public");
  await anonymous.dispose();

  const id = await productId(request, SLUGS.inStock);
  expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  for (const path of ["/", "/shop", `/product/${SLUGS.withColors}`, "/cart"]) {
    const res = await request.get(path);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
  // Cacheable documents never carry a visitor's cookie.
  for (const path of ["/sitemap.xml", "/robots.txt"]) expect((await request.get(path)).headers()["set-cookie"], path).toBeUndefined();
});
