import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import { productId } from "../helpers/api";
import { SLUGS } from "../helpers/browser";
import { linkIn, waitForMail } from "../helpers/mail";
import { insertOrder } from "../helpers/orders";
import { gzipBytes, leanProblems, LEAN_JS_BUDGET_BYTES, pageJavaScript, type PageJavaScript, staticImports } from "../helpers/page-javascript";
import { ensureUser, uniqueEmail } from "../helpers/session";
import { GUEST_PAGES, inLanguage, LANGUAGES } from "../helpers/shop-pages";

/**
 * Page-weight budgets, measured on the built app: bytes after gzip at zlib's default level 6, the
 * level of the server's compression middleware. Every shopper's page is lean
 * (docs/decisions/lean-pages.md): it loads only the shop's browser module, at most
 * LEAN_JS_BUDGET_BYTES (25 KB, KB = 1000 B), counted by helpers/page-javascript.ts. The admin
 * area alone hydrates React and Remix's client, within its own budget.
 */
const KIB = 1024;
const HTML_BUDGET = 30 * KIB;
const CSS_BUDGET = 15 * KIB;
/**
 * The admin's dashboard with its editors measures about 141.1 KiB: React, Remix's client, the
 * drag-and-drop editor, the tabs' own views and their Polish fields, its own frame and row menus.
 * Shoppers never load it (lean pages).
 */
const ADMIN_JS_BUDGET = 144 * KIB;

const BUILD_DIR = path.resolve("public/build");

/** Chunks that are (or load) PayPal's JS SDK. */
const PAYPAL_SDK = /paypal\.com\/sdk\/js/;

interface Measured {
  html: number;
  css: number;
  js: PageJavaScript;
  body: string;
}

