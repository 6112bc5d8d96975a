import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { addFromProductPage, cartBadge, expectToast, jsOff, SLUGS, TEXT, visit } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// Every shopper's page is lean (app/lib/lean-page.ts): no React or Remix client; the shop's
// browser module (app/browser/main.ts) enhances its markup.
// Every test checks both ways: with JavaScript the enhancement happens without a page load (a
// marker set on the document survives), without it the plain link or form loads the page again.

const LEAN_PAGES = [
  "/",
  "/shop",
  "/shop/1-4-dresses",
  "/shop?search=dress",
  `/product/${SLUGS.withColors}`,
  "/cart",
  "/checkout",
  "/login",
  "/about",
  "/withdrawal",
];

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __kept?: boolean }).__kept = true));
}

async function documentWasKept(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);
}

test("lean pages load only the shop's module: no React, no Remix client, no inline script", async ({ page }, testInfo) => {
  for (const url of LEAN_PAGES) {
    await visit(page, testInfo, url);
    const scripts = await page
      .locator("script")
      .evaluateAll((els) =>
        els.map((el) => ({ type: el.getAttribute("type"), src: el.getAttribute("src"), inline: (el.textContent ?? "").trim().length > 0 })),
      );
    const code = scripts.filter((s) => s.type !== "application/ld+json");
    expect(code, url).toEqual([{ type: "module", src: expect.stringMatching(/^\/build\/shop-[\w-]+\.js$/), inline: false }]);
    await expect(page.locator('link[rel="modulepreload"]'), url).toHaveCount(0);
  }
  // The admin area alone is a React app: its sign-in page has Remix's client and not the module.
  const admin = await (await page.request.get("/admin-login")).text();
  expect(admin).toContain('rel="modulepreload" href="/build/entry.client-');
  expect(admin).not.toContain('src="/build/shop-');
});

test("the gallery changes the image without a page load", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  await markDocument(page);
  await page.locator(".gallery .thumbs").getByRole("link", { name: "Show image 3 of 3" }).click();
  await expect(page.locator(".gallery-counter")).toHaveText("3 / 3");
  await expect(page.locator(".gallery-main img")).toHaveAttribute("src", /-3\.\w+$/);
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(page.locator(".gallery-counter")).toHaveText("1 / 3");
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
});

test("a swatch changes the legend and the stock line, without a page load with JavaScript", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  await markDocument(page);
  const form = page.locator("main form.add-form");
  // Without JavaScript the swatch is a link to ?color=, which renders the page on that colour.
  await form.getByRole("link", { name: "Pink", exact: true }).click();
  await expect(form.locator("legend")).toHaveText("Color: Pink");
  await expect(form.locator(".stock-line")).toHaveText("Only 4 left in stock");
  await expect(form.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  await expect(page).toHaveURL(/\?color=\d+$/);
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
});

test("Add to Cart on the product page says Adding…, then opens the drawer with the line and badge, without a page load", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  await markDocument(page);
  await page.route(`**/product/${SLUGS.inStock}`, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
  });
  // With JavaScript one round trip: the post's answer carries the drawer, the page is not fetched again.
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `/product/${SLUGS.inStock}`) requests.push(r.method());
  });
  const button = page.locator("main form.add-form").getByRole("button", { name: "Add to Cart" });
  await button.click();
  if (!jsOff(testInfo)) {
    await expect(page.locator("main form.add-form button[type=submit]")).toHaveText("Adding…");
    await expect(page.locator("main form.add-form button[type=submit]")).toHaveAttribute("aria-busy", "true");
  }
  await expectToast(page, TEXT.added.title, "Cream Cable Knit Sweater");
  await expect(cartBadge(page)).toHaveText("1");
  if (!jsOff(testInfo)) {
    await expect(page.locator("details.cart-drawer")).toHaveAttribute("open", "");
    await expect(page.getByRole("complementary", { name: "Shopping cart" }).getByRole("link", { name: "Cream Cable Knit Sweater" })).toBeVisible();
    await expect(page.locator("main form.add-form button[type=submit]")).toHaveText("Add to Cart");
    expect(requests).toEqual(["POST"]);
  }
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
});

