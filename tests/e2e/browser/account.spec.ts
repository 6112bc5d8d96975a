import { type Page } from "@playwright/test";
import { makeLoyaltyEvents } from "../../helpers/kit";
import { expect, type Login, test } from "../fixtures";
import { expectNoHorizontalScroll, expectToast, jsOff, SLUGS, visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { ensureUser, type TestUserOptions, uniqueEmail } from "../helpers/session";

// My Account: tabs as links, the profile form, favorites and loyalty, with JavaScript on and off.

function signIn(loginAsCustomer: Login, page: Page, opts: TestUserOptions = {}) {
  return loginAsCustomer({ page, email: uniqueEmail("account"), firstName: "Clara", lastName: "Bloom", ...opts });
}

function tabs(page: Page) {
  return page.getByRole("navigation", { name: "Account sections" });
}

test("a signed-out visitor is sent to the home page", async ({ page }) => {
  await page.goto("/account?tab=profile");
  await expect(page).toHaveURL(/\/$/);
});

test("the orders tab is the default and shows the welcome notice and the empty state", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await visit(page, testInfo, "/account");
  await expect(page).toHaveTitle("My Account · Little Stitches Atelier");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.locator(".account-welcome")).toContainText("new shop");
  await expect(page.locator(".account-welcome")).toContainText("loyalty points");
  await expect(page.locator(".account-welcome a[href^='mailto:']")).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/shop");
});

test("the tabs are plain links and an unknown tab falls back to orders", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await visit(page, testInfo, "/account?tab=wishlist");
  await expect(tabs(page).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await tabs(page).getByRole("link", { name: "Loyalty Points" }).click();
  await expect(page).toHaveURL(/\/account\?tab=loyalty$/);
  await expect(tabs(page).getByRole("link", { name: "Loyalty Points" })).toHaveAttribute("aria-current", "page");
  await expect(tabs(page).getByRole("link", { name: "Orders" })).not.toHaveAttribute("aria-current", "page");
});

test.describe("profile", () => {
  test("Edit Profile, change first name and country, Save Changes: 'Profile updated' and the new values", async ({ page, loginAsCustomer }, testInfo) => {
    const { email } = await signIn(loginAsCustomer, page);
    await visit(page, testInfo, "/account?tab=profile");
    const view = page.locator(".profile-list");
    await expect(view).toContainText(email);
    await expect(page.locator("main").getByRole("textbox")).toHaveCount(0);

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL(/\/account\?tab=profile&edit=1$/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await page.getByLabel("First Name", { exact: true }).fill("Rosalind");
    await page.getByLabel("Country", { exact: true }).selectOption("CA");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page).toHaveURL(/\/account\?tab=profile$/);
    await expectToast(page, "Profile updated");
    await expect(view).toContainText("Rosalind");
    await expect(view).toContainText("Canada");
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  });

  test("Cancel leaves the form without saving", async ({ page, loginAsCustomer }, testInfo) => {
    await signIn(loginAsCustomer, page, { firstName: "Unchanged" });
    await visit(page, testInfo, "/account?tab=profile&edit=1");
    await page.getByLabel("First Name", { exact: true }).fill("Typed But Not Saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/account\?tab=profile$/);
    await expect(page.locator(".profile-list")).toContainText("Unchanged");
    await expect(page.locator(".profile-list")).not.toContainText("Typed But Not Saved");
  });

  test("an invalid e-mail shows the error beside the field and keeps what was typed", async ({ page, loginAsCustomer }, testInfo) => {
    await signIn(loginAsCustomer, page);
    await visit(page, testInfo, "/account?tab=profile&edit=1");
    const emailInput = page.getByLabel("Email", { exact: true });
    // Passes the browser's own type=email check, so the server's rule is what answers.
    await emailInput.fill("clara@localhost");
    await page.getByLabel("City", { exact: true }).fill("Gdańsk");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.locator("#email-error")).toHaveText("Please enter a valid email address");
    await expect(emailInput).toHaveAttribute("aria-invalid", "true");
    await expect(emailInput).toHaveAttribute("aria-describedby", "email-error");
    await expect(emailInput).toHaveValue("clara@localhost");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Gdańsk");
  });

  test("an e-mail another account uses says 'Update failed', once the current password is right", async ({ page, loginAsCustomer }, testInfo) => {
    const other = uniqueEmail("taken");
    await ensureUser(other);
    await loginAsCustomer({ page, email: uniqueEmail("account"), password: "velvet-ribbon-42" });
    await visit(page, testInfo, "/account?tab=profile&edit=1");
    await page.getByLabel("Email", { exact: true }).fill(other);
    await page.getByLabel(/^Current password/).fill("velvet-ribbon-42");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Update failed" })).toBeVisible();
    await expect(page.locator("#email-error")).toHaveText("An account with this email already exists");
  });
});

