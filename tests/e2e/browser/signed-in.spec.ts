import { type Page, type TestInfo } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { addFromProductPage, expectToast, SLUGS, visit } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// What the storefront does for a signed-in customer: the user menu, favorites, the loyalty
// notice, and signing out.

function signIn(loginAsCustomer: Login, page: Page, opts: { firstName?: string; loyaltyPoints?: number } = {}) {
  return loginAsCustomer({
    page,
    email: uniqueEmail("shopper"),
    firstName: opts.firstName ?? "Clara",
    lastName: "Bloom",
    loyaltyPoints: opts.loyaltyPoints ?? 0,
  });
}

async function openUserMenu(page: Page) {
  const menu = page.locator("details.user-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  return menu;
}

test("the header greets a signed-in customer and the menu shows name, e-mail and My Account", async ({ page, loginAsCustomer }, testInfo) => {
  const { email } = await signIn(loginAsCustomer, page);
  await visit(page, testInfo, "/");
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  const menu = await openUserMenu(page);
  await expect(menu.locator("summary")).toContainText("Hi, Clara");
  await expect(menu).toContainText("Clara Bloom");
  await expect(menu).toContainText(email);
  await expect(menu.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
});

test("a customer without a first name is greeted as User", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page, { firstName: "" });
  await visit(page, testInfo, "/shop");
  await expect(page.locator("details.user-menu summary")).toContainText("Hi, User");
});

test("favorites toggle on the product page and the header counts them", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  const favorites = page.getByRole("link", { name: /^Favorites, \d+ items$/ });
  await expect(favorites).toHaveAccessibleName("Favorites, 0 items");
  await expect(favorites).toHaveAttribute("href", "/account?tab=favorites");

  await page.getByRole("button", { name: "Add to Favorites" }).click();
  await expectToast(page, "Added to favorites");
  await expect(page.getByRole("button", { name: "Remove from Favorites" })).toBeVisible();
  await expect(favorites).toHaveAccessibleName("Favorites, 1 items");

  await page.getByRole("button", { name: "Remove from Favorites" }).click();
  await expectToast(page, "Removed from favorites");
  await expect(page.getByRole("button", { name: "Add to Favorites" })).toBeVisible();
  await expect(favorites).toHaveAccessibleName("Favorites, 0 items");
});

test("a favorite for a product that no longer exists says Error / Please try again.", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  // A product deleted after the page was loaded: the favorite form posts an id the shop doesn't know.
  // (Posted directly: with JavaScript, React may restore an edited hidden input before the click.)
  await postForm(page, testInfo, "/favorites", { productId: "999999", redirectTo: `/product/${SLUGS.inStock}` });
  await expect(page).toHaveURL(new RegExp(`/product/${SLUGS.inStock}$`));
  await expectToast(page, "Error", "Please try again.");
});

test("the cart page mentions loyalty points when the customer has some", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page, { loyaltyPoints: 120 });
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/cart");
  await expect(page.getByRole("complementary", { name: "Order Summary" })).toContainText("You have 120 loyalty points.");
});

test("a guest sees no loyalty notice", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/cart");
  await expect(page.getByRole("complementary", { name: "Order Summary" })).not.toContainText("loyalty points");
});

test("Log out ends the session, clears the customer's cart from the page and returns home", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  const menu = await openUserMenu(page);
  await menu.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Logged out successfully", "See you next time!");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Favorites, 0 items" })).toBeVisible();
  // The old session is gone on the server too.
  await visit(page, testInfo, "/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

async function postForm(page: Page, testInfo: TestInfo, url: string, form: Record<string, string>) {
  // A plain HTML form post with the page's cookies, then the page the redirect leads to.
  const res = await page.request.post(url, { form, headers: { Accept: "text/html" }, maxRedirects: 0 });
  expect(res.status(), `POST ${url}`).toBe(302);
  await visit(page, testInfo, res.headers()["location"]!);
}

test.describe("error notifications of the cart", () => {
  test("adding a sold-out product from a stale page says Out of stock", async ({ page }, testInfo) => {
    await visit(page, testInfo, "/shop");
    const res = await page.request.get(`/api/products/slug/${SLUGS.soldOut}`);
    const { id } = (await res.json()) as { id: number };
    await postForm(page, testInfo, "/cart", { intent: "add", productId: String(id), quantity: "1", redirectTo: "/shop" });
    await expectToast(page, "Out of stock", "This product is currently out of stock.");
  });

  test("adding more than the stock from a card says Unable to add to cart", async ({ page }, testInfo) => {
    const res = await page.request.get(`/api/products/slug/${SLUGS.lowStock}`);
    const { id } = (await res.json()) as { id: number };
    await postForm(page, testInfo, "/cart", { intent: "add", productId: String(id), quantity: "4", redirectTo: "/shop" });
    await expectToast(page, "Unable to add to cart", "Sorry, we don't have enough items in stock for your request.");
  });

  test("removing an item that is already gone says Failed to remove item", async ({ page }, testInfo) => {
    await addFromProductPage(page, testInfo, SLUGS.inStock);
    await postForm(page, testInfo, "/cart", { intent: "remove", itemId: "999999", confirmed: "yes", redirectTo: "/cart" });
    await expectToast(page, "Failed to remove item");
  });

  test("a drawer quantity change beyond stock says Failed to update cart item.", async ({ page }, testInfo) => {
    await addFromProductPage(page, testInfo, SLUGS.lowStock);
    const cart = (await (await page.request.get("/api/cart")).json()) as { id: number }[];
    await postForm(page, testInfo, "/cart", { intent: "update", itemId: String(cart[0]!.id), quantity: "9", redirectTo: "/shop" });
    await expectToast(page, "Failed to update cart item.", "Sorry, we don't have enough items in stock for your request.");
  });
});
