import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import { productId } from "../helpers/api";
import { SLUGS } from "../helpers/browser";
import { insertOrder } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";

/**
 * Page-weight budgets, measured deterministically on the built app: bytes after gzip at zlib's
 * default level 6, the level the server's compression middleware (remix-serve → compression) uses.
 */
const KB = 1024;
const HTML_BUDGET = 30 * KB;
const JS_BUDGET = 100 * KB;
/** The lean catalogue pages (app/lib/lean-page.ts): only the shop's browser module, no React or Remix client. */
const LEAN_JS_BUDGET = 25 * KB;
const LEAN_PAGES = new Set(["/", "/shop", "/shop/1-4-dresses", "/shop?search=tea"]);
const CSS_BUDGET = 15 * KB;

const BUILD_DIR = path.resolve("public/build");
const gz = (body: Buffer | string) => gzipSync(body).length;

/** Every `/build/….js` the HTML loads up front: modulepreload links and the module scripts' imports. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1]!.matchAll(/(?:from|import)\s*\(?\s*["'](\/build\/[^"']+\.js)["']/g)) found.add(i[1]!);
  }
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) found.add(m[1]!);
  return [...found];
}

/** Static imports of a built chunk (not `import("…")`, which loads on demand). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\/build\/[^"']+\.js)["']/g)].map((m) => m[1]!);
}

function buildFile(url: string): string {
  return readFileSync(path.join(BUILD_DIR, url.replace(/^\/build\//, "")), "utf8");
}

/** The scripts of a page plus everything they import statically: what the browser loads before it is interactive. */
function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(buildFile(url)));
  }
  return seen;
}

function allBuiltJs(dir = BUILD_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? allBuiltJs(path.join(dir, d.name)) : d.name.endsWith(".js") ? [path.join(dir, d.name)] : [],
  );
}

const toUrl = (file: string) => `/build/${path.relative(BUILD_DIR, file).split(path.sep).join("/")}`;

/** Chunks that are (or load) PayPal's JS SDK. */
const PAYPAL_SDK = /paypal\.com\/sdk\/js|@paypal\/paypal-js|paypal-js/;

interface Measured {
  html: number;
  js: number;
  css: number;
  scripts: Set<string>;
}

async function measure(request: APIRequestContext, url: string, headers?: Record<string, string>): Promise<Measured> {
  const res = await request.get(url, { headers, maxRedirects: 0 });
  expect(res.status(), url).toBe(200);
  const html = await res.text();
  const scripts = closure(scriptsOf(html));
  const lean = LEAN_PAGES.has(url) || url.startsWith("/product/");
  if (lean) expect([...scripts], `${url} loads only the shop's module`).toEqual([expect.stringMatching(/^\/build\/shop-[\w-]+\.js$/)]);
  else expect(scripts.size, `${url} loads its scripts`).toBeGreaterThan(2);
  let js = 0;
  for (const s of scripts) {
    const served = await request.get(s);
    expect(served.status(), s).toBe(200);
    js += gz(await served.body());
  }
  let css = 0;
  const sheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(sheets.length, `${url} has its stylesheet`).toBeGreaterThan(0);
  for (const href of sheets) {
    const served = await request.get(href);
    expect(served.status(), href).toBe(200);
    css += gz(await served.body());
  }
  return { html: gz(html), js, css, scripts };
}

function report(url: string, m: Measured) {
  test.info().annotations.push({ type: "weight", description: `${url}: html ${m.html} B, js ${m.js} B, css ${m.css} B (gzip -6)` });
}

function expectWithinBudgets(url: string, m: Measured) {
  report(url, m);
  expect(m.html, `${url} HTML gzip bytes`).toBeLessThanOrEqual(HTML_BUDGET);
  const lean = LEAN_PAGES.has(url) || url.startsWith("/product/");
  expect(m.js, `${url} JS gzip bytes`).toBeLessThanOrEqual(lean ? LEAN_JS_BUDGET : JS_BUDGET);
  expect(m.css, `${url} CSS gzip bytes`).toBeLessThanOrEqual(CSS_BUDGET);
  const paypal = [...m.scripts].filter((s) => PAYPAL_SDK.test(s) || /paypal\.com\/sdk\/js/.test(buildFile(s)));
  expect(paypal, `${url} loads PayPal's SDK`).toEqual([]);
}

const PUBLIC_PAGES = [
  "/",
  "/shop",
  "/shop/1-4-dresses",
  `/product/${SLUGS.withColors}`,
  `/product/${SLUGS.withVariations}`,
  "/shop?search=tea",
  "/about",
  "/size-guide",
  "/terms-conditions",
  "/login",
  "/cart",
];

