import { expect, type Page, test } from "@playwright/test";
import { jsOff, visit } from "../helpers/browser";

// /shop (paging with Load More) and the header search.

const PAGE_SIZE = 12;

function productCards(page: Page) {
  return page.locator("main").getByRole("article");
}

function cardTitles(page: Page) {
  return productCards(page).locator(".card-title").allTextContents();
}

/** The desktop header search box (the mobile one sits in the closed mobile menu). */
function headerSearch(page: Page) {
  return page.locator(".header-search").getByRole("search").getByRole("searchbox");
}

test("/shop lists 12 products and Load More appends pages until everything is shown", async ({ page }, testInfo) => {
  // Other tests add products to the shared e2e catalogue while this one runs (newest first), so
  // every page is checked against its own "Showing X of Y" figures, not the first page's.
  await visit(page, testInfo, "/shop");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Home", "Shop"]);
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);

  const showing = page.getByText(/^Showing [\d,]+ of [\d,]+ products$/);
  const figures = async () => {
    const [, shown, total] = /Showing ([\d,]+) of ([\d,]+) products/.exec(((await showing.textContent()) ?? "").replace(/,/g, ""))!.map(Number);
    return { shown: shown!, total: total! };
  };
  await expect(showing).toHaveText(/^Showing 12 of [\d,]+ products$/);
  expect((await figures()).total, "the seed has more than two pages of products").toBeGreaterThan(2 * PAGE_SIZE);
  const firstPage = await cardTitles(page);

  const loadMore = page.getByRole("link", { name: "Load More Products" });
  await loadMore.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => ({ scrollY: window.scrollY, entries: history.length }));
  expect(before.scrollY, "Load More is below the first screen").toBeGreaterThan(0);
  await loadMore.click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(productCards(page)).toHaveCount(2 * PAGE_SIZE);
  if (!jsOff(testInfo)) {
    // With JavaScript Load More appends in place: the shopper stays where they were, and Back
    // leaves the list instead of stepping through its pages.
    const after = await page.evaluate(() => ({ scrollY: window.scrollY, entries: history.length }));
    expect(after.scrollY, "the scroll position is kept").toBeGreaterThan(before.scrollY / 2);
    expect(after.entries, "the history entry is replaced").toBe(before.entries);
  }
  await expect(showing).toHaveText(/^Showing 24 of [\d,]+ products$/);
  const secondPage = await cardTitles(page);
  const at = secondPage.indexOf(firstPage[0]!);
  expect(at, "page 1's products are still listed, in the same order").toBeGreaterThanOrEqual(0);
  expect(secondPage.slice(at, at + PAGE_SIZE), "page 2 keeps page 1's products together and in order").toEqual(firstPage);
  expect(new Set(secondPage).size, "no product is listed twice").toBe(secondPage.length);

  // Without JavaScript a page shows at most two pages of products (?page=N: pages N-1 and N),
  // with a link to the earlier ones; with JavaScript Load More keeps appending in place.
  const windowed = page.getByText(/^Showing [\d,]+(–[\d,]+)? of [\d,]+ products$/);
  const range = async () => {
    const text = ((await windowed.textContent()) ?? "").replace(/,/g, "");
    const m = /Showing (\d+)(?:–(\d+))? of (\d+)/.exec(text)!;
    const [first, last] = m[2] ? [Number(m[1]), Number(m[2])] : [1, Number(m[1])];
    return { first, last, total: Number(m[3]) };
  };
  // A product another test adds while this one runs moves every later page down by one: with
  // JavaScript the card that moves onto the next page is already listed and is not appended
  // twice, so the list may fall short of n pages by as many products as were added meanwhile.
  const startTotal = (await figures()).total;
  const slack = (total: number) => (jsOff(testInfo) ? 0 : Math.abs(total - startTotal));
  for (let n = 3; (await loadMore.count()) > 0; n++) {
    expect(n, "Load More ends").toBeLessThan(100);
    await loadMore.click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?page=${n}$`));
    await expect
      .poll(async () => {
        const r = await range();
        const full = Math.min(n * PAGE_SIZE, r.total);
        return r.last <= full && r.last >= full - slack(r.total);
      })
      .toBe(true);
    const r = await range();
    if (!jsOff(testInfo)) expect(r.first, "with JavaScript every page stays listed").toBe(1);
    else expect(r.first, "without JavaScript the page shows the previous page and this one").toBe((n - 2) * PAGE_SIZE + 1);
    await expect(productCards(page)).toHaveCount(r.last - r.first + 1);
  }
  const { first, last, total } = await range();
  expect(last).toBeLessThanOrEqual(total);
  expect(last).toBeGreaterThanOrEqual(total - slack(total));
  await expect(productCards(page)).toHaveCount(last - first + 1);
});

test("every product is reachable: ?page=N shows at most two pages and links to the earlier ones", async ({ page }, testInfo) => {
  const { total } = (await (await page.request.get("/api/products?limit=1")).json()) as { total: number };
  const lastPage = Math.ceil(total / PAGE_SIZE);
  expect(lastPage, "the seed has at least three pages").toBeGreaterThanOrEqual(3);
  await visit(page, testInfo, `/shop?page=${lastPage}`);
  const first = (lastPage - 2) * PAGE_SIZE + 1;
  await expect(page.getByText(`Showing ${first}–${total} of ${total} products`)).toBeVisible();
  await expect(productCards(page)).toHaveCount(total - first + 1);
  await expect(page.getByRole("link", { name: "Load More Products" })).toHaveCount(0);
  // The oldest product is on the last page.
  const oldest = (await (await page.request.get(`/api/products?page=${total}&limit=1`)).json()) as { products: { title: string }[] };
  await expect(productCards(page).getByRole("link", { name: oldest.products[0]!.title, exact: true })).toHaveCount(1);
  await page.getByRole("link", { name: "Show earlier products" }).click();
  await expect(page).toHaveURL(lastPage - 2 > 1 ? new RegExp(`/shop\\?page=${lastPage - 2}$`) : /\/shop$/);
  // Past the end: the last page.
  await visit(page, testInfo, `/shop?page=${lastPage + 50}`);
  await expect(page).toHaveURL(new RegExp(`/shop\\?page=${lastPage}$`));
});

test("a misspelt search shows the corrected results, and can search the words as typed", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/shop?search=sweter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "sweter"');
  await expect(page.locator(".search-correction")).toContainText("Showing results for sweater");
  await expect(page.locator(".search-correction b")).toHaveText("sweater");
  await expect(productCards(page).getByRole("link", { name: "Cream Cable Knit Sweater", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Search instead for sweter" }).click();
  await expect(page).toHaveURL(/\/shop\?search=sweter&exact=1$/);
  await expect(page.getByRole("heading", { name: 'No products found for "sweter"' })).toBeVisible();
  await expect(page.locator(".search-correction")).toHaveCount(0);
  // Plurals find singulars.
  await visit(page, testInfo, "/shop?search=sweaters");
  await expect(page.locator(".search-correction")).toHaveCount(0);
  await expect(productCards(page).getByRole("link", { name: "Cream Cable Knit Sweater", exact: true })).toBeVisible();
});

test("hostile search input answers a normal page quickly", async ({ page }, testInfo) => {
  const hostile = ["x".repeat(1000), "!!!???...", 'NEAR("a" "b") OR title:* ^ -', "✨💖🧵", "فستان أحمر", "שמלה כחולה", "sweter ".repeat(140)];
  for (const term of hostile) {
    const started = Date.now();
    await visit(page, testInfo, `/shop?search=${encodeURIComponent(term)}`);
    expect(Date.now() - started, term.slice(0, 12)).toBeLessThan(5000);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Search Results for "/);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  }
});

test("searching from the header trims the text and finds the tea dress", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  const box = headerSearch(page);
  await box.fill(" tea dress ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=tea\+dress$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "tea dress"');
  await expect(productCards(page).getByRole("link", { name: "Rose Garden Tea Dress", exact: true })).toBeVisible();
  // A search is not a category: the breadcrumb stops at Shop and no category blurb shows.
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Home", "Shop"]);
  await expect(page.getByText(/^Browse our collection of/)).toHaveCount(0);
});

test("an empty or blank search is not submitted", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/about");
  const box = headerSearch(page);
  for (const text of ["", "   "]) {
    await box.fill(text);
    await box.press("Enter");
    await page.locator(".header-search").getByRole("button", { name: "Search" }).click();
    expect(await box.evaluate((el: HTMLInputElement) => el.validity.valid), `"${text}" is invalid`).toBe(false);
  }
  // Give a (wrong) submission time to navigate before checking that nothing happened.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Search Results/);
});

test("a search without matches shows the empty state (and starts again at page 1)", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/shop?page=2");
  const box = headerSearch(page);
  await box.fill("zqxjvw");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=zqxjvw$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "zqxjvw"');
  await expect(page.getByRole("heading", { name: 'No products found for "zqxjvw"' })).toBeVisible();
  await expect(productCards(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Load More Products" })).toHaveCount(0);
  await page.locator("main").getByRole("link", { name: "View All Products" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
});

test("odd search input renders a normal page", async ({ page }, testInfo) => {
  const odd = ['"quoted" words', "100%", "*", "'; DROP TABLE products; --", "tea%dress_", "<b>bold</b>"];
  for (const term of odd) {
    await visit(page, testInfo, `/shop?search=${encodeURIComponent(term)}`);
    await expect(page.getByRole("heading", { level: 1 }), term).toHaveText(`Search Results for "${term}"`);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  }
  // The same through the header form, and the catalogue is still whole afterwards.
  const box = headerSearch(page);
  await box.fill("'; DROP TABLE products; --");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search Results for "'; DROP TABLE products; --"`);
  await visit(page, testInfo, "/shop");
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);
});
