import { expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { addForm, addFromProductPage, cartBadge, cartSummary, chooseOption, expectToast, jsOff, SLUGS, TEXT, visit } from "../helpers/browser";

// The product page: gallery, options, stock line, details, related products, Add to Cart and
// the favorite toggle.

function stockLine(page: Page) {
  return addForm(page).locator(".stock-line");
}

function detailsSection(page: Page, heading: string) {
  return page.locator("main section.details").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
}

test("the tea dress page shows title, price, colour swatches, stock, details and related products", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  await expect(page).toHaveTitle(/^Rose Garden Tea Dress · /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rose Garden Tea Dress");
  await expect(page.locator(".product-info .price")).toHaveText("$38.00");

  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Shop", "Dresses", "Rose Garden Tea Dress"]);
  await expect(crumbs.getByRole("link", { name: "Dresses" })).toHaveAttribute("href", "/shop/1-4-dresses");

  // Colour swatches (links to ?color=): the first colour in stock is preselected; a sold-out colour is marked so (choosing it offers 'Email me when it's back').
  const form = addForm(page);
  const red = form.getByRole("link", { name: "Red", exact: true });
  const pink = form.getByRole("link", { name: "Pink", exact: true });
  const white = form.getByRole("link", { name: "White (sold out)", exact: true });
  await expect(red).toHaveAttribute("aria-current", "true");
  await expect(pink).not.toHaveAttribute("aria-current");
  await expect(pink).toHaveAttribute("href", /\?color=\d+$/);
  await expect(white).toHaveAttribute("href", /\?color=\d+$/);
  await expect(white).toHaveClass(/swatch-sold-out/);
  await expect(form.locator("legend")).toHaveText("Color: Red");
  await expect(stockLine(page)).toHaveText("In stock");
  await expect(form.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

  await chooseOption(page, "Pink");
  await expect(red).not.toHaveAttribute("aria-current");
  await expect(stockLine(page)).toHaveText("Only 4 left in stock");
  await expect(form.locator("legend")).toHaveText("Color: Pink");

  // Product Details: description plus the note of the category.
  const details = detailsSection(page, "Product Details");
  await expect(details).toContainText("A fluttery tea dress in fine cotton lawn");
  await expect(details.locator(".note")).toHaveText(/^Every dress is cut from our own patterns and fitted on real dolls/);

  // Product Information: links to the categories.
  const info = detailsSection(page, "Product Information");
  await expect(info).toContainText("Category:");
  await expect(info.getByRole("link", { name: "Dresses" })).toHaveAttribute("href", "/shop/1-4-dresses");
  await expect(info.getByRole("link", { name: "1:4 Scale Dolls" })).toHaveAttribute("href", "/shop/1-4-scale");

  // Related Products: up to 4 from the same category, never the product itself (the seed has 4 more 1:4 dresses).
  const related = page.getByRole("region", { name: "Related Products" });
  await expect(related.getByRole("article")).toHaveCount(4);
  await expect(related.getByRole("link", { name: "Rose Garden Tea Dress" })).toHaveCount(0);
  for (const category of await related.locator(".card-category").allTextContents()) expect(category).toBe("Dresses");
  // Laid out only as the shopper nears it (content-visibility), its pictures still arrive when she does.
  expect(await shownImagePaths(related.locator("img"))).toHaveLength(4);
});

test("the chosen colour is the one added, and the cart shows its stock", async ({ page }, testInfo) => {
  // Both modes add the chosen colour, and the cart shows that colour's stock.
  await addFromProductPage(page, testInfo, SLUGS.withColors, "Pink");
  await visit(page, testInfo, "/cart");
  const item = page.locator("main li.cart-item");
  await expect(item.locator(".item-facts")).toContainText("ColorPink");
  await expect(item.locator(".stock-note")).toHaveText("Only 4 left in stock");
});

test("the gallery counts images, and thumbnails and arrows change the image", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  const counter = page.locator(".gallery-counter");
  await expect(counter).toHaveText("1 / 3");
  const thumbs = page.locator(".gallery .thumbs").getByRole("link");
  await expect(thumbs).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(thumbs.nth(i)).toHaveAttribute("href", `/product/${SLUGS.withColors}?image=${i}`);
    await expect(thumbs.nth(i)).toHaveAccessibleName(`Show image ${i + 1} of 3`);
  }
  await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");

  await thumbs.nth(1).click();
  await expect(counter).toHaveText("2 / 3");
  await expect(page.locator(".gallery .thumbs").getByRole("link", { name: "Show image 2 of 3" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(counter).toHaveText("3 / 3");
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(counter, "next wraps around to the first image").toHaveText("1 / 3");
  await page.getByRole("link", { name: "Previous image" }).click();
  await expect(counter, "previous wraps around to the last image").toHaveText("3 / 3");

  await visit(page, testInfo, `/product/${SLUGS.withColors}?image=1`);
  await expect(counter).toHaveText("2 / 3");
  await expect(page.locator(".gallery-main img")).toHaveAttribute("src", /-2\.\w+$/);
});

test("stock lines: low stock, in stock, and a sold-out product that cannot be added", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.lowStock}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linen Summer Apron");
  await expect(stockLine(page)).toHaveText("Only 3 left in stock");
  await expect(addForm(page).getByRole("radio")).toHaveCount(0);

  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  await expect(stockLine(page)).toHaveText("In stock");

  await visit(page, testInfo, `/product/${SLUGS.soldOut}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Midnight Velvet Cape");
  await expect(stockLine(page)).toHaveText("Sold out");
  const button = addForm(page).getByRole("button", { name: "Out of Stock" });
  await expect(button).toBeDisabled();
  await expect(addForm(page).getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});

test("the variation product preselects the first size in stock and marks the sold-out one", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withVariations}`);
  const form = addForm(page);
  await expect(form.getByRole("radio", { name: "Size S", exact: true })).toBeChecked();
  await expect(form.getByRole("radio", { name: "Size M", exact: true })).toBeEnabled();
  await expect(form.getByRole("radio", { name: "Size L (sold out)", exact: true })).not.toBeChecked();
  await expect(stockLine(page)).toHaveText("In stock");
  if (!jsOff(testInfo)) {
    await form.getByRole("radio", { name: "Size M", exact: true }).check();
    await expect(stockLine(page)).toHaveText("Only 2 left in stock");
  }
});

test("an unknown product slug shows Product Not Found", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/product/no-such-product", 404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
  await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
});

