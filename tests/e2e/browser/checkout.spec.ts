import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { productId } from "../helpers/api";
import { addFromProductPage, expectToast, jsOff, SLUGS, visit } from "../helpers/browser";
import { withDb } from "../helpers/db";
import { ensureUser, uniqueEmail } from "../helpers/session";

// The checkout page with JavaScript on and off: an error the browser lets through is shown
// beside its field, fixed, and the order lands on its payment page.

const TEXT = {
  invalidEmail: "Please enter a valid email address",
  passwordRule: "Password must be at least 6 characters and passwords must match",
  submit: "Create Order & Proceed to Payment",
  submitting: "Creating Order...",
  termsRequired: "You must agree to the terms and conditions",
  firstNameRequired: "First name is required",
};

function storedOrder(id: number) {
  return withDb(
    (db) =>
      db
        .prepare("SELECT user_id, session_key, email, status, loyalty_discount_cents, total_cents, customer_message, shipping_country FROM orders WHERE id = ?")
        .get(id) as {
        user_id: number | null;
        session_key: string | null;
        email: string;
        status: string;
        loyalty_discount_cents: number;
        total_cents: number;
        customer_message: string | null;
        shipping_country: string;
      },
  );
}

async function fillAddress(page: Page, email: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First Name").fill("Clara");
  await page.getByLabel("Last Name").fill("Bloom");
  await page.getByLabel("Address", { exact: true }).fill("12 Lace Lane");
  await page.getByLabel("City").fill("Toronto");
  await page.getByLabel("Postal Code").fill("M5V 2T6");
  await page.getByLabel("Country").selectOption("CA");
}

async function submit(page: Page) {
  // The behaviour checks first, then posts the form: each test waits for the outcome itself.
  await page.getByRole("button", { name: TEXT.submit }).click({ noWaitAfter: true });
}

/** Waits for the payment page of the new order and returns its id. */
async function landOnPayment(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/order\/\d+\/payment$/);
  const id = Number(/\/order\/(\d+)\/payment$/.exec(page.url())![1]);
  await expectToast(page, "Order created successfully", `Order #${id} created. Redirecting to payment...`);
  return id;
}

async function startCheckout(page: Page, testInfo: TestInfo) {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
}

test("an empty cart sends the shopper to /shop", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/checkout");
  await expect(page).toHaveURL(/\/shop$/);
});

test("a guest checks out: every section, an e-mail the server refuses, fixed, then the payment page", async ({ page }, testInfo) => {
  // Full page loads (documents); with JavaScript the other navigations only fetch data.
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
  });
  await startCheckout(page, testInfo);
  for (const section of ["Contact Information", "Shipping Address", "Shipping Information", "Message to Shop (optional)", "Order Summary"]) {
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Loyalty Points" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveAttribute("href", "/api/auth/google?redirectTo=/checkout");
  const terms = page.getByRole("link", { name: "terms and conditions" });
  await expect(terms).toHaveAttribute("href", "/terms-conditions");
  await expect(terms).toHaveAttribute("target", "_blank");
  await expect(terms).toHaveAttribute("rel", /noopener/);
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary).toContainText("Cream Cable Knit Sweater");
  await expect(summary).toContainText("Qty: 1");
  await expect(page.locator("#customerMessage-count")).toHaveText("0/200");

  // 'clara@localhost' passes the browser's own e-mail check but not the shop's rule.
  const email = uniqueEmail("checkout-guest");
  await fillAddress(page, "clara@localhost");
  await page.getByLabel("Anything we should know about your order?").fill("Please gift wrap");
  if (!jsOff(testInfo)) await expect(page.locator("#customerMessage-count")).toHaveText("16/200");
  await page.getByLabel("I agree to the terms and conditions").check();
  await submit(page);

  const emailInput = page.getByLabel("Email", { exact: true });
  await expect(page.locator("#email-error")).toHaveText(TEXT.invalidEmail);
  await expect(emailInput).toHaveAttribute("aria-invalid", "true");
  await expect(emailInput).toHaveAttribute("aria-describedby", /email-error/);
  await expect(page).toHaveURL(/\/checkout$/);
  // What was typed is still there (without JavaScript the server sent it back).
  await expect(page.getByLabel("First Name")).toHaveValue("Clara");
  await expect(page.getByLabel("Country")).toHaveValue("CA");
  await expect(page.locator("#customerMessage-count")).toHaveText("16/200");

  await expect(page.getByLabel("I agree to the terms and conditions")).toBeChecked();
  await emailInput.fill(email);
  await submit(page);
  const id = await landOnPayment(page);
  expect(storedOrder(id)).toMatchObject({ email, status: "unpaid", user_id: null, customer_message: "Please gift wrap", shipping_country: "CA" });
  // The payment page is always a document of its own, JavaScript or not: its
  // Content-Security-Policy (PayPal's hosts in sandbox and live) comes with it.
  expect(documents).toContain(`/order/${id}/payment`);
  expect(storedOrder(id).session_key).toBeTruthy();
});

