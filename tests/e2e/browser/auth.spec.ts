import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { expectToast, SLUGS, visit, waitForHydration } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// Sign up, sign out, sign in and admin sign-in through the real forms, with JavaScript on and off.

const PASSWORD = "tiny-stitches";

async function openUserMenu(page: Page) {
  const menu = page.locator("details.user-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  return menu;
}

async function fillSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

async function signUp(page: Page, testInfo: TestInfo, email: string, url = "/login") {
  await visit(page, testInfo, url);
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/tab=signup/);
  await waitForHydration(page, testInfo);
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("First Name").fill("Nina");
  await form.getByLabel("Last Name").fill("Needle");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
}

test("sign up, sign out and sign in again with the forms", async ({ page }, testInfo) => {
  const email = uniqueEmail("signup");
  await signUp(page, testInfo, email);
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Account Created");
  await waitForHydration(page, testInfo);
  const menu = await openUserMenu(page);
  await expect(menu.locator("summary")).toContainText("Hi, Nina");
  await expect(menu).toContainText(email);

  await menu.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Logged out successfully", "See you next time!");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.locator("details.user-menu")).toHaveCount(0);

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page, testInfo);
  await fillSignIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === "/" && !url.search);
  await expectToast(page, "Welcome back!");
  await expect(page.locator("details.user-menu summary")).toContainText("Hi, Nina");
});

test("signing in from a product page comes back to it", async ({ page }, testInfo) => {
  const email = uniqueEmail("return");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Rita", lastName: "R" } });
  await page.request.post("/api/auth/logout");
  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fproduct%2F${SLUGS.inStock}$`));
  await waitForHydration(page, testInfo);
  await fillSignIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === `/product/${SLUGS.inStock}`);
  await expect(page.locator("details.user-menu summary")).toContainText("Hi, Rita");
});

test("a wrong password says 'Login failed' / 'Invalid credentials' and keeps the e-mail", async ({ page }, testInfo) => {
  const email = uniqueEmail("wrong");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "W", lastName: "P" } });
  await page.request.post("/api/auth/logout");
  await visit(page, testInfo, "/login");
  await fillSignIn(page, email, "not-the-password");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Login failed");
  await expect(alert).toContainText("Invalid credentials");
  const form = page.getByRole("form", { name: "Sign in" });
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Password")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
});

test("signing up with an e-mail that has an account says so beside the field", async ({ page }, testInfo) => {
  const email = uniqueEmail("dup");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "D", lastName: "U" } });
  await page.request.post("/api/auth/logout");
  await signUp(page, testInfo, email);
  await expect(page.getByRole("alert")).toContainText("Registration failed");
  const field = page.getByRole("form", { name: "Sign up" }).getByLabel("Email");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#email-error")).toHaveText("An account with this email already exists");
  await expect(page.getByRole("form", { name: "Sign up" }).getByLabel("First Name")).toHaveValue("Nina");
});

test("the admin signs in at /admin-login and lands on the dashboard", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/admin-login");
  const form = page.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("Email").fill("admin@example.com");
  await form.getByLabel("Password").fill("admin12345");
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expectToast(page, "Admin login successful");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Total Revenue" })).toBeVisible();
});

test("a customer at /admin-login is told 'Access denied: Admin privileges required' and stays", async ({ page }, testInfo) => {
  const email = uniqueEmail("not-admin");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "C", lastName: "U" } });
  await page.request.post("/api/auth/logout");
  await visit(page, testInfo, "/admin-login");
  const form = page.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Access denied: Admin privileges required");
  await expect(page).toHaveURL(/\/admin-login$/);
  // And the dashboard itself refuses the customer.
  await visit(page, testInfo, "/admin", 403);
  await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
});

test("a signed-out visitor of /admin is sent to /admin-login", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/admin");
  await expect(page).toHaveURL(/\/admin-login\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
});