test("the drawer's quantity and remove forms work without a page load", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/shop");
  await markDocument(page);
  await page.locator("details.cart-drawer > summary").click();
  const panel = page.getByRole("complementary", { name: "Shopping cart" });
  await panel.getByRole("button", { name: "Increase quantity of Cream Cable Knit Sweater" }).click();
  await expect(cartBadge(page)).toHaveText("2");
  if (jsOff(testInfo)) return expect(await documentWasKept(page)).toBe(false);
  await expect(panel.getByLabel("Quantity of Cream Cable Knit Sweater", { exact: true })).toHaveText("2");
  page.once("dialog", (dialog) => void dialog.accept());
  await panel.getByRole("button", { name: "Remove Cream Cable Knit Sweater" }).click();
  await expect(cartBadge(page)).toHaveCount(0);
  await expect(panel.getByText("Your cart is empty")).toBeVisible();
  expect(await documentWasKept(page)).toBe(true);
});

test("Load More appends the next page in place and keeps the page", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/shop");
  await markDocument(page);
  await expect(page.locator("main").getByRole("article")).toHaveCount(12);
  await page.getByRole("link", { name: "Load More Products" }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(page.locator("main").getByRole("article")).toHaveCount(24);
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
});

test("the favorite toggle works without a page load and the header counts it", async ({ page, loginAsCustomer }, testInfo) => {
  await loginAsCustomer({ page, email: uniqueEmail("lean-fav"), firstName: "Clara", lastName: "Bloom" });
  await visit(page, testInfo, `/product/${SLUGS.withVariations}`);
  await markDocument(page);
  await page.getByRole("button", { name: "Add to Favorites" }).click();
  await expectToast(page, "Added to favorites");
  await expect(page.getByRole("button", { name: "Remove from Favorites" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Favorites, 1 items" })).toBeVisible();
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
});

test("the account's favorites Remove works by keyboard without a page load, focus on the list's heading", async ({ page, loginAsCustomer }, testInfo) => {
  await loginAsCustomer({ page, email: uniqueEmail("lean-fav-remove"), firstName: "Clara", lastName: "Bloom" });
  await visit(page, testInfo, `/product/${SLUGS.withVariations}`);
  await page.getByRole("button", { name: "Add to Favorites" }).click();
  await expectToast(page, "Added to favorites");
  await visit(page, testInfo, "/account?tab=favorites");
  await markDocument(page);
  const remove = page.getByRole("button", { name: "Remove Classic Wool Coat from favorites" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Removed from favorites");
  const heading = page.getByRole("heading", { name: "No favorites yet" });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("link", { name: "Favorites, 0 items" })).toBeVisible();
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
  if (!jsOff(testInfo)) await expect(heading).toBeFocused();
});

test("header menus close on Escape and on a click outside (with JavaScript)", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/shop");
  await markDocument(page);
  const mega = page.locator("details.mega");
  await mega.locator("summary").click();
  await expect(mega).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  if (jsOff(testInfo)) {
    await expect(mega).toHaveAttribute("open", "");
    return;
  }
  await expect(mega).not.toHaveAttribute("open");
  await mega.locator("summary").click();
  await expect(mega).toHaveAttribute("open", "");
  await page.locator("footer .copyright").click();
  await expect(mega).not.toHaveAttribute("open");
  expect(await documentWasKept(page)).toBe(true);
});

test("notifications can be dismissed, and fade on their own", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  // A guest's heart leads to the sign-in page, with its notification.
  await page.getByRole("link", { name: "Add to Favorites" }).click();
  await expectToast(page, TEXT.signInForFavorites);
  const toast = page.locator(".toast-region .toast");
  if (jsOff(testInfo)) {
    await expect(page.getByRole("button", { name: "Dismiss notification" })).toHaveCount(0);
    return;
  }
  await page.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toast).toHaveAttribute("data-state", "closed");
  await expect(toast).toHaveCount(0, { timeout: 6000 });
});

test("the module runs under the pages' security policy: no violation, no console error", async ({ page }, testInfo) => {
  // A Content-Security-Policy with script-src 'self' lets a same-origin module through; this
  // catches any policy (now or later) that would block it, and any error it throws.
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const url of LEAN_PAGES) {
    await visit(page, testInfo, url);
    if (!jsOff(testInfo)) await expect(page.locator('.toast-region[data-js="on"]'), url).toHaveCount(1);
  }
  expect(problems).toEqual([]);
});
