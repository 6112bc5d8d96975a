import { expect, type Locator, type Page, test } from "@playwright/test";
import { addFromProductPage, cartBadge, cartSummary, confirmCartChange, expectToast, jsOff, SLUGS, TEXT, visit } from "../helpers/browser";

// The cart page and drawer: quantities, stock limits, remove/clear with confirmation, totals
// and large-item shipping. Carts never change stock.

function cartItem(page: Page, title: string) {
  return page.locator("main li.cart-item").filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

function summary(page: Page) {
  return page.getByRole("complementary", { name: "Order Summary" });
}

/** The <dd> next to a <dt> of a totals/facts list. */
function fact(scope: Locator, label: string | RegExp) {
  const dt = scope.page().locator("dt").getByText(label, { exact: true });
  return scope.locator("dl > div").filter({ has: dt }).locator("dd");
}

test("the cart page shows the item card, changes quantities and totals the order", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.withColors);
  await visit(page, testInfo, "/cart");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Cart");
  await expect(page.locator("main .page-head")).toContainText("1 item · Continue Shopping");
  await expect(page.locator("main .page-head").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");

  const item = cartItem(page, "Rose Garden Tea Dress");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("link", { name: "Rose Garden Tea Dress" })).toHaveAttribute("href", `/product/${SLUGS.withColors}`);
  await expect(item).toContainText("Dresses");
  await expect(fact(item, "Color")).toHaveText("Red");
  await expect(fact(item, "Price")).toHaveText("$38.00");
  await expect(item.locator(".stock-note")).toHaveText("In stock");

  const quantity = item.getByRole("status", { name: "Quantity of Rose Garden Tea Dress" });
  const minus = item.getByRole("button", { name: "Decrease quantity of Rose Garden Tea Dress" });
  const plus = item.getByRole("button", { name: "Increase quantity of Rose Garden Tea Dress" });
  await expect(quantity).toHaveText("1");
  await expect(minus, "quantity cannot go below 1").toBeDisabled();
  await expect(plus).toBeEnabled();

  const totals = summary(page);
  await expect(totals.getByRole("heading", { name: "Order Summary" })).toBeVisible();
  await expect(fact(totals, "Subtotal")).toHaveText("$38.00");
  await expect(totals.locator("dt").nth(1)).toHaveText(/^Shipping \(.+\)$/);
  const shippingText = (await fact(totals, /^Shipping/).textContent())!;
  const shippingCents = shippingText === "Free" ? 0 : Math.round(Number(shippingText.replace("$", "")) * 100);
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  await expect(fact(totals, "Total")).toHaveText(money(3800 + shippingCents));
  await expect(totals.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");

  await plus.click();
  await expect(quantity).toHaveText("2");
  await expect(minus).toBeEnabled();
  await expect(page.locator("main .page-head")).toContainText("2 items");
  await expect(item.locator(".line-total")).toHaveText("$76.00");
  await expect(fact(totals, "Subtotal")).toHaveText("$76.00");
  await expect(fact(totals, "Total")).toHaveText(money(7600 + shippingCents));
  await expect(cartBadge(page)).toHaveText("2");

  await minus.click();
  await expect(quantity).toHaveText("1");
  await expect(minus).toBeDisabled();
  await expect(fact(totals, "Subtotal")).toHaveText("$38.00");
  await expect(cartBadge(page)).toHaveText("1");
});