async function measure(request: APIRequestContext, url: string, opts: { headers?: Record<string, string>; status?: number } = {}): Promise<Measured> {
  const res = await request.get(url, { headers: opts.headers, maxRedirects: 0 });
  expect(res.status(), url).toBe(opts.status ?? 200);
  const body = await res.text();
  const pageUrl = res.url();
  const origin = new URL(pageUrl).origin;
  const js = await pageJavaScript(body, pageUrl, async (script) => {
    // Another origin's script is named in the files (and fails the lean check) without being fetched.
    if (new URL(script).origin !== origin) return "";
    const served = await request.get(script);
    expect(served.status(), script).toBe(200);
    return served.body();
  });
  let css = 0;
  const sheets = [...body.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(sheets.length, `${url} has its stylesheet`).toBeGreaterThan(0);
  for (const href of sheets) {
    const served = await request.get(href);
    expect(served.status(), href).toBe(200);
    css += gzipBytes(await served.body());
  }
  return { html: gzipBytes(body), css, js, body };
}

function report(url: string, m: Measured) {
  test.info().annotations.push({
    type: "weight",
    description: `${url}: html ${m.html} B, js ${m.js.gzipBytes} B in ${m.js.files.length} files (${m.js.files.join(" ")}), css ${m.css} B (gzip -6)`,
  });
}

/** A shopper's page: lean (only the shop's module, ≤ 25 KB), within the HTML and CSS budgets, no PayPal SDK up front. */
async function expectLean(request: APIRequestContext, url: string, opts: { headers?: Record<string, string>; status?: number } = {}): Promise<Measured> {
  const m = await measure(request, url, opts);
  report(url, m);
  expect(leanProblems(m.js), `${url} is a lean page`).toEqual([]);
  expect(m.html, `${url} HTML gzip bytes`).toBeLessThanOrEqual(HTML_BUDGET);
  expect(m.css, `${url} CSS gzip bytes`).toBeLessThanOrEqual(CSS_BUDGET);
  // The tests run the PayPal emulator: no page loads PayPal's SDK, not even the payment page.
  expect(m.body, `${url} names PayPal's SDK`).not.toMatch(PAYPAL_SDK);
  return m;
}

const headersOf = (cookie: { name: string; value: string }) => ({ Cookie: `${cookie.name}=${cookie.value}` });

test("every guest page is lean: only the shop's module, at most 25 KB of JavaScript", async ({ request }) => {
  const shop = await request.get("/shop");
  // The shop's first page shows 12 products: the HTML budget holds with a full page.
  expect((await shop.text()).match(/class="card"/g)?.length ?? 0).toBeGreaterThanOrEqual(12);
  for (const locale of LANGUAGES) for (const { url, status } of GUEST_PAGES) await expectLean(request, inLanguage(url, locale), { status });
});

test("the cart with an item and the checkout are lean", async ({ request }) => {
  const id = await productId(request, SLUGS.inStock);
  expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  for (const locale of LANGUAGES) {
    await expectLean(request, inLanguage("/cart", locale));
    const checkout = await expectLean(request, inLanguage("/checkout", locale));
    expect(checkout.html, "the checkout form itself is shown").toBeGreaterThan(4 * KIB);
  }
});

test("the order pages are lean: payment, confirmation and details", async ({ request }) => {
  const unpaid = await insertOrder({ status: "unpaid" });
  const paid = await insertOrder({ status: "paid" });
  const payment = await expectLean(request, `/order/${unpaid.id}/payment?token=${unpaid.token}`);
  expect(payment.body, "the payment page shows its PayPal button").toContain("Pay with PayPal");
  await expectLean(request, `/pl/order/${unpaid.id}/payment?token=${unpaid.token}`);
  for (const url of [
    `/order/${paid.id}/confirmation?token=${paid.token}`,
    `/orders/${paid.id}/${paid.token}`,
    `/order-details/${paid.id}?token=${paid.token}`,
    `/order-details/${paid.id}/${paid.token}`,
    `/order-details/${unpaid.id}?token=${unpaid.token}&confirm=cancel`,
  ])
    for (const locale of LANGUAGES) await expectLean(request, inLanguage(url, locale));
});

test("the account, its tabs, security, data and a signed-in payment page are lean", async ({ request, loginAsCustomer }) => {
  const { cookie, userId, email } = await loginAsCustomer({ email: uniqueEmail("budget"), firstName: "Bea", loyaltyPoints: 40 });
  const headers = headersOf(cookie);
  const favoriteIds = await Promise.all([SLUGS.withColors, SLUGS.withVariations, SLUGS.large].map((s) => productId(request, s)));
  for (const id of favoriteIds) expect((await request.post("/api/favorites", { data: { productId: id }, headers })).status()).toBeLessThan(300);
  const order = await insertOrder({ userId, email, status: "unpaid" });
  for (const url of [
    "/account",
    "/account?tab=orders",
    "/account?tab=favorites",
    "/account?tab=profile",
    "/account?tab=profile&edit=1",
    "/account?tab=loyalty",
    "/account/security",
    "/account/data",
    `/order-payment/${order.id}`,
  ])
    for (const locale of LANGUAGES) await expectLean(request, inLanguage(url, locale), { headers });
});

test("the reset-password page with a real link is lean", async ({ request }) => {
  const email = uniqueEmail("budget-reset");
  await ensureUser(email, { firstName: "Rhea" });
  expect((await request.post("/api/auth/forgot-password", { data: { email } })).status()).toBe(200);
  const link = new URL(linkIn(await waitForMail(email, /password/), "http://127.0.0.1:"));
  const page = await expectLean(request, `${link.pathname}${link.search}`);
  expect(page.body).toContain("Set new password");
});

// The admin area stays a React app; the same count that holds shoppers' pages to 25 KB refuses it.
test("the admin pages hydrate within their own budget, and the lean check refuses them", async ({ loginAsAdmin }) => {
  const { request } = await loginAsAdmin({ email: "admin@example.com" });
  for (const url of ["/admin", "/admin?tab=products", "/admin/products/add"]) {
    const m = await measure(request, url);
    report(url, m);
    expect(m.js.files.length, `${url} loads React and Remix's client`).toBeGreaterThan(2);
    expect(m.js.gzipBytes, `${url} JS gzip bytes`).toBeLessThanOrEqual(ADMIN_JS_BUDGET);
    expect(m.js.gzipBytes, `${url} is heavier than a lean page may be`).toBeGreaterThan(LEAN_JS_BUDGET_BYTES);
    const problems = leanProblems(m.js);
    expect(problems, url).toContainEqual(expect.stringMatching(/^loads more than the shop's module: /));
    expect(problems, url).toContainEqual(`${m.js.gzipBytes} B of gzipped JavaScript, over ${LEAN_JS_BUDGET_BYTES} B`);
    expect(m.html, `${url} HTML gzip bytes`).toBeLessThanOrEqual(HTML_BUDGET);
  }
});

function allBuiltJs(dir = BUILD_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? allBuiltJs(path.join(dir, d.name)) : d.name.endsWith(".js") ? [path.join(dir, d.name)] : [],
  );
}

const toUrl = (file: string) => `/build/${path.relative(BUILD_DIR, file).split(path.sep).join("/")}`;

const builtCode = (url: string) => readFileSync(path.join(BUILD_DIR, url.replace(/^\/build\//, "")), "utf8");

/** A built file and everything it imports statically, as /build paths. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(builtCode(url), `http://shop${url}`).map((u) => new URL(u).pathname));
  }
  return seen;
}

test("PayPal's SDK is never loaded up front, and no browser chunk holds server-only code", () => {
  const files = allBuiltJs();
  expect(files.length).toBeGreaterThan(5);
  const SERVER_ONLY = ["ZodError", "better-sqlite3", "kysely", "SqliteDialect", "sharp/lib", "node:fs", "SESSION_SECRET", "PAYPAL_CLIENT_SECRET"];
  const leaks = files.flatMap((f) => {
    const code = readFileSync(f, "utf8");
    return SERVER_ONLY.filter((s) => code.includes(s)).map((s) => `${toUrl(f)}: ${s}`);
  });
  expect(leaks).toEqual([]);

  const sdkChunks = new Set(files.filter((f) => PAYPAL_SDK.test(readFileSync(f, "utf8"))).map(toUrl));
  expect(sdkChunks.size, "the PayPal SDK loader is built, as a chunk of its own").toBeGreaterThan(0);
  // The shop's module (every shopper's page) reaches it only through import(), on the payment page.
  const { src } = JSON.parse(readFileSync(path.join(BUILD_DIR, "browser.json"), "utf8")) as { src: string };
  expect(
    [...staticClosure(src)].filter((u) => sdkChunks.has(u)),
    `${src} imports PayPal's SDK statically`,
  ).toEqual([]);
  // The admin's hydrated routes never reach it; Remix's route modules that do are the payment pages'.
  const routesDir = path.join(BUILD_DIR, "routes");
  const reachesSdk = (url: string) => [...staticClosure(url)].some((u) => sdkChunks.has(u) || [...sdkChunks].some((c) => builtCode(u).includes(c)));
  const reaching = readdirSync(routesDir)
    .filter((f) => f.endsWith(".js") && reachesSdk(toUrl(path.join(routesDir, f))))
    .map((f) => f.replace(/-[A-Z0-9]+\.js$/, ""));
  for (const route of reaching)
    expect(route, `${route} reaches PayPal's SDK`).toMatch(/^(order\.\$id\.payment|order-payment\.\$orderId|order\.\$id\.paypal-(return|cancel))$/);
});
