import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { parse } from "csv-parse/sync";
import { addForm, chooseOption, expectToast, jsOff, SLUGS, visit } from "../helpers/browser";
import { insertOrder } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";

// Operations in the browser: every page still works under the Content-Security-Policy
// (no inline script blocked, no console error), the Activity tab, the Settings forms, 'Back up
// now' and the CSV export link; with JavaScript on and off.

async function signInAdmin(loginAsAdmin: Login, page: Page): Promise<{ id: number; email: string }> {
  const { userId, email } = await loginAsAdmin({ page, email: uniqueEmail("ops-admin"), firstName: "Ops", lastName: "Admin" });
  return { id: userId, email };
}

/** Collects CSP violations (reported in the page) and console errors while the test browses. */
async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (msg) => {
    // The 404 page is meant to answer 404.
    if (msg.type() === "error" && !msg.location().url.endsWith("/no-such-page")) problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction("__reportCsp", (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return problems;
}

test("every page works under the CSP: nothing blocked, no console error, and the scripts run", async ({ page, loginAsAdmin }, testInfo) => {
  test.setTimeout(120_000);
  const problems = await watchForProblems(page);
  const pages = [
    "/",
    "/shop",
    "/shop/1-4-dresses",
    `/product/${SLUGS.withColors}`,
    "/shop?search=dress",
    "/cart",
    "/login",
    "/admin-login",
    "/about",
    "/size-guide",
    "/terms-conditions",
    "/typography",
  ];
  for (const url of pages) await visit(page, testInfo, url);
  await visit(page, testInfo, "/no-such-page", 404);
  const admin = await signInAdmin(loginAsAdmin, page);
  const order = await insertOrder({ userId: admin.id, email: admin.email, status: "unpaid" });
  const paid = await insertOrder({ userId: admin.id, email: admin.email, status: "paid" });
  const signedIn = [
    "/account",
    "/admin",
    "/admin?tab=products",
    "/admin?tab=orders",
    "/admin?tab=users",
    "/admin?tab=loyalty",
    "/admin?tab=maintenance",
    "/admin?tab=settings",
    "/admin?tab=activity",
    "/admin/products/add",
    `/admin/orders/${paid.id}`,
    `/order/${order.id}/payment`,
    `/order-details/${paid.id}`,
    `/orders/${paid.id}/${paid.token}`,
  ];
  for (const url of signedIn) await visit(page, testInfo, url);
  if (!jsOff(testInfo)) {
    // The scripts did run: on a React page a client-side navigation works (no full page load)...
    await visit(page, testInfo, "/account");
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/tab=profile/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    // ...and on a lean catalogue page the shop's module adds to the cart without a page load.
    await visit(page, testInfo, `/product/${SLUGS.withColors}`);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await chooseOption(page, "Pink");
    await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.locator("details.cart-drawer")).toHaveAttribute("open", "");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  }
  expect(problems).toEqual([]);
});

test("settings: a shipping zone and the loyalty rules save and are logged in the Activity tab, filterable", async ({ page, loginAsAdmin }, testInfo) => {
  const admin = await signInAdmin(loginAsAdmin, page);
  await visit(page, testInfo, "/admin?tab=settings");
  const poland = page.locator("#shipping-zones details.zone", { has: page.locator("summary", { hasText: /^Poland/ }) });
  await poland.locator("summary").click();
  // Other tests run against the same shop at the same time: save the zone as it is.
  await expect(poland.getByLabel("Standard price (USD)")).toHaveValue(/^\d+\.\d{2}$/);
  await poland.getByRole("button", { name: "Save Zone" }).click();
  await expectToast(page, "Shipping zone saved", "Poland");
  const loyalty = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Loyalty Rules" }) });
  await expect(loyalty.getByLabel("Points required for a discount")).not.toHaveValue("");
  await loyalty.getByRole("button", { name: "Save Loyalty Rules" }).click();
  await expectToast(page, "Loyalty rules saved");

  await visit(page, testInfo, "/admin?tab=activity");
  await page.getByLabel("What").selectOption("settings.shipping");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=settings\.shipping/);
  // The zones' own tests may save meanwhile (tests/e2e/browser/shipping-zones.spec.ts): the row is among the newest.
  await expect(page.locator("table.activity-table tbody")).toContainText("Shipping zone saved: Poland");
  await expect(page.locator("table.activity-table")).toContainText(admin.email);
  await expect(page.locator('table.activity-table tbody tr:not([data-kind="settings.shipping"])')).toHaveCount(0);
});

test("an order's activity: cancel it, then find it by order number in the Activity tab", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const order = await insertOrder({ status: "paid" });
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  page.once("dialog", (d) => void d.accept());
  await page
    .getByRole("button", { name: /^Cancel/ })
    .first()
    .click();
  if (jsOff(testInfo)) await page.getByRole("button", { name: /^Yes/ }).click();
  await expectToast(page, "Order cancelled");
  await visit(page, testInfo, `/admin?tab=activity&subject=order&id=${order.id}`);
  const row = page.locator("table.activity-table tbody tr").first();
  await expect(row).toContainText(`Order #${order.id} cancelled`);
  await expect(row).toContainText("status: Payment Received → Cancelled");
});

test("Back up now shows the new backup, beside the replication's state; Export CSV downloads the orders and users", async ({
  page,
  loginAsAdmin,
}, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await visit(page, testInfo, "/admin?tab=maintenance");
  // The e2e server runs without LITESTREAM_REPLICA_URL.
  await expect(page.getByTestId("replication")).toHaveText("Replication: not configured");
  await expect(page.getByRole("heading", { name: "Replication" })).toBeVisible();
  await page.getByRole("button", { name: "Back up now" }).click();
  await expectToast(page, "Backup complete");
  await expect(page.getByTestId("last-backup")).toContainText(/Last backup: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC, [\d.]+ (KB|MB)/);

  const paid = await insertOrder({ status: "paid" });
  await insertOrder({ status: "shipped" });
  await visit(page, testInfo, "/admin?tab=orders&status=paid");
  const [orders] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(orders.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await orders.path())!, "utf8");
  expect(text.split("\n")[0]).toContain("Order,Placed at,Status");
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.Status === "Payment Received")).toBe(true);
  expect(rows.some((r) => r.Order === String(paid.id))).toBe(true);

  await visit(page, testInfo, "/admin?tab=users");
  const [users] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(users.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
});