test("quantities stop at the stock, and a forced larger quantity is refused", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.lowStock);
  await visit(page, testInfo, "/cart");
  const item = cartItem(page, "Linen Summer Apron");
  const quantity = item.locator("output");
  const plus = item.getByRole("button", { name: "Increase quantity of Linen Summer Apron" });
  await expect(item.locator(".stock-note")).toHaveText("Only 3 left in stock");
  await expect(quantity).toHaveText("1");
  await plus.click();
  await expect(quantity).toHaveText("2");
  await plus.click();
  await expect(quantity).toHaveText("3");
  await expect(plus, "plus is disabled at the stock of 3").toBeDisabled();
  await expect(cartBadge(page)).toHaveText("3");

  // A crafted form post (page.request shares the page's cookies) asks for 4. It accepts HTML like
  // a browser's form post does (so the app answers post/redirect/get), and the redirect is not
  // followed so that the flash notification is left for the page to show.
  const itemId = await item.locator('input[name="itemId"]').first().inputValue();
  const response = await page.request.post("/cart", {
    form: { intent: "update", itemId, quantity: "4", redirectTo: "/cart" },
    headers: { Accept: "text/html,application/xhtml+xml" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/cart");
  await visit(page, testInfo, "/cart");
  await expectToast(page, "Failed to update quantity", TEXT.notEnoughStock);
  await expect(quantity).toHaveText("3");
  await expect(cartBadge(page)).toHaveText("3");
});

test("removing an item asks first, then empties the cart", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.withColors);
  await visit(page, testInfo, "/cart");
  const remove = page.locator("main").getByRole("button", { name: "Remove Rose Garden Tea Dress" });
  await expect(remove).toHaveText("Remove");

  await confirmCartChange(page, testInfo, () => remove.click(), TEXT.removeQuestion, "Yes, remove");

  await expectToast(page, "Item removed");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "Browse Products" })).toHaveAttribute("href", "/shop");
  await expect(page.locator("main li.cart-item")).toHaveCount(0);
  await expect(page.locator("main .page-head")).toContainText("0 items");
  await expect(cartBadge(page)).toHaveCount(0);
  await expect(cartSummary(page)).toHaveAttribute("aria-label", "Cart, 0 items");
});

test("cancelling the remove confirmation keeps the item", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.withColors);
  await visit(page, testInfo, "/cart");
  const remove = page.locator("main").getByRole("button", { name: "Remove Rose Garden Tea Dress" });
  if (jsOff(testInfo)) {
    await remove.click();
    const box = page.getByRole("alertdialog");
    await expect(box).toContainText(TEXT.removeQuestion);
    await expect(box).toContainText("Rose Garden Tea Dress");
    await box.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  } else {
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await remove.click();
    await expect.poll(() => asked).toEqual([TEXT.removeQuestion]);
  }
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartItem(page, "Rose Garden Tea Dress")).toHaveCount(1);
  await expect(cartBadge(page)).toHaveText("1");
});

test("Clear Cart asks first, then empties the cart", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.withColors);
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/cart");
  await expect(page.locator("main li.cart-item")).toHaveCount(2);

  const clear = page.locator("main").getByRole("button", { name: "Clear Cart" });
  await confirmCartChange(page, testInfo, () => clear.click(), TEXT.clearQuestion, "Yes, clear cart");

  await expectToast(page, "Cart cleared");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "Browse Products" })).toBeVisible();
  await expect(page.locator("main li.cart-item")).toHaveCount(0);
  await expect(cartBadge(page)).toHaveCount(0);
});

test("a large item gets Large Item Shipping, noted in the drawer", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.large);
  await visit(page, testInfo, "/cart");
  const totals = summary(page);
  await expect(totals.locator("dt").nth(1)).toHaveText("Shipping (Large Item Shipping)");
  await expect(fact(totals, /^Shipping/)).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(fact(totals, "Subtotal")).toHaveText("$89.00");

  const drawer = page.getByRole("complementary", { name: "Shopping cart" });
  await expect(drawer).toBeHidden();
  await cartSummary(page).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Doll Steamer Trunk" })).toBeVisible();
  await expect(drawer.getByText("Large item shipping applied")).toBeVisible();
  await expect(fact(drawer, "Subtotal")).toHaveText("$89.00");
});

test("the empty cart drawer and page offer a way back to the shop", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await cartSummary(page).click();
  const drawer = page.getByRole("complementary", { name: "Shopping cart" });
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
});