test("storefront pages stay within the HTML, JS and CSS budgets", async ({ request }) => {
  const shop = await request.get("/shop");
  // The shop's first page shows 12 products: the HTML budget holds with a full page.
  expect((await shop.text()).match(/class="card"/g)?.length ?? 0).toBeGreaterThanOrEqual(12);
  for (const url of PUBLIC_PAGES) expectWithinBudgets(url, await measure(request, url));
});

test("the cart with an item and the favorites page stay within the budgets", async ({ request, loginAsCustomer }) => {
  const id = await productId(request, SLUGS.inStock);
  expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  expectWithinBudgets("/cart", await measure(request, "/cart"));

  const { cookie } = await loginAsCustomer({ email: uniqueEmail("budget"), firstName: "Bea" });
  const favoriteIds = await Promise.all([SLUGS.withColors, SLUGS.withVariations, SLUGS.large].map((s) => productId(request, s)));
  const headers = { Cookie: `${cookie.name}=${cookie.value}` };
  for (const productId of favoriteIds) {
    expect((await request.post("/api/favorites", { data: { productId }, headers })).status()).toBeLessThan(300);
  }
  expectWithinBudgets("/account?tab=favorites", await measure(request, "/account?tab=favorites", headers));
});

test("the checkout page with an item stays within the budgets", async ({ request }) => {
  const id = await productId(request, SLUGS.inStock);
  expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  const m = await measure(request, "/checkout");
  expect(m.html, "the checkout form itself is shown").toBeGreaterThan(4 * KB);
  expectWithinBudgets("/checkout", m);
});

test("the payment page references PayPal's SDK only through an on-demand import", async ({ request }) => {
  const order = insertOrder({ status: "unpaid" });
  const url = `/order/${order.id}/payment?token=${order.token}`;
  const m = await measure(request, url);
  report(url, m);
  expect(m.html).toBeLessThanOrEqual(HTML_BUDGET);
  expect(m.js).toBeLessThanOrEqual(JS_BUDGET);
  expect(
    [...m.scripts].filter((s) => PAYPAL_SDK.test(s)),
    "PayPal's SDK chunk is not loaded up front",
  ).toEqual([]);
  const referencing = [...m.scripts].filter((s) => /import\(\s*["'][^"']*paypal[^"']*\.js["']\)/.test(buildFile(s)));
  expect(referencing.length, "the payment page can load the SDK on demand").toBeGreaterThan(0);
});

test("only the payment routes can reach PayPal's SDK; no browser chunk holds server-only code", () => {
  const files = allBuiltJs();
  expect(files.length).toBeGreaterThan(5);
  const SERVER_ONLY = ["ZodError", "better-sqlite3", "kysely", "SqliteDialect", "sharp/lib", "node:fs", "SESSION_SECRET", "PAYPAL_CLIENT_SECRET"];
  const leaks = files.flatMap((f) => {
    const code = readFileSync(f, "utf8");
    return SERVER_ONLY.filter((s) => code.includes(s)).map((s) => `${toUrl(f)}: ${s}`);
  });
  expect(leaks).toEqual([]);

  const sdkChunks = files.filter((f) => PAYPAL_SDK.test(path.basename(f)) || /paypal\.com\/sdk\/js/.test(readFileSync(f, "utf8"))).map(toUrl);
  expect(sdkChunks.length, "the PayPal SDK loader is a chunk of its own").toBeGreaterThan(0);
  const routesDir = path.join(BUILD_DIR, "routes");
  const reaching = readdirSync(routesDir)
    .filter((f) => f.endsWith(".js"))
    .filter((f) => {
      const urls = closure([toUrl(path.join(routesDir, f))]);
      if ([...urls].some((u) => sdkChunks.includes(u))) return true;
      return [...urls].some((u) => sdkChunks.some((c) => buildFile(u).includes(c)));
    })
    .map((f) => f.replace(/-[A-Z0-9]+\.js$/, ""));
  // The two payment URLs, and PayPal's return/cancel routes that show the payment page's error view.
  for (const route of reaching)
    expect(route, `${route} reaches PayPal's SDK`).toMatch(/^(order\.\$id\.payment|order-payment\.\$orderId|order\.\$id\.paypal-(return|cancel))$/);
  expect(reaching).toEqual(expect.arrayContaining(["order.$id.payment", "order-payment.$orderId"]));
});