test("create an account at checkout: passwords must match, then the order belongs to the new customer", async ({ page }, testInfo) => {
  await startCheckout(page, testInfo);
  const password = page.getByLabel("Password", { exact: true });
  if (jsOff(testInfo)) {
    // Without JavaScript the fields are always there and say when they are used.
    await expect(password).toBeVisible();
    await expect(page.locator("#password-hint")).toContainText("Only used when 'Create an account' is ticked");
  } else {
    await expect(password).toHaveCount(0);
  }
  const email = uniqueEmail("checkout-account");
  await fillAddress(page, email);
  const createAccount = page.getByLabel("Create an account with these details");
  await createAccount.check();
  await expect(password).toBeVisible();
  if (!jsOff(testInfo)) {
    // With the keyboard: the box hides the fields again and shows them back, focus staying on it.
    await createAccount.focus();
    await page.keyboard.press("Space");
    await expect(password).toHaveCount(0);
    await expect(createAccount).toBeFocused();
    await page.keyboard.press("Space");
    await expect(password).toBeVisible();
  }
  await password.fill("linen-seam-42");
  await page.getByLabel("Confirm Password").fill("secret2");
  await page.getByLabel("I agree to the terms and conditions").check();
  await submit(page);
  await expect(page.locator("#confirmPassword-error")).toHaveText(TEXT.passwordRule);
  await expect(page.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");

  await expect(page.getByLabel("Create an account with these details")).toBeChecked();
  // The refused order is over before the shopper types again (the errors of a blur's check can
  // show while the order's own check is still on its way).
  await expect(page.getByRole("button", { name: TEXT.submit })).toBeEnabled();
  // The passwords are never sent back: both are typed again.
  await password.fill("linen-seam-42");
  await page.getByLabel("Confirm Password").fill("linen-seam-42");
  await submit(page);
  const id = await landOnPayment(page);
  const user = withDb((db) => db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number } | undefined);
  expect(user, "the account was created").toBeDefined();
  expect(storedOrder(id)).toMatchObject({ user_id: user!.id, email });
});

test("an e-mail that already has an account stops checkout with 'Account Creation Failed'", async ({ page }, testInfo) => {
  const email = uniqueEmail("checkout-taken");
  await ensureUser(email);
  await startCheckout(page, testInfo);
  await fillAddress(page, email);
  await page.getByLabel("Create an account with these details").check();
  await page.getByLabel("Password", { exact: true }).fill("linen-seam-42");
  await page.getByLabel("Confirm Password").fill("linen-seam-42");
  await page.getByLabel("I agree to the terms and conditions").check();
  await submit(page);
  const alert = page.locator("main .alert-error");
  await expect(alert.locator(".alert-title")).toHaveText("Account Creation Failed");
  await expect(alert).toContainText("An account with this email already exists");
  await expect(page.locator("#email-error")).toHaveText("An account with this email already exists");
  await expect(page).toHaveURL(/\/checkout$/);
});

