import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { confirmAndSubmit, expectToast, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { insertOrder } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";

// The admin's own frame: no shop chrome, the sections in six groups on one row, the counts of what
// waits, the second-factor reminder once per sign-in, and Maintenance under Settings.

const nav = (page: Page) => page.getByRole("navigation", { name: "Admin sections" });
const toShip = () => withDb((db) => (db.prepare("SELECT count(*) AS n FROM orders WHERE status = 'paid'").get() as { n: number }).n);

/** The distinct top edges (rounded) of the boxes: one value means one row. */
async function rowsOf(items: Locator): Promise<number[]> {
  const boxes = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  return [...new Set(boxes)];
}

test("the admin home: its own chrome, six groups on one row, and the orders to ship counted", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("layout-admin") });
  const paid = await insertOrder({ status: "paid" });
  // An open withdrawal, so the row is measured with its pill beside Orders (handled again at the end).
  await e2eDb().insertInto("withdrawals").values({ order_id: paid.id, name: "Layout Test", received_at: new Date().toISOString() }).execute();
  const before = toShip();
  await visit(page, testInfo, "/admin");
  await expect(page.getByTestId("admin-count-withdrawals")).toBeVisible();
  const after = toShip();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.locator("header.site-header, footer.site-footer, .demo-banner, .language-hint")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Admin$/ }).first()).toHaveAttribute("href", "/admin");
  await expect(page.getByRole("link", { name: "View shop" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  const groups = nav(page).getByTestId("admin-nav-group");
  await expect(groups.locator(".admin-nav-group-label")).toHaveText(["Orders", "Products", "Customers", "Marketing", "Content", "Settings"]);
  for (const label of ["Dashboard", "Products", "Categories", "Orders", "Users", "Loyalty", "Settings", "Maintenance"]) {
    await expect(nav(page).getByRole("link", { name: label, exact: false }).first()).toBeVisible();
  }
  await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  // At 1280 px every section shows at once: one row, nothing to scroll.
  expect(await rowsOf(groups)).toHaveLength(1);
  // The sections themselves (the withdrawals pill beside Orders is smaller and sits lower).
  expect(await rowsOf(nav(page).locator(".admin-nav-item > a:not(.admin-nav-alert)"))).toHaveLength(1);
  expect(await nav(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The badge says what the Dashboard says, and what the database holds (when no other test changed it meanwhile).
  const badge = page.getByTestId("admin-count-to-ship");
  await expect(badge).toBeVisible();
  const shown = Number((await badge.locator("[aria-hidden]").textContent())!.trim());
  expect(shown).toBeGreaterThanOrEqual(1);
  if (before === after) expect(shown).toBe(before);
  await expect(nav(page).getByRole("link", { name: new RegExp(`^Orders\\s*,\\s*${shown} to ship$`) })).toBeVisible();

  // The order page has the same frame, with Orders as the section it is in.
  await visit(page, testInfo, `/admin/orders/${paid.id}`);
  await expect(page.locator("header.site-header, footer.site-footer, .demo-banner")).toHaveCount(0);
  await expect(nav(page).getByRole("link", { name: /^Orders/ })).toHaveAttribute("aria-current", "true");
  await e2eDb().updateTable("withdrawals").set({ handled_at: new Date().toISOString() }).where("order_id", "=", paid.id).execute();
});

test("the second-factor reminder shows on the first admin page of a sign-in only; Settings keeps the line", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("layout-2fa") });
  await visit(page, testInfo, "/admin?tab=products");
  await expect(page.getByTestId("two-factor-reminder")).toContainText("Protect the shop with two-factor authentication");
  await visit(page, testInfo, "/admin");
  await expect(page.getByText("Protect the shop with two-factor authentication")).toHaveCount(0);
  await visit(page, testInfo, "/admin?tab=settings");
  await expect(page.getByTestId("two-factor-reminder")).toHaveCount(0);
  const line = page.getByTestId("two-factor-line");
  await expect(line).toContainText("Two-factor authentication is off");
  await expect(line.getByRole("link", { name: "Turn on two-factor authentication" })).toHaveAttribute("href", "/account/two-factor");
});

test("Maintenance sits under Settings; its jobs run from there, and ?tab=functions still leads to it", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("layout-maint") });
  await visit(page, testInfo, "/admin?tab=settings");
  await page.getByRole("link", { name: "Maintenance" }).first().click();
  await expect(page).toHaveURL(/\/admin\?tab=maintenance$/);
  await expect(page.getByRole("heading", { level: 2, name: "Maintenance" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Maintenance" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/You would need it when a category's number/)).toBeVisible();
  await confirmAndSubmit(page, testInfo, () => page.getByRole("button", { name: "Recalculate Category Counts" }).click(), /^Yes, recalculate/);
  await expectToast(page, "Category product counts have been recalculated successfully.");
  await expect(page).toHaveURL(/\/admin\?tab=maintenance$/);

  await visit(page, testInfo, "/admin?tab=functions");
  await expect(page).toHaveURL(/\/admin\?tab=maintenance$/);
  await expect(page.getByRole("button", { name: "Clean Orphaned Relationships" })).toBeVisible();
});

test("on a 360 px phone the sections stay one row that scrolls sideways, and the page does not widen", async ({ page, loginAsAdmin }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin({ page, email: uniqueEmail("layout-phone") });
  await visit(page, testInfo, "/admin?tab=settings");
  const groups = nav(page).getByTestId("admin-nav-group");
  await expect(groups).toHaveCount(6);
  expect(await rowsOf(groups)).toHaveLength(1);
  // The sections themselves (the withdrawals pill beside Orders is smaller and sits lower).
  expect(await rowsOf(nav(page).locator(".admin-nav-item > a:not(.admin-nav-alert)"))).toHaveLength(1);
  // The row is no taller than one group: a label over a line of links.
  const navBox = (await nav(page).boundingBox())!;
  const groupBox = (await groups.first().boundingBox())!;
  expect(navBox.height).toBeLessThanOrEqual(groupBox.height + 16);
  expect(await nav(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