/**
 * The page preselects the first colour/variation in stock, so "no choice" is made by emptying the
 * colour's hidden field or un-checking the variation's radio, and submitting. Playwright's
 * evaluate runs in its own world, so it works with page JavaScript disabled too (checked in both
 * projects). With JavaScript the un-choice and the submit happen in one task.
 */
async function submitWithoutChoice(page: Page, testInfo: TestInfo, inputName: "colorId" | "variationCode") {
  const checked = addForm(page).locator(inputName === "colorId" ? 'input[name="colorId"]' : 'input[name="variationCode"]:checked');
  await expect(checked).toHaveCount(1);
  const unchoose = (el: HTMLInputElement) => {
    if (el.type === "hidden") el.remove();
    else el.checked = false;
  };
  if (jsOff(testInfo)) {
    await checked.evaluate(unchoose);
    await expect(checked).toHaveCount(0);
    await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  } else {
    const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/product/"));
    await checked.evaluate((el: HTMLInputElement) => {
      const form = el.form!;
      if (el.type === "hidden") el.remove();
      else el.checked = false;
      form.requestSubmit();
    });
    expect((await sent).postData() ?? "", "the add request carries no choice").not.toContain(`${inputName}=`);
  }
}

test("Add to Cart without a colour asks to select a color", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  await submitWithoutChoice(page, testInfo, "colorId");

  await expect(addForm(page).locator("fieldset").filter({ hasText: "Color" }).getByRole("alert")).toHaveText("Select a color");
  if (!jsOff(testInfo)) await expectToast(page, "Select a color");
  await expect(page).toHaveURL(new RegExp(`/product/${SLUGS.withColors}$`));
  await expect(cartBadge(page)).toHaveCount(0);
  await expect(cartSummary(page)).toHaveAttribute("aria-label", "Cart, 0 items");
});