test("a signed-in customer gets the form prefilled and the loyalty discount", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("checkout-customer");
  const { userId } = await loginAsCustomer({
    page,
    email,
    firstName: "Mia",
    lastName: "Stitch",
    loyaltyPoints: 75,
    shippingCountry: "GB",
    shippingAddress: { line1: "5 Button Row", city: "York", postalCode: "YO1 7HH" },
  });
  await startCheckout(page, testInfo);

  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("First Name")).toHaveValue("Mia");
  await expect(page.getByLabel("Last Name")).toHaveValue("Stitch");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("5 Button Row");
  await expect(page.getByLabel("City")).toHaveValue("York");
  await expect(page.getByLabel("Country")).toHaveValue("GB");
  await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveCount(0);
  await expect(page.getByLabel("Create an account with these details")).toHaveCount(0);

  await expect(page.getByRole("heading", { name: "Loyalty Points" })).toBeVisible();
  const useLoyalty = page.getByLabel("Use 50 points for a $5.00 discount");
  const total = page.getByTestId("summary-total");
  const before = await total.textContent();
  await useLoyalty.check();
  if (!jsOff(testInfo)) {
    await expect(page.getByTestId("summary-discount")).toHaveText("-$5.00");
    await expect(total).not.toHaveText(before!);
    // Unticked with the keyboard, the server's totals come back without the discount.
    await useLoyalty.focus();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("summary-discount")).toHaveCount(0);
    await expect(total).toHaveText(before!);
    await page.keyboard.press("Space");
    await expect(page.getByTestId("summary-discount")).toHaveText("-$5.00");
    await expect(useLoyalty).toBeFocused();
  }
  await page.getByLabel("I agree to the terms and conditions").check();
  if (!jsOff(testInfo)) {
    // While the order is being created the button says so, and a second press sends nothing
    // more. Read in the page right after the presses: once the form is sent, the test waits for
    // the next page.
    // The orders sent: posts of the form without a check's intent (the behaviour posts it for JSON).
    const sent: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === "POST" && path === "/checkout" && !new URLSearchParams(r.postData() ?? "").has("intent")) sent.push(path);
    });
    const pressed = await page.getByRole("button", { name: TEXT.submit }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
      return { label: button.textContent, disabled: button.disabled, busy: button.getAttribute("aria-busy") };
    });
    expect(pressed).toEqual({ label: TEXT.submitting, disabled: true, busy: "true" });
    await expect(page).toHaveURL(/\/order\/\d+\/payment$/);
    expect(sent).toEqual(["/checkout"]);
  } else {
    await submit(page);
  }
  const id = await landOnPayment(page);
  const order = storedOrder(id);
  expect(order).toMatchObject({ user_id: userId, loyalty_discount_cents: 500 });
  expect(order.total_cents).toBe(Math.round(Number(before!.replace("$", "")) * 100) - 500);
});

function ordersFor(email: string): number {
  return withDb((db) => (db.prepare("SELECT COUNT(*) AS n FROM orders WHERE email = ?").get(email) as { n: number }).n);
}

test("a field is checked by the server as it is left or changed (with JavaScript), or on submit (without)", async ({ page }, testInfo) => {
  const documents: string[] = [];
  const checks: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.method());
    else if (r.method() === "POST" && new URL(r.url()).pathname === "/checkout") checks.push(new URLSearchParams(r.postData() ?? "").get("intent") ?? "");
  });
  await startCheckout(page, testInfo);
  documents.length = 0;
  const email = page.getByLabel("Email", { exact: true });
  const terms = page.getByLabel("I agree to the terms and conditions");
  const address = uniqueEmail("checkout-checks");

  await email.fill("clara@localhost");
  await email.press("Tab");
  if (jsOff(testInfo)) {
    // Without JavaScript nothing is checked until the form is sent; then the server's page says it.
    await expect(page.locator("#email-error")).toHaveCount(0);
    await fillAddress(page, "clara@localhost");
    await terms.check();
    await submit(page);
    await expect(page.locator("#email-error")).toHaveText(TEXT.invalidEmail);
    expect(documents).toEqual(["POST"]);
    return;
  }
  // The server's own message, in the markup it renders for it; fields not yet visited stay quiet.
  await expect(page.locator("#email-error")).toHaveText(TEXT.invalidEmail);
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-describedby", "email-error");
  await expect(page.locator("#firstName-error")).toHaveCount(0);

  await email.fill(address);
  await email.press("Tab");
  await expect(page.locator("#email-error")).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(email).not.toHaveAttribute("aria-describedby", /email-error/);

  // A change is enough (no focus lost): the terms box, with the keyboard.
  await terms.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Space");
  await expect(page.locator("#agreeToTerms-error")).toHaveText(TEXT.termsRequired);
  await expect(terms).toHaveAttribute("aria-describedby", "agreeToTerms-error");
  await expect(terms).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.locator("#agreeToTerms-error")).toHaveCount(0);

  // All of it were checks posted to the form's own action: no page load, no order.
  expect(checks.length).toBeGreaterThan(0);
  expect(checks.every((intent) => intent === "validate")).toBe(true);
  expect(documents).toEqual([]);
  expect(ordersFor(address)).toBe(0);
});

