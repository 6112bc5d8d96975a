import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { addFromProductPage, jsOff, SLUGS, visit } from "../helpers/browser";
import { insertOrder } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// axe-core on every storefront page, with JavaScript on and off: no serious or critical violation.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe on what the page shows. With page JavaScript off, timers never fire, so axe cannot
 * run there: the same URL is opened in a JavaScript-enabled page whose own scripts are blocked,
 * which renders exactly the no-JavaScript document.
 */
async function axeViolations(page: Page, testInfo: TestInfo, path?: string, prepare?: (p: Page) => Promise<void>): Promise<string[]> {
  let target = page;
  if (jsOff(testInfo)) {
    const context = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    await context.addCookies(await page.context().cookies());
    target = await context.newPage();
    await target.route(/\/build\/.*\.js$/, (route) => route.abort());
    await target.goto(path ?? page.url());
    if (prepare) await prepare(target);
  }
  const result = (await target.evaluate(`${axeSource}\n;axe.run(document, { resultTypes: ["violations"] })`)) as AxeResult;
  if (target !== page) await target.context().close();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };

const PAGES = [
  "/",
  "/shop",
  "/shop/1-4-dresses",
  "/shop?search=tea",
  "/shop?search=zzzz-nothing",
  `/product/${SLUGS.withColors}`,
  `/product/${SLUGS.withVariations}`,
  `/product/${SLUGS.soldOut}`,
  "/product/no-such-product",
  "/cart",
  "/about",
  "/size-guide",
  "/terms-conditions",
  "/privacy",
  "/reviews",
  "/typography",
  "/no-such-page",
  "/login",
  "/login?tab=signup",
  "/forgot-password",
  "/withdrawal",
  "/admin-login",
];

// Pages of a signed-in customer, and the admin's dashboard.
const SIGNED_IN_PAGES = [
  "/account",
  "/account?tab=favorites",
  "/account?tab=profile",
  "/account?tab=profile&edit=1",
  "/account?tab=loyalty",
  "/account/security",
  "/account/data",
];

for (const path of SIGNED_IN_PAGES) {
  test(`no serious accessibility violations on ${path} (signed in)`, async ({ page, loginAsCustomer }, testInfo) => {
    await loginAsCustomer({ page, email: uniqueEmail("a11y"), firstName: "Ada", loyaltyPoints: 75 });
    await visit(page, testInfo, path);
    expect(await axeViolations(page, testInfo, path)).toEqual([]);
  });
}

test("no serious accessibility violations on /admin (admin) and on its Access Denied view", async ({ page, loginAsCustomer, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  await visit(page, testInfo, "/admin");
  expect(await axeViolations(page, testInfo, "/admin")).toEqual([]);
  await page.context().clearCookies();
  await loginAsCustomer({ page, email: uniqueEmail("denied") });
  await visit(page, testInfo, "/admin", 403);
  expect(await axeViolations(page, testInfo, "/admin")).toEqual([]);
});

// The Products tab and the product editor (add, edit of a seeded product, and a refused save).
test("no serious accessibility violations on the admin Products tab and product editor", async ({ page, request, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const id = ((await (await request.get(`/api/products/slug/${SLUGS.withColors}`)).json()) as { id: number }).id;
  for (const path of ["/admin?tab=products", "/admin?tab=products&stock=sold-out", "/admin/products/add", `/admin/products/edit/${id}`]) {
    await visit(page, testInfo, path);
    expect(await axeViolations(page, testInfo, path), path).toEqual([]);
  }
});

// The Pages tab and the page editor, with an old version open.
test("no serious accessibility violations on the admin Pages tab and page editor", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  // The seeded first version: other tests add (and take back) newer ones meanwhile.
  const first = withDb((db) => (db.prepare("SELECT min(id) AS id FROM page_versions WHERE slug = 'about'").get() as { id: number }).id);
  for (const path of ["/admin?tab=pages", "/admin/pages/terms-conditions", `/admin/pages/about?version=${first}`]) {
    await visit(page, testInfo, path);
    expect(await axeViolations(page, testInfo, path), path).toEqual([]);
  }
});

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page }, testInfo) => {
    const status = path.includes("no-such") ? 404 : 200;
    await visit(page, testInfo, path, status);
    expect(await axeViolations(page, testInfo, path)).toEqual([]);
  });
}

test("no serious accessibility violations on a filled cart with the drawer open", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.large);
  await visit(page, testInfo, "/cart");
  const openDrawer = async (p: Page) => {
    await p.locator("details.cart-drawer > summary").click();
    await expect(p.locator("details.cart-drawer")).toHaveAttribute("open", "");
  };
  await openDrawer(page);
  expect(await axeViolations(page, testInfo, undefined, openDrawer)).toEqual([]);
});

test("no serious accessibility violations on /checkout with an item in the cart", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/checkout");
  expect(await axeViolations(page, testInfo, "/checkout")).toEqual([]);
});

// One test per order page, each with its own order (axe with JavaScript off opens a second page).
const ORDER_PAGES: { name: string; status: "unpaid" | "paid" | "shipped"; path: (o: { id: number; token: string }) => string; code?: number }[] = [
  { name: "payment", status: "unpaid", path: (o) => `/order/${o.id}/payment?token=${o.token}` },
  { name: "confirmation", status: "paid", path: (o) => `/order/${o.id}/confirmation?token=${o.token}` },
  { name: "confirmation of a shipped order", status: "shipped", path: (o) => `/order/${o.id}/confirmation?token=${o.token}` },
  { name: "details", status: "paid", path: (o) => `/order-details/${o.id}?token=${o.token}` },
  { name: "details of a shipped order", status: "shipped", path: (o) => `/order-details/${o.id}?token=${o.token}` },
  { name: "cancel confirmation step", status: "unpaid", path: (o) => `/order-details/${o.id}?token=${o.token}&confirm=cancel` },
  { name: "confirmation without a token", status: "paid", path: (o) => `/order/${o.id}/confirmation`, code: 403 },
];

for (const p of ORDER_PAGES) {
  test(`no serious accessibility violations on the order ${p.name} page`, async ({ page }, testInfo) => {
    const order = await insertOrder({ status: p.status, ...(p.status === "shipped" ? { trackingNumber: "RR123456785PL", customerMessage: "Thank you" } : {}) });
    const path = p.path(order);
    await visit(page, testInfo, path, p.code ?? 200);
    expect(await axeViolations(page, testInfo, path)).toEqual([]);
  });
}