test("Add to Cart without a variation asks to select a variation", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withVariations}`);
  await submitWithoutChoice(page, testInfo, "variationCode");

  await expect(addForm(page).locator("fieldset").filter({ hasText: "Variation" }).getByRole("alert")).toHaveText("Select a variation");
  if (!jsOff(testInfo)) await expectToast(page, "Select a variation");
  await expect(cartBadge(page)).toHaveCount(0);
});

/** The paths the images show once loaded, each scrolled to first (lazy ones load near the viewport). */
async function shownImagePaths(images: Locator): Promise<string[]> {
  const paths: string[] = [];
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: "the image loads" }).toBe(true);
    paths.push(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname);
  }
  return paths;
}

test("thumbnails and the lines of the drawer, cart and checkout show WebP widths, never the JPEG thumbnail", async ({ page }, testInfo) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const webp = /^\/uploads\/products\/w\/[^/]+-\d+\.webp$/;
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  const thumbs = await shownImagePaths(page.locator(".gallery .thumbs > li:not([hidden]) img"));
  expect(thumbs).toHaveLength(3);
  for (const path of thumbs) expect(path).toMatch(webp);
  // The photos not also shown large come at the smallest width (the browser may reuse a larger one it holds).
  for (const path of thumbs.slice(1)) expect(path).toMatch(/-320\.webp$/);

  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, TEXT.added.title);
  if (jsOff(testInfo)) await cartSummary(page).click();
  const [drawerLine] = await shownImagePaths(page.getByRole("complementary", { name: "Shopping cart" }).locator(".drawer-item img"));
  expect(drawerLine).toMatch(webp);

  await visit(page, testInfo, "/cart");
  const [cartLine] = await shownImagePaths(page.locator(".cart-item img"));
  await visit(page, testInfo, "/checkout");
  const [checkoutLine] = await shownImagePaths(page.locator(".checkout-line img"));
  // The same photo as the drawer's, at some WebP width.
  const photo = (path: string | undefined) => path?.replace(/-\d+\.webp$/, "");
  expect([photo(cartLine), photo(checkoutLine)]).toEqual([photo(drawerLine), photo(drawerLine)]);
  expect(requested.filter((path) => path.includes("/thumbs/"))).toEqual([]);
});

test("Add to Cart with a colour confirms, counts the item and (with JavaScript) opens the cart drawer", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  await expect(cartBadge(page)).toHaveCount(0);
  await chooseOption(page, "Pink");
  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();

  await expectToast(page, TEXT.added.title, "Rose Garden Tea Dress, Pink");
  await expect(cartBadge(page)).toHaveText("1");
  await expect(cartSummary(page)).toHaveAttribute("aria-label", "Cart, 1 items");
  // Still on the chosen colour's page.
  await expect(page).toHaveURL(new RegExp(`/product/${SLUGS.withColors}\\?color=\\d+$`));

  const drawer = page.locator("details.cart-drawer");
  const panel = page.getByRole("complementary", { name: "Shopping cart" });
  if (jsOff(testInfo)) {
    // No script to open it: the drawer is a plain <details> the shopper opens.
    await expect(drawer).not.toHaveAttribute("open");
    await cartSummary(page).click();
  }
  await expect(drawer).toHaveAttribute("open", "");
  await expect(panel.getByRole("link", { name: "Rose Garden Tea Dress" })).toBeVisible();
  await expect(panel).toContainText("Pink · $38.00");
  await expect(panel.getByRole("link", { name: "View Cart" })).toHaveAttribute("href", "/cart");
  await expect(panel.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  await expect(panel.getByText("Subtotal")).toBeVisible();
});
