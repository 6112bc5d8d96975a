import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { expectToast, jsOff, SLUGS, visit, waitForHydration } from "../helpers/browser";
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

test("signing in shows 'Welcome back!' once, on the page she lands on, never on the sign-in page", async ({ page }, testInfo) => {
  const email = uniqueEmail("once");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Ona", lastName: "O" } });
  await page.request.post("/api/auth/logout");
  // Every notification a page of this tab shows, with the page's path: from each document's HTML,
  // and with JavaScript from the DOM as it changes (a notification the module adds for a moment).
  const inHtml: string[] = [];
  const inDom: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "document" || response.status() !== 200) return;
    const html = await response.text().catch(() => "");
    for (const m of html.matchAll(/class="toast-title"[^>]*>([^<]*)</g)) inHtml.push(`${new URL(response.url()).pathname} ${m[1]}`);
  });
  await page.exposeFunction("recordToast", (entry: string) => inDom.push(entry));
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches(".toast") || node.querySelector(".toast")))
            (window as unknown as { recordToast: (e: string) => void }).recordToast(`${location.pathname} ${node.textContent ?? ""}`);
    }).observe(document, { childList: true, subtree: true });
  });
  await visit(page, testInfo, "/login");
  await fillSignIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Welcome back!");
  expect(inHtml).toEqual(["/ Welcome back!"]);
  expect(inDom.filter((entry) => entry.startsWith("/login"))).toEqual([]);
  if (!jsOff(testInfo)) expect(inDom.some((entry) => entry.startsWith("/ ") && entry.includes("Welcome back!"))).toBe(true);
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

/** With JavaScript: marks the document, so a test can tell an in-place answer from a page load. */
async function markDocument(page: Page, testInfo: TestInfo) {
  if (!jsOff(testInfo)) await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));
}
async function expectSameDocument(page: Page, testInfo: TestInfo) {
  if (!jsOff(testInfo)) expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
}

test("with the keyboard: a refused sign-in keeps focus on the emptied password, and Enter again signs in", async ({ page }, testInfo) => {
  const email = uniqueEmail("keys");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Kira", lastName: "K" } });
  await page.request.post("/api/auth/logout");
  await visit(page, testInfo, "/login");
  await markDocument(page, testInfo);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("not-the-password");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("alert")).toContainText("Invalid credentials");
  await expect(form.getByLabel("Password")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expectSameDocument(page, testInfo);
  if (!jsOff(testInfo)) await expect(form.getByLabel("Password")).toBeFocused();
  else await form.getByLabel("Password").focus();

  // The answer a script gets is where to go next; a plain form gets post/redirect/get.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/login" && r.request().method() === "POST");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  const response = await answer;
  if (jsOff(testInfo)) {
    expect(response.status()).toBe(302);
  } else {
    expect(response.request().headers()["accept"]).toContain("application/json");
    // (The body itself is checked in tests/integration/auth.test.ts: the page moves on before it could be read here.)
    expect(response.status()).toBe(200);
    expect(await response.headerValue("content-type")).toContain("application/json");
  }
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Welcome back!");
  await expect(page.locator("details.user-menu summary")).toContainText("Hi, Kira");
});

test("a refused sign-up shows the server's errors beside the fields and puts focus on the first one", async ({ page }, testInfo) => {
  const taken = uniqueEmail("taken-signup");
  await page.request.post("/api/auth/register", { data: { email: taken, password: PASSWORD, firstName: "T", lastName: "A" } });
  await page.request.post("/api/auth/logout");
  await visit(page, testInfo, "/login?tab=signup");
  await markDocument(page, testInfo);
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("First Name").fill("Nina");
  await form.getByLabel("Last Name").fill("Needle");
  await form.getByLabel("Email").fill(taken);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();

  await expect(page.locator("#email-error")).toHaveText("An account with this email already exists");
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-describedby", "email-error");
  await expect(form.getByLabel("Password")).toHaveAttribute("aria-describedby", "password-hint");
  await expect(form.getByLabel("Password")).toHaveValue("");
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expectSameDocument(page, testInfo);
  if (!jsOff(testInfo)) await expect(form.getByLabel("Email")).toBeFocused();

  // Corrected, the error goes and the account is made.
  await form.getByLabel("Email").fill(uniqueEmail("fixed-signup"));
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Account Created");
});

test("the button says 'Signing in...' and takes no second press while the form is on its way", async ({ page }, testInfo) => {
  const email = uniqueEmail("busy");
  await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "B", lastName: "U" } });
  await page.request.post("/api/auth/logout");
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/login") posts += 1;
  });
  // With JavaScript the answer is held until the busy button has been checked (and pressed again).
  let release = () => {};
  if (!jsOff(testInfo)) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/login",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
  }
  await visit(page, testInfo, "/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  if (!jsOff(testInfo)) {
    await expect.poll(() => posts).toBe(1);
    await expect(form.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await form.getByLabel("Password").press("Enter");
    release();
  }
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Welcome back!");
  expect(posts).toBe(1);
});

test("the Sign In and Sign Up tabs work with the keyboard, and swap in place with JavaScript", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/login");
  await markDocument(page, testInfo);
  const bar = page.getByRole("navigation", { name: "Sign in or sign up" });
  await bar.getByRole("link", { name: "Sign In" }).focus();
  // The arrow keys move along the bar (and wrap); without JavaScript, Tab does.
  await page.keyboard.press(jsOff(testInfo) ? "Tab" : "ArrowLeft");
  await expect(bar.getByRole("link", { name: "Sign Up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/login\?tab=signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Sign Up" })).toHaveAttribute("aria-current", "page");
  await expectSameDocument(page, testInfo);
  if (!jsOff(testInfo)) {
    await expect(bar.getByRole("link", { name: "Sign Up" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(bar.getByRole("link", { name: "Sign In" })).toBeFocused();
  }
  // The swapped-in form is the real one.
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("First Name").fill("Tabby");
  await form.getByLabel("Last Name").fill("Tab");
  await form.getByLabel("Email").fill(uniqueEmail("tabs"));
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Account Created");
});
