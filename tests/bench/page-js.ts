/**
 * The JavaScript of every shopper's page: gzip bytes and files, counted as the budget test counts
 * them (tests/e2e/helpers/page-javascript.ts: script src + modulepreload + their static imports),
 * PASS at 25 KB or less with nothing but the shop's module. Part of `npm run bench`; on its own,
 * against any running shop with the seeded sweater:
 *
 *   npx tsx tests/bench/page-js.ts http://127.0.0.1:3000
 *
 * A guest, a guest with a cart and an unpaid order (POST /api/orders) and a new customer
 * (POST /api/auth/register) open the pages; nothing is changed but what they create.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { leanProblems, LEAN_JS_BUDGET_BYTES, pageJavaScript } from "../e2e/helpers/page-javascript";
import { JOURNEY_SLUG } from "./journey";

export interface PageJsRow {
  page: string;
  status: number;
  gzipBytes: number;
  files: number;
  problems: string[];
  pass: boolean;
}

/** One shopper: keeps the shop's cookies between requests, and sends the Origin every write needs. */
class Shopper {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(urlPath: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: this.base, accept: init.json === undefined ? "text/html" : "application/json" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.json !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(this.base + urlPath, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    return response;
  }

  async json<T>(urlPath: string, method: string, body: unknown, expected: number): Promise<T> {
    const response = await this.request(urlPath, { method, json: body });
    if (response.status !== expected) throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async measure(page: string, expectedStatus = 200, label = page): Promise<PageJsRow> {
    const response = await this.request(page);
    const html = await response.text();
    if (response.status !== expectedStatus) throw new Error(`GET ${page} answered ${response.status}, not ${expectedStatus}`);
    const js = await pageJavaScript(html, this.base + page, async (url) => {
      if (new URL(url).origin !== this.base) return ""; // named in the files, and refused by leanProblems
      const script = await fetch(url);
      if (script.status !== 200) throw new Error(`GET ${url} answered ${script.status}`);
      return Buffer.from(await script.arrayBuffer());
    });
    const problems = leanProblems(js);
    return { page: label, status: response.status, gzipBytes: js.gzipBytes, files: js.files.length, problems, pass: problems.length === 0 };
  }
}

/** Opens every shopper's page (`confirmationPage`: a paid order's confirmation path with its token, from the journey): home, catalogue, cart, checkout, order pages, sign-in, account, withdrawal, static and error pages. */
export async function measureShopperPages(base: string, extra: { confirmationPage?: string } = {}): Promise<PageJsRow[]> {
  const rows: PageJsRow[] = [];
  const guest = new Shopper(base);
  const categories = await guest.json<{ slug: string; productCount: number }[]>("/api/categories", "GET", undefined, 200);
  const category = categories.reduce((a, b) => (b.productCount > a.productCount ? b : a));
  for (const [page, status] of [
    ["/", 200],
    ["/shop", 200],
    [`/shop/${category.slug}`, 200],
    ["/shop?search=dress", 200],
    [`/product/${JOURNEY_SLUG}`, 200],
    ["/cart", 200],
    ["/login", 200],
    ["/login?tab=signup", 200],
    ["/forgot-password", 200],
    ["/reset-password?token=not-a-real-token", 400],
    ["/withdrawal", 200],
    ["/about", 200],
    ["/size-guide", 200],
    ["/terms-conditions", 200],
    ["/privacy", 200],
    ["/no-such-page", 404],
  ] as const)
    rows.push(await guest.measure(page, status));

  const buyer = new Shopper(base);
  const { id: productId } = await buyer.json<{ id: number }>(`/api/products/slug/${JOURNEY_SLUG}`, "GET", undefined, 200);
  await buyer.json("/api/cart", "POST", { productId, quantity: 1 }, 201);
  rows.push(await buyer.measure("/cart", 200, "/cart (one item)"), await buyer.measure("/checkout", 200, "/checkout (one item)"));
  const order = await buyer.json<{ id: number; confirmationToken: string }>(
    "/api/orders",
    "POST",
    {
      email: `bench-${randomBytes(6).toString("hex")}@example.com`,
      status: "unpaid",
      shippingAddress: { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Ribbon Lane", city: "Lyon", postalCode: "69001", country: "FR" },
      useLoyaltyPoints: false,
      agreeToTerms: true,
    },
    201,
  );
  const token = encodeURIComponent(order.confirmationToken);
  rows.push(
    await buyer.measure(`/order/${order.id}/payment?token=${token}`, 200, "/order/{id}/payment?token="),
    await buyer.measure(`/order-details/${order.id}?token=${token}`, 200, "/order-details/{id}?token="),
  );
  // A paid order's confirmation: the journey's, opened through its token.
  if (extra.confirmationPage) rows.push(await guest.measure(extra.confirmationPage, 200, "/order/{id}/confirmation?token="));

  const customer = new Shopper(base);
  await customer.json(
    "/api/auth/register",
    "POST",
    {
      email: `bench-${randomBytes(6).toString("hex")}@example.com`,
      password: `Bench-${randomBytes(9).toString("base64url")}`,
      firstName: "Bea",
      lastName: "Bench",
    },
    201,
  );
  for (const page of ["/account", "/account?tab=favorites", "/account?tab=profile", "/account?tab=loyalty", "/account/security", "/account/data"])
    rows.push(await customer.measure(page));
  return rows;
}

export function printPageJs(rows: PageJsRow[]): void {
  const header = ["page", "status", "JS gz", "files", `≤ ${LEAN_JS_BUDGET_BYTES / 1000} KB, shop module only`];
  const body = rows.map((r) => [
    r.page,
    String(r.status),
    `${(r.gzipBytes / 1000).toFixed(1)} KB`,
    String(r.files),
    r.pass ? "PASS" : `FAIL: ${r.problems.join("; ")}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of body) console.log(line(row));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const base = process.argv[2]?.replace(/\/$/, "");
  if (!base || !/^https?:\/\//.test(base)) {
    console.error("usage: tsx tests/bench/page-js.ts <base URL>");
    process.exit(2);
  }
  const rows = await measureShopperPages(base);
  printPageJs(rows);
  process.exit(rows.every((r) => r.pass) ? 0 : 1);
}
