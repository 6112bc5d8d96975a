import { expect, type Page, test } from "@playwright/test";
import { cartBadge, expectToast, jsOff, SLUGS, TEXT, visit } from "../helpers/browser";

// Add to Cart on product cards: one item, the success notification, and the shopper stays where
// they were (with JavaScript without a page load and with the drawer open; without, the same page comes back).

const SWEATER = "Cream Cable Knit Sweater";
const APRON = "Linen Summer Apron";

function card(page: Page, title: string) {
  return page
    .locator("main")
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

/** Marks the current document, so a later check can tell whether the page was loaded again. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-test-mark", "kept"));
}

async function documentWasKept(page: Page) {
  return (await page.locator("html").getAttribute("data-test-mark")) === "kept";
}

test("Add to Cart on a card adds one item and stays on the page (with JavaScript: no page load, the drawer opens)", async ({ page }, testInfo) => {
  const url = `/shop?search=${encodeURIComponent(SWEATER)}`;
  await visit(page, testInfo, url);
  await expect(cartBadge(page)).toHaveCount(0);
  const sweater = card(page, SWEATER);
  await expect(sweater).toHaveCount(1);
  await markDocument(page);
  // The module's post to /cart reaches the server at once, but its answer reaches the page a
  // second later, to see the busy state (as on a slow connection).
  await page.route("**/cart", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    // Without JavaScript the answer is a redirect, which the page must follow itself.
    const response = await route.fetch({ maxRedirects: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ response });
  });

  const add = sweater.getByRole("button", { name: `Add to Cart: ${SWEATER}` });
  await add.focus();
  await page.keyboard.press("Enter");
  if (!jsOff(testInfo)) {
    // Busy: "Adding…", still focused, and a second press adds nothing more.
    await expect(add).toHaveText("Adding…");
    await expect(add).toHaveAttribute("aria-busy", "true");
    await expect(add).toBeFocused();
    await page.keyboard.press("Enter");
  }

  await expectToast(page, TEXT.added.title, TEXT.added.description);
  await expect(cartBadge(page)).toHaveText("1");
  await expect(page).toHaveURL(/\/shop\?search=Cream(%20|\+)Cable(%20|\+)Knit(%20|\+)Sweater$/);
  const drawer = page.locator("details.cart-drawer");
  if (jsOff(testInfo)) {
    expect(await documentWasKept(page), "without JavaScript the form posts and the page comes back").toBe(false);
    await expect(drawer).not.toHaveAttribute("open");
  } else {
    expect(await documentWasKept(page), "with JavaScript the add needs no page load").toBe(true);
    await expect(drawer).toHaveAttribute("open", "");
    await expect(page.getByRole("complementary", { name: "Shopping cart" }).getByRole("link", { name: SWEATER })).toBeVisible();
  }
  // The card is ready for another add, with its label back.
  const button = card(page, SWEATER).getByRole("button", { name: `Add to Cart: ${SWEATER}` });
  await expect(button).toBeEnabled();
  await expect(button).toHaveText("Add to Cart");
  await expect(button).not.toHaveAttribute("aria-busy");

  const cart = (await (await page.request.get("/api/cart")).json()) as { quantity: number; product: { slug: string } }[];
  expect(cart.map((item) => [item.product.slug, item.quantity])).toEqual([[SLUGS.inStock, 1]]);
});

test("a card whose product sold out after the page was shown says Out of stock and adds nothing", async ({ page }, testInfo) => {
  // A stale page: the apron's card still offers Add to Cart, but the product it posts is sold out now.
  await visit(page, testInfo, `/shop?search=${encodeURIComponent(APRON)}`);
  const soldOut = (await (await page.request.get(`/api/products/slug/${SLUGS.soldOut}`)).json()) as { id: number };
  const apron = card(page, APRON);
  await apron.locator('input[name="productId"]').evaluate((input, id) => ((input as HTMLInputElement).value = String(id)), soldOut.id);
  await markDocument(page);

  await apron.getByRole("button", { name: `Add to Cart: ${APRON}` }).click();

  await expectToast(page, "Out of stock", "This product is currently out of stock.");
  await expect(cartBadge(page)).toHaveCount(0);
  expect(await documentWasKept(page)).toBe(!jsOff(testInfo));
  if (!jsOff(testInfo)) {
    await expect(page.locator("details.cart-drawer")).not.toHaveAttribute("open");
    await expect(apron.getByRole("button", { name: `Add to Cart: ${APRON}` })).toBeEnabled();
  }
  expect(await (await page.request.get("/api/cart")).json()).toEqual([]);
});