test("sending a form with errors keeps the page and focuses the first wrong field", async ({ page }, testInfo) => {
  await startCheckout(page, testInfo);
  const city = page.getByLabel("City");
  await city.fill("Toronto");
  // Enter in a field sends the form, as the button would.
  await city.press("Enter");
  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  if (jsOff(testInfo)) {
    // The browser's own constraints (from the schema) stop the form before it leaves.
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    return;
  }
  await expect(page.locator("#email-error")).toHaveText(TEXT.invalidEmail);
  await expect(page.locator("#firstName-error")).toHaveText(TEXT.firstNameRequired);
  await expect(page.locator("#agreeToTerms-error")).toHaveText(TEXT.termsRequired);
  await expect(page.locator("#city-error")).toHaveCount(0);
  await expect(page.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: TEXT.submit })).toBeEnabled();
  // Fixed from the keyboard, the field's error goes as it is left.
  await page.keyboard.type(uniqueEmail("checkout-focus"));
  await page.keyboard.press("Tab");
  await expect(page.locator("#email-error")).toHaveCount(0);
  await expect(page.locator("#firstName-error")).toHaveText(TEXT.firstNameRequired);
});

test("the country takes the shipping and totals from the server; the order goes with the figures shown", async ({ page }, testInfo) => {
  await startCheckout(page, testInfo);
  const subtotal = page.getByTestId("summary-subtotal");
  const total = page.getByTestId("summary-total");
  const before = Number((await subtotal.textContent())!.replace("$", ""));
  // The cart changes behind the page (another tab): only the server knows the new figures.
  // A large item: the shipping rate changes too.
  const added = await productId(page.request, SLUGS.large);
  const price = withDb((db) => (db.prepare("SELECT price_cents AS p FROM products WHERE id = ?").get(added) as { p: number }).p) / 100;
  expect((await page.request.post("/api/cart", { data: { productId: added, quantity: 1 } })).status()).toBe(201);

  const email = uniqueEmail("checkout-country");
  await fillAddress(page, email);
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("I agree to the terms and conditions").check();
  if (jsOff(testInfo)) {
    // Without JavaScript the page still shows the old figures, and the server refuses them.
    await expect(subtotal).toHaveText(`$${before.toFixed(2)}`);
    await submit(page);
    await expect(page.locator("main .alert-error")).toContainText("Prices or your cart have changed. Please review your order.");
    expect(ordersFor(email)).toBe(0);
    return;
  }
  await expect(subtotal).toHaveText(`$${(before + price).toFixed(2)}`);
  await expect(page.getByRole("complementary", { name: "Order Summary" })).toContainText("Shipping (Large Item Shipping)");
  await expect(page.getByRole("region", { name: "Shipping Information" })).toContainText("Large Item Shipping");
  await expect(page.getByLabel("Country")).toHaveValue("DE");
  const shown = Number((await total.textContent())!.replace("$", ""));
  const shownShipping = Number((await page.getByTestId("summary-shipping").textContent())!.replace("$", ""));
  expect(shown).toBeCloseTo(before + price + shownShipping, 2);
  await submit(page);
  const id = await landOnPayment(page);
  expect(storedOrder(id)).toMatchObject({ shipping_country: "DE", total_cents: Math.round(shown * 100) });
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

test("the checkout page, with its errors shown, has no serious accessibility violation", async ({ page }, testInfo) => {
  // No colour transitions: axe must read the button's settled colours, not a frame of its fade back from busy.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await startCheckout(page, testInfo);
  await fillAddress(page, "clara@localhost");
  await page.getByLabel("I agree to the terms and conditions").check();
  await submit(page);
  await expect(page.locator("#email-error")).toHaveText(TEXT.invalidEmail);
  await expect(page.locator('[aria-busy="true"], [disabled].button')).toHaveCount(0);
  // axe needs script: without JavaScript the shown document (the server's answer) is checked as it is.
  const opened = page.context();
  if (jsOff(testInfo)) {
    const html = await page.content();
    const context = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    const target = await context.newPage();
    await target.route(/\/build\/.*\.js$/, (route) => route.abort());
    // Opened on the shop's origin first, so the stylesheet loads and colour contrast is checked too.
    await target.goto("/terms-conditions");
    await target.setContent(html, { waitUntil: "load" });
    page = target;
  }
  const result = (await page.evaluate(`${axeSource}\n;axe.run(document, { resultTypes: ["violations"] })`)) as {
    violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  };
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  if (page.context() !== opened) await page.context().close();
  expect(serious).toEqual([]);
});
