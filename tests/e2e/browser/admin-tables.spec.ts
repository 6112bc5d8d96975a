import { type Locator, type Page } from "@playwright/test";
import { makeCategory, makeProduct } from "../../helpers/kit";
import { expect, type Login, test } from "../fixtures";
import { confirmAndSubmit, expectToast, visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { insertOrder, makeStockProduct } from "../helpers/orders";
import { openRowMenu } from "../helpers/row-menu";
import { uniqueEmail } from "../helpers/session";

// The admin's tables and forms read like a shop's admin: one action per row with the rest behind
// 'More', boxes beside their labels, and figures in dollars with thousands grouped and a line
// saying what they count. With JavaScript on and off.

const signIn = (loginAsAdmin: Login, page: Page) => loginAsAdmin({ page, email: uniqueEmail("tables-admin") });

test("a product row shows Edit; View and Delete are in its 'More' menu, and Delete there deletes", async ({ page, loginAsAdmin }, testInfo) => {
  await signIn(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const category = await makeCategory(e2eDb(), { name: `Row Menu ${tag}`, slug: `row-menu-${tag}`, sortOrder: 950 });
  const title = `Menu Gown ${tag}`;
  const slug = `menu-gown-${tag}`;
  await makeProduct(e2eDb(), {
    title,
    slug,
    description: "Made for a row menu test.",
    priceCents: 123_456,
    stock: 2,
    categoryIds: [category.id],
    image: false,
  });
  await visit(page, testInfo, `/admin?tab=products&category=${category.id}`);
  const row = page.getByTestId(`product-row-${slug}`);
  await expect(row.getByRole("cell").filter({ hasText: "$1,234.56" })).toHaveCount(1);
  await expect(row.getByRole("link", { name: `Edit ${title}` })).toBeVisible();
  await expect(row.getByRole("button", { name: `Delete ${title}` })).toBeHidden();
  await expect(row.locator(".button-danger")).toHaveCount(0);

  // The primary action and the menu's button sit on the row's line.
  const rowBox = (await row.boundingBox())!;
  for (const control of [row.getByRole("link", { name: `Edit ${title}` }), row.locator("details.row-menu > summary")]) {
    const box = (await control.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(rowBox.y);
    expect(box.y + box.height).toBeLessThanOrEqual(rowBox.y + rowBox.height);
  }

  const menu = await openRowMenu(row);
  await expect(menu.getByRole("link", { name: `View ${title}` })).toHaveAttribute("href", `/product/${slug}`);
  await confirmAndSubmit(page, testInfo, () => menu.getByRole("button", { name: `Delete ${title}` }).click(), /^Yes, delete product/);
  await expectToast(page, "Product deleted", title);
  await expect(page.getByTestId(`product-row-${slug}`)).toHaveCount(0);
});

/** Box and label on one line: the box left of its label, their vertical middles within a few pixels. */
async function expectBesideItsLabel(box: Locator, label: Locator) {
  const b = (await box.boundingBox())!;
  const l = (await label.boundingBox())!;
  expect(b.width).toBeLessThanOrEqual(24);
  expect(b.x + b.width).toBeLessThanOrEqual(l.x);
  expect(l.x - (b.x + b.width)).toBeLessThan(24);
  // The box sits on the label's first line (a long label may wrap under it).
  expect(b.y).toBeGreaterThanOrEqual(l.y - 6);
  expect(b.y).toBeLessThan(l.y + 16);
}

/** Every visible box of the page that has a label of its own (label[for]) sits beside that label; answers how many. */
async function expectEveryBoxBesideItsLabel(page: Page): Promise<number> {
  const ids = await page.locator('input[type="checkbox"][id]:visible').evaluateAll((boxes) => boxes.map((b) => b.id));
  let checked = 0;
  for (const id of ids) {
    const label = page.locator(`label[for="${id}"]`);
    if ((await label.count()) === 0) continue;
    await expectBesideItsLabel(page.locator(`[id="${id}"]`), label);
    checked++;
  }
  return checked;
}

test("every box of the product editor and the discount form sits beside its label", async ({ page, loginAsAdmin }, testInfo) => {
  await signIn(loginAsAdmin, page);
  await visit(page, testInfo, "/admin/products/add");
  for (const id of ["product-madeToOrder", "product-isPersonalised", "product-isLarge", "product-isLatestCollection"]) {
    await expectBesideItsLabel(page.locator(`#${id}`), page.locator(`label[for="${id}"]`));
  }
  expect(await expectEveryBoxBesideItsLabel(page)).toBeGreaterThanOrEqual(4);
  await visit(page, testInfo, "/admin?tab=discounts");
  expect(await expectEveryBoxBesideItsLabel(page)).toBeGreaterThanOrEqual(3);
});

test("the dashboard's figures say what they count and show dollars with thousands grouped", async ({ page, loginAsAdmin }, testInfo) => {
  await signIn(loginAsAdmin, page);
  // A shipped order of $1,200.00 makes the all-time revenue at least four figures.
  const product = await makeStockProduct(1, 120_000);
  await insertOrder({ status: "shipped", email: uniqueEmail("tables-dash"), lines: [{ slug: product.slug, quantity: 1 }] });
  await visit(page, testInfo, "/admin");
  const revenue = page.getByRole("region", { name: "Total Revenue" });
  await expect(revenue.getByTestId("revenue-all-time")).toHaveText(/^\$\d{1,3}(,\d{3})+\.\d{2}$/);
  await expect(revenue.getByTestId("revenue-12-months")).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(revenue).toContainText("All time: paid and shipped orders, before refunds");
  await expect(revenue).toContainText("Last 12 months");
  const orders = page.getByRole("region", { name: "Total Orders" });
  await expect(orders).toContainText("Paid and shipped orders");
  await expect(orders).toContainText("Orders to ship");
  await expect(orders).toContainText("All orders, any status");
  await expect(page.getByRole("figure", { name: /Revenue by month, last 12 months/ })).toContainText("paid and shipped, before refunds");
});