test("by keyboard the cart page's forms keep focus sensibly, and with JavaScript load no page", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.withColors);
  await visit(page, testInfo, "/cart");
  await page.evaluate(() => document.documentElement.setAttribute("data-test-mark", "kept"));
  const item = cartItem(page, "Rose Garden Tea Dress");
  const quantity = item.getByRole("status", { name: "Quantity of Rose Garden Tea Dress" });
  const minus = item.getByRole("button", { name: "Decrease quantity of Rose Garden Tea Dress" });
  const plus = item.getByRole("button", { name: "Increase quantity of Rose Garden Tea Dress" });

  await plus.focus();
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveText("2");
  await expect(fact(summary(page), "Subtotal")).toHaveText("$76.00");
  await expect(cartBadge(page)).toHaveText("2");
  if (!jsOff(testInfo)) await expect(plus, "focus stays on the same control in the fresh list").toBeFocused();

  await minus.focus();
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveText("1");
  await expect(minus).toBeDisabled();
  await expect(fact(summary(page), "Subtotal")).toHaveText("$38.00");
  if (!jsOff(testInfo)) await expect(plus, "the − is disabled now: focus moves to the +").toBeFocused();

  const remove = page.locator("main").getByRole("button", { name: "Remove Rose Garden Tea Dress" });
  await confirmCartChange(
    page,
    testInfo,
    async () => {
      await remove.focus();
      await page.keyboard.press("Enter");
    },
    TEXT.removeQuestion,
    "Yes, remove",
  );
  await expectToast(page, "Item removed");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.locator("main .page-head")).toContainText("0 items");
  await expect(cartBadge(page)).toHaveCount(0);
  const kept = (await page.locator("html").getAttribute("data-test-mark")) === "kept";
  if (jsOff(testInfo)) {
    expect(kept, "without JavaScript each form posts and the page comes back").toBe(false);
  } else {
    expect(kept, "with JavaScript the page stays").toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart" }), "the item is gone: focus goes to the page's heading").toBeFocused();
  }
});

test("cancelling Clear Cart sends nothing", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.withColors);
  await visit(page, testInfo, "/cart");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const clear = page.locator("main").getByRole("button", { name: "Clear Cart" });
  if (jsOff(testInfo)) {
    // The server's confirmation step: the form asks (no change yet), Cancel goes back.
    await clear.click();
    await expect(page.getByRole("alertdialog")).toContainText(TEXT.clearQuestion);
    await page.getByRole("alertdialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  } else {
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await clear.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => asked).toEqual([TEXT.clearQuestion]);
    await expect(clear).toBeFocused();
    expect(posts, "nothing is sent").toEqual([]);
  }
  await expect(cartItem(page, "Rose Garden Tea Dress")).toHaveCount(1);
  await expect(cartBadge(page)).toHaveText("1");
});

test("the drawer's Checkout opens the cart as it is now: fetched ahead with JavaScript, and again after a change", async ({ page, context }, testInfo) => {
  // What the browser fetched ahead, as DevTools reports it (speculation rules run only with JavaScript).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Preload.enable");
  const ready: string[] = [];
  cdp.on("Preload.prefetchStatusUpdated", (event) => {
    if (event.status === "Ready") ready.push(new URL(event.key.url).pathname);
  });
  await addFromProductPage(page, testInfo, SLUGS.large);
  const drawer = page.getByRole("complementary", { name: "Shopping cart" });
  if (!(await drawer.isVisible())) await cartSummary(page).click();
  const checkout = drawer.getByRole("link", { name: "Checkout", exact: true });
  await expect(checkout).toHaveAttribute("href", "/checkout");
  if (jsOff(testInfo)) await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
  else await expect.poll(() => ready).toEqual(["/checkout"]);

  await drawer.getByRole("button", { name: "Increase quantity of Doll Steamer Trunk" }).click();
  if (jsOff(testInfo)) await cartSummary(page).click();
  await expect(drawer.locator(".drawer-controls").first()).toContainText("2");
  // The page fetched for one trunk is dropped with the old drawer; the new drawer fetches it again.
  if (!jsOff(testInfo)) await expect.poll(() => ready).toEqual(["/checkout", "/checkout"]);

  await checkout.click();
  await page.waitForURL((url) => url.pathname === "/checkout");
  const line = page.locator(".checkout-line").filter({ hasText: "Doll Steamer Trunk" });
  await expect(line.getByText("Qty: 2")).toBeVisible();
  await expect(page.getByTestId("summary-subtotal")).toHaveText("$178.00");
  if (!jsOff(testInfo)) {
    const delivery = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType,
    );
    expect(delivery).toBe("navigational-prefetch");
  }
});