test("a favorite added on the product page can be removed from the account", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await visit(page, testInfo, `/product/${SLUGS.lowStock}`);
  await page.getByRole("button", { name: "Add to Favorites" }).click();
  await expectToast(page, "Added to favorites");
  await expect(page.getByRole("button", { name: "Remove from Favorites" })).toBeVisible();

  await visit(page, testInfo, "/account?tab=favorites");
  await expect(tabs(page).getByRole("link", { name: "Favorites" })).toHaveAttribute("aria-current", "page");
  const card = page.locator(".favorite-item").filter({ hasText: "Linen Summer Apron" });
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Remove Linen Summer Apron from favorites" }).click();

  await expectToast(page, "Removed from favorites");
  await expect(page).toHaveURL(/\/account\?tab=favorites$/);
  await expect(page.locator(".favorite-item")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Favorites, 0 items" })).toBeVisible();
});

test("the loyalty tab shows the balance, the rules, 2 redeemable discounts for 120 points, and the history", async ({ page, loginAsCustomer }, testInfo) => {
  const { userId } = await signIn(loginAsCustomer, page, { loyaltyPoints: 120 });
  await makeLoyaltyEvents(e2eDb(), userId, [
    { eventType: "admin_reward", description: "Points from our marketplace shop", points: 150, pointsAfter: 150, createdAt: "2025-03-01T10:00:00.000Z" },
    { eventType: "order_spend", description: "Discount on an order", points: -50, pointsAfter: 100, createdAt: "2025-03-02T10:00:00.000Z" },
    { eventType: "order_gain", description: "Points for an order", points: 20, pointsAfter: 120, createdAt: "2025-03-03T10:00:00.000Z" },
  ]);
  await visit(page, testInfo, "/account?tab=loyalty");
  await expect(page.getByTestId("loyalty-balance")).toHaveText("120");
  await expect(page.getByTestId("loyalty-redeemable")).toHaveText("2");
  await expect(page.locator(".loyalty-rules")).toContainText("50 points = $5.00 off orders of $30.00 or more.");

  const history = page.getByRole("region", { name: "Points history" });
  await expect(history).toHaveAttribute("tabindex", "0");
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").first()).toContainText("+20");
  await expect(history.getByRole("listitem").first()).toContainText("Balance: 120");
  await expect(history.getByRole("listitem").nth(1)).toContainText("-50");
  await expect(history.getByRole("listitem").nth(2)).toContainText("Points from our marketplace shop");
  expect(await history.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("320px");
  expect(await history.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
});

test("a new customer's loyalty tab says there is no activity yet", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page);
  await visit(page, testInfo, "/account?tab=loyalty");
  await expect(page.getByTestId("loyalty-balance")).toHaveText("0");
  await expect(page.getByTestId("loyalty-redeemable")).toHaveText("0");
  await expect(page.getByText("No points activity yet.")).toBeVisible();
});

test("the account page fits a 360 px wide screen", async ({ page, loginAsCustomer }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(loginAsCustomer, page, { loyaltyPoints: 75 });
  for (const tab of ["orders", "profile", "loyalty"]) {
    await visit(page, testInfo, `/account?tab=${tab}`);
    await expectNoHorizontalScroll(page);
  }
});

test("the tabs work with the keyboard; with JavaScript they swap in place, and Back returns to the tab before", async ({ page, loginAsCustomer }, testInfo) => {
  await signIn(loginAsCustomer, page, { loyaltyPoints: 75 });
  await visit(page, testInfo, "/account");
  const samePage = !jsOff(testInfo);
  if (samePage) await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));
  await tabs(page).getByRole("link", { name: "Orders" }).focus();
  // The arrow keys move along the bar; without JavaScript, Tab does.
  await page.keyboard.press(samePage ? "ArrowRight" : "Tab");
  await expect(tabs(page).getByRole("link", { name: "Favorites" })).toBeFocused();
  if (samePage) {
    await page.keyboard.press("End");
    await expect(tabs(page).getByRole("link", { name: "Your data" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tabs(page).getByRole("link", { name: "Orders" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/account\?tab=favorites$/);
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Favorites" })).toHaveAttribute("aria-current", "page");
  await expect(tabs(page).getByRole("link", { name: "Orders" })).not.toHaveAttribute("aria-current", "page");
  if (samePage) {
    await expect(tabs(page).getByRole("link", { name: "Favorites" })).toBeFocused();
    await tabs(page).getByRole("link", { name: "Loyalty Points" }).click();
    await expect(page.getByTestId("loyalty-balance")).toHaveText("75");
    await expect(page).toHaveURL(/\/account\?tab=loyalty$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/account\?tab=favorites$/);
    await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  // Links that are not tabs still load their own page.
  await tabs(page).getByRole("link", { name: "Your data" }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();
});
