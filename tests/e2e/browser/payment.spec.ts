import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { makeProduct, setStock, uniqueSlug } from "../../helpers/kit";
import { expectToast, jsOff, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// The payment page and the PayPal round trip through the emulator's approval page, with JavaScript
// on and off. In emulator mode 'Pay with PayPal' is the plain form in both.

const PAYPAL_ORIGIN = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;

async function testProduct(stock: number): Promise<{ id: number; title: string }> {
  const slug = uniqueSlug("payment-page");
  const title = `Payment Page ${slug}`;
  const { id } = await makeProduct(e2eDb(), { title, slug, description: "Made for a payment test.", priceCents: 2250, stock, image: false });
  return { id, title };
}

function stockOf(productId: number): number {
  return withDb((db) => (db.prepare("SELECT stock FROM products WHERE id = ?").get(productId) as { stock: number }).stock);
}

function statusOf(orderId: number): string {
  return withDb((db) => (db.prepare("SELECT status FROM orders WHERE id = ?").get(orderId) as { status: string }).status);
}

/** The browser's guest session puts the product in its cart and places an unpaid order through POST /api/orders. */
async function placeOrder(page: Page, productId: number, quantity = 1): Promise<{ id: number; confirmationToken: string; total: string }> {
  expect((await page.request.post("/api/cart", { data: { productId, quantity } })).status()).toBe(201);
  const res = await page.request.post("/api/orders", {
    data: {
      email: uniqueEmail("payment-page"),
      status: "unpaid",
      shippingAddress: { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Toronto", postalCode: "M5V 2T6", country: "CA" },
      useLoyaltyPoints: false,
      agreeToTerms: true,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** The payment page after its stock check, ready to pay. */
async function openPaymentPage(page: Page, testInfo: TestInfo, orderId: number) {
  await visit(page, testInfo, `/order/${orderId}/payment`);
  await expect(page.getByRole("heading", { level: 1, name: "Complete Payment" })).toBeVisible();
  await expect(page.getByText("Verifying product availability...")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
}

test("pay with PayPal: the emulator's approval page, Approve, then 'Order Confirmed!'; the payment page then says it is paid", async ({ page }, testInfo) => {
  const product = await testProduct(4);
  const order = await placeOrder(page, product.id, 2);
  await openPaymentPage(page, testInfo, order.id);
  await expect(page.getByText(`Order #${order.id}`)).toBeVisible();
  const summary = page.locator("section.payment-summary");
  await expect(summary).toContainText(product.title);
  await expect(summary.locator(".totals .grand dd")).toHaveText(`$${order.total}`);
  await expect(page.getByText("No real money moves.", { exact: false })).toBeVisible();

  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_ORIGIN}/checkoutnow\\?token=[A-Z0-9]{17}$`));
  await expect(page.getByRole("heading", { name: "Approve your payment" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("no real money moves");
  await expect(page.locator("#amount")).toContainText(`${order.total} USD`);
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/confirmation\\?token=${order.confirmationToken}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  await expectToast(page, "Payment successful", "Thank you! Your order is confirmed.");
  expect(statusOf(order.id)).toBe("paid");
  expect(stockOf(product.id)).toBe(2);

  // Back to the payment page: nothing to pay any more.
  await visit(page, testInfo, `/order/${order.id}/payment`);
  await expect(page.getByRole("heading", { level: 1, name: "Order Already Paid" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
  await page.getByRole("link", { name: "View Order Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/confirmation\\?token=`));
});

test("cancel on PayPal's page: back on the payment page with 'Payment cancelled', and paying later still works", async ({ page }, testInfo) => {
  const product = await testProduct(3);
  const order = await placeOrder(page, product.id);
  await openPaymentPage(page, testInfo, order.id);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_ORIGIN}/checkoutnow`));
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/payment$`));
  await expectToast(page, "Payment cancelled", "You cancelled the PayPal payment. You can try again when ready.");
  expect(statusOf(order.id)).toBe("unpaid");
  expect(stockOf(product.id)).toBe(3);

  await expect(page.getByText("Verifying product availability...")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  expect(statusOf(order.id)).toBe("paid");
});

test("a capture PayPal refuses: back on the payment page with 'Payment failed', nothing paid, stock untouched", async ({ page }, testInfo) => {
  const product = await testProduct(1);
  const order = await placeOrder(page, product.id);
  await openPaymentPage(page, testInfo, order.id);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_ORIGIN}/checkoutnow`));
  const paypalOrderId = new URL(page.url()).searchParams.get("token")!;
  expect((await fetch(`${PAYPAL_ORIGIN}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify({ orderId: paypalOrderId }) })).status).toBe(200);
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/payment$`));
  await expectToast(page, "Payment failed", "There was an error processing your PayPal payment. Please try again.");
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
  expect(statusOf(order.id)).toBe("unpaid");
  expect(stockOf(product.id)).toBe(1);
});

test("a capture PayPal holds for review: 'Payment pending' on the payment page, no Pay button, the stock stays taken", async ({ page }, testInfo) => {
  const product = await testProduct(1);
  const order = await placeOrder(page, product.id);
  await openPaymentPage(page, testInfo, order.id);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_ORIGIN}/checkoutnow`));
  const paypalOrderId = new URL(page.url()).searchParams.get("token")!;
  const control = await fetch(`${PAYPAL_ORIGIN}/__emulator/complete-capture-with`, {
    method: "POST",
    body: JSON.stringify({ status: "PENDING", orderId: paypalOrderId }),
  });
  expect(control.status).toBe(200);
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/payment$`));
  await expect(page.getByText("PayPal is still reviewing this payment.", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
  expect(statusOf(order.id)).toBe("unpaid");
  expect(stockOf(product.id)).toBe(0);

  // A later visit asks PayPal again: still pending, still no Pay button, the stock still held.
  await visit(page, testInfo, `/order/${order.id}/payment`);
  await expect(page.getByText("Payment pending").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
  expect(stockOf(product.id)).toBe(0);
});

test("a sold-out item: the stock issue box with Return to Cart instead of the pay button", async ({ page }, testInfo) => {
  const product = await testProduct(2);
  const order = await placeOrder(page, product.id, 2);
  await setStock(e2eDb(), product.id, 1);
  if (!jsOff(testInfo)) {
    // Slow the availability check down so its message can be seen.
    await page.route("**/validate-stock*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
  }
  await page.goto(`/order/${order.id}/payment`);
  if (!jsOff(testInfo)) await expect(page.getByRole("status").filter({ hasText: "Verifying product availability..." })).toBeVisible();
  const box = page.locator(".stock-issue");
  await expect(box).toContainText(`${product.title}: only 1 items available in stock (you ordered 2)`);
  await expect(page.getByText("Verifying product availability...")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
  await box.getByRole("link", { name: "Return to Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test("the Pay button can be used while the stock check is still on its way: it leads to PayPal", async ({ page }, testInfo) => {
  const product = await testProduct(3);
  const order = await placeOrder(page, product.id);
  // The check is held until the shopper has pressed Pay: the server checked the stock when it drew the page.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/validate-stock*", async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await visit(page, testInfo, `/order/${order.id}/payment`);
  if (!jsOff(testInfo)) await expect(page.getByRole("status").filter({ hasText: "Verifying product availability..." })).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay with PayPal" });
  await expect(pay).toBeVisible();
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL((url) => url.origin === PAYPAL_ORIGIN);
  await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
  release();
});

test("stock that runs out after the page was drawn: the check brings the server's stock issue box in place of the Pay button", async ({ page }, testInfo) => {
  const product = await testProduct(2);
  const order = await placeOrder(page, product.id, 2);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/validate-stock*", async (route) => {
    await held;
    await route.continue();
  });
  await visit(page, testInfo, `/order/${order.id}/payment`);
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
  await setStock(e2eDb(), product.id, 1);
  release();
  if (jsOff(testInfo)) {
    // Without JavaScript there is no check on load: the payment itself refuses (tested above).
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
    return;
  }
  const box = page.locator(".stock-issue");
  await expect(box).toContainText(`${product.title}: only 1 items available in stock (you ordered 2)`);
  await expect(box.getByRole("link", { name: "Return to Cart" })).toHaveAttribute("href", "/cart");
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
  await expect(page.getByText("Verifying product availability...")).toHaveCount(0);
});

test("the payment page of an order that is not yours: 'Order Not Found' (404), on both URLs; a token link opens it", async ({ page, browser }, testInfo) => {
  const product = await testProduct(2);
  const order = await placeOrder(page, product.id);
  const other = await browser.newContext({ javaScriptEnabled: !jsOff(testInfo) });
  const stranger = await other.newPage();
  for (const path of [`/order/${order.id}/payment`, `/order-payment/${order.id}`, `/order/${order.id}/payment?token=wrong`]) {
    const res = await stranger.goto(path);
    expect(res?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
  }
  const res = await stranger.goto(`/order-payment/${order.id}?token=${order.confirmationToken}`);
  expect(res?.status()).toBe(200);
  await expect(stranger.getByRole("heading", { level: 1, name: "Complete Payment" })).toBeVisible();
  await other.close();
});

test("in emulator mode the page never asks for PayPal's script or the chunk that loads it", async ({ page }, testInfo) => {
  const product = await testProduct(2);
  const order = await placeOrder(page, product.id);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await openPaymentPage(page, testInfo, order.id);
  await expect(page.locator("[data-paypal-buttons]")).toHaveCount(0);
  // Whatever the page loads has loaded by now (the stock check answered).
  await page.waitForLoadState("networkidle");
  expect(requested.filter((url) => /paypal\.com|paypalobjects\.com|\/build\/shop-chunk-/.test(url))).toEqual([]);
});

test("from the keyboard: Enter on 'Pay with PayPal' goes to PayPal; with JavaScript the button first says 'Redirecting to PayPal...'", async ({
  page,
}, testInfo) => {
  const product = await testProduct(2);
  const order = await placeOrder(page, product.id);
  await openPaymentPage(page, testInfo, order.id);
  const pay = page.getByRole("button", { name: "Pay with PayPal" });
  await pay.focus();
  if (!jsOff(testInfo)) {
    // Once with the navigation held back, to see the button in between.
    await page.evaluate(() => window.addEventListener("submit", (event) => event.preventDefault(), { once: true }));
    await page.keyboard.press("Enter");
    const busy = page.getByRole("button", { name: "Redirecting to PayPal..." });
    await expect(busy).toBeDisabled();
    await busy.evaluate((b) => ((b as HTMLButtonElement).disabled = false));
    await busy.focus();
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_ORIGIN}/checkoutnow`));
});

test("the Pay button stays where it is while the stock check runs and when it ends", async ({ page }, testInfo) => {
  const product = await testProduct(3);
  const order = await placeOrder(page, product.id);
  // A slow line: the check's answer takes a while, so its status line is there to measure.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/orders/*/validate-stock", async (route) => {
    await held;
    await route.continue();
  });
  await visit(page, testInfo, `/order/${order.id}/payment`);
  const pay = page.getByRole("button", { name: "Pay with PayPal" });
  await expect(pay).toBeEnabled();
  if (!jsOff(testInfo)) await expect(page.getByRole("status").filter({ hasText: "Verifying product availability..." })).toBeVisible();
  const during = (await pay.boundingBox())!;
  answer();
  await expect(page.getByText("Verifying product availability...")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  const after = (await pay.boundingBox())!;
  expect(after.y).toBe(during.y);
  expect(after.x).toBe(during.x);
});
