import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { daysAgo } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectToast, jsOff, visit } from "../helpers/browser";
import { type E2EMail, waitForMail } from "../helpers/mail";
import { insertOrder, makeStockProduct, productStock } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// The withdrawal function end to end, JavaScript on and off: the link in the order e-mail the
// shop really sent, the two steps (a guest sees nothing of the order there), the acknowledgement,
// the receipt and its link to the order in the SMTP catcher, the owner's alert, then the owner's
// 'Cancel and refund in full' refunding at the PayPal emulator.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;

/** A guest's paid order of the product, through the public API and the emulator. */
async function paidOrder(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } }, productId: number, email: string) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect((await request.post("/api/cart", { data: { productId, quantity: 2 } })).status()).toBe(201);
    const placed = await request.post("/api/orders", {
      data: {
        email,
        status: "unpaid",
        shippingAddress: { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Toronto", postalCode: "M5V 2T6", country: "CA" },
        useLoyaltyPoints: false,
        customerMessage: null,
        agreeToTerms: true,
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: number; confirmationToken: string; total: string };
    const created = await request.post("/api/paypal/order", { data: { amount: order.total, currency: "USD", intent: "CAPTURE" } });
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${PAYPAL_URL}/__emulator/approve/${id}`, { method: "POST" })).status).toBe(200);
    expect((await request.post(`/api/paypal/order/${id}/capture`)).status()).toBe(200);
    return order;
  } finally {
    await request.dispose();
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Serious or critical axe violations of what the page shows (without JavaScript: the same URL with the shop's scripts blocked). */
async function axeViolations(page: Page, testInfo: TestInfo): Promise<string[]> {
  let target = page;
  if (jsOff(testInfo)) {
    const context = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    await context.addCookies(await page.context().cookies());
    target = await context.newPage();
    await target.route(/\/build\/.*\.js$/, (route) => route.abort());
    await target.goto(page.url());
  }
  const result = (await target.evaluate(`${axeSource}\n;axe.run(document, { resultTypes: ["violations"] })`)) as {
    violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  };
  if (target !== page) await target.context().close();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function withdrawLinkIn(mail: E2EMail): string {
  const match = mail.text.match(/Withdraw from contract here: (http\S+\/withdrawal\?orderId=\d+)/);
  if (!match) throw new Error(`No withdrawal link in: ${mail.text}`);
  return match[1]!;
}

async function fillStepOne(page: Page, fields: { email: string; name: string; statement?: string; orderId?: number }) {
  if (fields.orderId !== undefined) await page.getByLabel("Order number").fill(String(fields.orderId));
  await page.getByLabel("E-mail address used for the order").fill(fields.email);
  await page.getByLabel("Your name").fill(fields.name);
  if (fields.statement) await page.getByLabel("Statement (optional)").fill(fields.statement);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("from the order e-mail's link to the receipt in the inbox, then the owner cancels and refunds in full at PayPal", async ({
  page,
  playwright,
  loginAsAdmin,
}) => {
  const email = uniqueEmail("withdraw-journey");
  const product = await makeStockProduct(4);
  const order = await paidOrder(playwright, product.id, email);
  expect(productStock(product.id)).toBe(2);
  const total = `$${Number(order.total).toFixed(2)}`;

  // The order confirmation the shop sent carries the link, which fills in the order number.
  const confirmation = await waitForMail(email, new RegExp(`Order #${order.id} confirmed`));
  const link = withdrawLinkIn(confirmation);
  expect(link).toBe(`${E2E_BASE_URL}/withdrawal?orderId=${order.id}`);
  await visit(page, test.info(), link);
  await expect(page.getByRole("heading", { name: "Withdraw from contract" })).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveValue(String(order.id));
  expect(await axeViolations(page, test.info())).toEqual([]);

  // Step one, with the address typed differently: the receipt still goes to the order's own.
  await fillStepOne(page, { email: `  ${email.toUpperCase()}`, name: "Clara Bloom", statement: "The dress is too small for my doll." });
  await expect(page.getByRole("heading", { name: "Step 2 of 2: check and confirm" })).toBeVisible();
  // A guest is not signed in: only what she typed, nothing of the order.
  await expect(page.getByTestId("withdrawal-typed")).toContainText("The dress is too small for my doll.");
  await expect(page.getByTestId("withdrawal-summary")).toHaveCount(0);
  await expect(page.getByText(total)).toHaveCount(0);
  expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM withdrawals WHERE order_id = ?").get(order.id) as { n: number }).n).toBe(0);

  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await page.waitForURL((url) => url.pathname === "/withdrawal/received");
  await expect(page.getByRole("heading", { name: "Your withdrawal is received" })).toBeVisible();
  const receivedText = (await page.getByTestId("withdrawal-received-at").textContent())!;
  const when = receivedText.match(/on (\d{1,2} \w+ \d{4} at \d\d:\d\d UTC)/)![1]!;
  await expect(page.getByText("We have sent the receipt to the e-mail address of the order.", { exact: false })).toBeVisible();
  await expect(page.getByText(total)).toHaveCount(0);
  expect(await axeViolations(page, test.info())).toEqual([]);

  // The receipt (durable medium) at the order's address, with the date and time; the owner's alert.
  const receipt = await waitForMail(email, new RegExp(`We received your withdrawal from order #${order.id}`));
  expect(receipt.envelopeTo).toEqual([email.toLowerCase()]);
  expect(receipt.text).toContain(`on ${when}`);
  expect(receipt.text).toContain("What happens next");
  // Its link opens the acknowledgement with the order, the name and the statement.
  await visit(page, test.info(), receipt.text.match(/with your statement: (http\S+)/)![1]!);
  const summary = page.getByTestId("withdrawal-summary");
  await expect(summary).toContainText(`#${order.id}`);
  await expect(summary).toContainText(total);
  await expect(summary).toContainText("The dress is too small for my doll.");
  await expect(page.getByText("we will cancel it and refund the full amount", { exact: false }).first()).toBeVisible();
  const owner = withDb((db) => (db.prepare("SELECT to_address AS t FROM outbox WHERE event_key = ?").get(`withdrawal-owner:${order.id}`) as { t: string }).t);
  const alert = await waitForMail(owner, new RegExp(`Withdrawal received: order #${order.id}`));
  expect(alert.text).toContain("Clara Bloom");

  // The owner: the banner, one button, the refund at PayPal, the withdrawal handled.
  await loginAsAdmin({ page, email: "admin@example.com" });
  await visit(page, test.info(), `/admin/orders/${order.id}`);
  const banner = page.getByTestId("withdrawal-banner");
  await expect(banner.getByRole("heading", { name: "Withdrawal to handle" })).toBeVisible();
  await expect(banner).toContainText("Clara Bloom");
  await expect(banner).toContainText("The dress is too small for my doll.");
  await banner.getByRole("button", { name: "Cancel and refund in full" }).click();
  await expectToast(page, "Refunded in full");
  await expect(page.getByTestId("withdrawal-banner").getByRole("heading", { name: "Withdrawal handled" })).toBeVisible();
  await expect(page.getByTestId("refunded-total")).toHaveText(`${total} of ${total}`);
  await expect(page.locator(".status-pill").first()).toHaveText("Cancelled");
  const refund = withDb(
    (db) =>
      db.prepare("SELECT status, paypal_refund_id AS id, amount_cents AS cents FROM refunds WHERE order_id = ? AND kind = 'cancel'").get(order.id) as {
        status: string;
        id: string;
        cents: number;
      },
  );
  expect(refund.status).toBe("COMPLETED");
  expect(refund.cents / 100).toBe(Number(order.total));
  // PayPal's own record of the capture says it was refunded.
  const capture = withDb((db) => (db.prepare("SELECT paypal_capture_id AS c FROM orders WHERE id = ?").get(order.id) as { c: string }).c);
  const auth = `Basic ${Buffer.from("e2e-paypal-client:e2e-paypal-secret").toString("base64")}`;
  const tokenRes = await fetch(`${PAYPAL_URL}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: auth, "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
  const atPaypal = (await (await fetch(`${PAYPAL_URL}/v2/payments/captures/${capture}`, { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as {
    status: string;
  };
  expect(atPaypal.status).toBe("REFUNDED");
  expect(productStock(product.id)).toBe(4);

  // The customer's order page shows it handled.
  await visit(page, test.info(), `/order-details/${order.id}?token=${order.confirmationToken}`);
  await expect(page.getByTestId("order-withdrawal")).toContainText("Handled on");
});

test("after the period the page says so plainly and records nothing; a wrong e-mail gets the one message", async ({ page }) => {
  const email = uniqueEmail("withdraw-late-page");
  // Delivered 15 days ago: past the 14 days a withdrawal may come in.
  const order = await insertOrder({ email, status: "delivered", trackingNumber: "RR1PL", shippedAt: daysAgo(20), deliveredAt: daysAgo(15) });
  await visit(page, test.info(), `/withdrawal?orderId=${order.id}`);
  await fillStepOne(page, { email: "someone.else@example.com", name: "Eve" });
  await expect(page.getByRole("alert")).toContainText("We could not find an order with this number and e-mail address.");
  await expect(page.getByRole("button", { name: "Confirm withdrawal" })).toHaveCount(0);

  await fillStepOne(page, { email, name: "Clara Bloom" });
  await expect(page.getByRole("alert")).toContainText(`The withdrawal period for order #${order.id} ended on`);
  await expect(page.getByRole("alert")).toContainText("Nothing was recorded.");
  await expect(page.getByRole("button", { name: "Confirm withdrawal" })).toHaveCount(0);
  expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM withdrawals WHERE order_id = ?").get(order.id) as { n: number }).n).toBe(0);
});

test("the signed-in customer's order page links 'Withdraw from contract' with the order and e-mail filled in, and step two shows her order", async ({
  page,
  loginAsCustomer,
}) => {
  const email = uniqueEmail("withdraw-owner");
  const { userId } = await loginAsCustomer({ page, email, firstName: "Clara", lastName: "Bloom" });
  const order = await insertOrder({ email, userId, status: "paid" });
  await visit(page, test.info(), `/order-details/${order.id}`);
  await page.getByTestId("order-withdrawal").getByRole("link", { name: "Withdraw from contract" }).click();
  await page.waitForURL((url) => url.pathname === "/withdrawal" && url.search === `?orderId=${order.id}`);
  await expect(page.getByLabel("Order number")).toHaveValue(String(order.id));
  await expect(page.getByLabel("E-mail address used for the order")).toHaveValue(email);
  // Her own order: step two shows it.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("withdrawal-summary")).toContainText(`#${order.id}`);
});

test("from the keyboard: Enter sends each step, and with JavaScript the buttons say 'Checking...' and 'Sending...' while they work", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("withdraw-keyboard");
  const order = await insertOrder({ email, status: "paid" });
  await visit(page, testInfo, `/withdrawal?orderId=${order.id}`);
  const fill = async () => {
    await page.getByLabel("E-mail address used for the order").fill(email);
    await page.getByLabel("Your name").fill("Clara Bloom");
  };
  /** Enter on the focused control; with JavaScript, first once with the page's navigation held back, to see the busy button. */
  const enter = async (from: Locator, busy: string) => {
    await from.focus();
    if (!jsOff(testInfo)) {
      await page.evaluate(() => window.addEventListener("submit", (event) => event.preventDefault(), { once: true }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: busy })).toBeDisabled();
      await page.evaluate(() => document.querySelectorAll("button[disabled]").forEach((b) => ((b as HTMLButtonElement).disabled = false)));
      // A button that turns disabled loses the focus: back to where the shopper was.
      await from.focus();
    }
    await page.keyboard.press("Enter");
  };

  await fill();
  await enter(page.getByLabel("Your name"), "Checking...");
  await expect(page.getByRole("heading", { name: "Step 2 of 2: check and confirm" })).toBeVisible();
  await enter(page.getByRole("form", { name: "Confirm withdrawal" }).getByRole("button"), "Sending...");
  await page.waitForURL((url) => url.pathname === "/withdrawal/received");
  await expect(page.getByRole("heading", { level: 1, name: "Your withdrawal is received" })).toBeVisible();
});

test("the order number may be typed as the e-mails write it ('#252', ' 252 '); letters are refused", async ({ page }, testInfo) => {
  const email = uniqueEmail("withdraw-hash");
  const order = await insertOrder({ email, status: "paid" });
  await visit(page, testInfo, "/withdrawal");
  const number = page.getByLabel("Order number");
  await number.fill(`${order.id}x`);
  expect(await number.evaluate((el) => (el as HTMLInputElement).validity.patternMismatch)).toBe(true);
  for (const typed of [`#${order.id}`, ` ${order.id} `]) {
    await number.fill(typed);
    expect(await number.evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(true);
  }
  await number.fill(`#${order.id}`);
  await fillStepOne(page, { email, name: "Clara Bloom" });
  await expect(page.getByRole("heading", { name: "Step 2 of 2: check and confirm" })).toBeVisible();
  await expect(page.getByText(`#${order.id}`, { exact: true }).first()).toBeVisible();
});
