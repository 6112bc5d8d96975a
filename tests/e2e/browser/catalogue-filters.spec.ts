import { expect, type Page, test } from "@playwright/test";
import { jsOff, visit } from "../helpers/browser";

// The catalogue's sort and filters on a category page (docs/contract.md, "Sorting and filtering the catalogue").

const CATEGORY = "/shop/1-4-scale";

/** Each card's price now (a reduced card shows the reduced price first). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("main").getByRole("article").locator(".price").allTextContents();
  // "$68.00" on English pages, "68,00 USD" on Polish ones.
  return texts.map((t) => {
    const en = /\$([\d,]+\.\d{2})/.exec(t);
    if (en) return Number(en[1]!.replace(/,/g, ""));
    return Number(
      /([\d\s\u00a0]+,\d{2})\s*USD/
        .exec(t)![1]!
        .replace(/[\s\u00a0]/g, "")
        .replace(",", "."),
    );
  });
}

async function chooseAndApply(page: Page, testInfo: Parameters<typeof jsOff>[0]) {
  const form = page.locator("form.shop-filters-form");
  await page.getByText("Filter and sort").click();
  if (jsOff(testInfo)) {
    await form.getByLabel("Sort by").selectOption("price-asc");
    await form.getByRole("checkbox", { name: /^In stock/ }).check();
    await form.getByRole("button", { name: "Apply" }).click();
  } else {
    // With JavaScript a choice submits the form at once.
    await Promise.all([page.waitForURL(/sort=price-asc/), form.getByLabel("Sort by").selectOption("price-asc")]);
    await Promise.all([
      page.waitForURL(/inStock=1/),
      page
        .locator("form.shop-filters-form")
        .getByRole("checkbox", { name: /^In stock/ })
        .check(),
    ]);
  }
}

test("a sort and a filter on a category: in the URL, in order, counted, kept by Load More, canonical clean", async ({ page }, testInfo) => {
  await visit(page, testInfo, CATEGORY);
  await chooseAndApply(page, testInfo);
  await expect(page).toHaveURL(/\/shop\/1-4-scale\?.*sort=price-asc/);
  await expect(page).toHaveURL(/inStock=1/);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  // Each value shows its count; the chosen filter shows as a removable chip.
  await expect(page.locator("form.shop-filters-form").getByRole("checkbox", { name: /^In stock/ })).toHaveAccessibleName(/^In stock \(\d+\)$/);
  await expect(page.getByRole("link", { name: "Remove: In stock" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/shop\/1-4-scale$/);

  const loadMore = page.getByRole("link", { name: "Load More Products" });
  await expect(loadMore).toHaveAttribute("href", /sort=price-asc.*inStock=1.*page=2|inStock=1.*sort=price-asc.*page=2|page=2/);
  await loadMore.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=price-asc/);
  const more = await cardPrices(page);
  expect(more.length).toBeGreaterThan(prices.length);
  expect(more).toEqual([...more].sort((a, b) => a - b));

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/shop\/1-4-scale$/);
});

test("Polish: the same filters under /pl, in Polish", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/pl${CATEGORY}?sort=price-desc&inStock=1&scale=1-9&color=abc`);
  await expect(page.getByText("Filtruj i sortuj")).toBeVisible();
  await expect(page.locator("form.shop-filters-form").getByLabel("Sortuj według")).toHaveValue("price-desc");
  const prices = await cardPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/pl\/shop\/1-4-scale$/);
});

test("on a 360 px phone the filters fold into 'Filter and sort'", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, testInfo, CATEGORY);
  const details = page.locator("details.shop-filters");
  await expect(details).not.toHaveAttribute("open", /.*/);
  await expect(page.locator("form.shop-filters-form").getByLabel("Sort by")).toBeHidden();
  await page.getByText("Filter and sort").click();
  await expect(page.locator("form.shop-filters-form").getByLabel("Sort by")).toBeVisible();
  // A scale's own category offers no scale to choose; the whole shop does.
  await expect(page.locator("form.shop-filters-form legend", { hasText: "Scale" })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the whole shop offers both scales, each with its count", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/shop?inStock=1");
  const scale = page.locator("form.shop-filters-form fieldset", { has: page.locator("legend", { hasText: "Scale" }) });
  await expect(scale.getByRole("radio")).toHaveCount(3);
  await expect(scale.getByText(/1:4 scale \(\d+\)/)).toBeVisible();
  await expect(scale.getByText(/1:6 scale \(\d+\)/)).toBeVisible();
});
