import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectToast, jsOff, visit } from "../helpers/browser";
import { makeStockProduct, orderStatus, productStock } from "../helpers/orders";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// The order's life after payment as the owner runs it, JavaScript on and off: cancel
// with a PayPal refund, decline a cancellation request, start packing, mark delivered, a
// partial return with restock, and one of an order with a discount code. Orders are paid
// through the PayPal emulator over HTTP.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
const CANCEL_QUESTION = "Are you sure you want to cancel this order? Stock will be restored.";

/** A guest's order of `quantity` × the product (and `more` lines, with a discount code), paid through the public API and the emulator. */
async function paidOrder(
  playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } },
  productId: number,
  quantity = 1,
  extra: { more?: { productId: number; quantity: number }[]; discountCode?: string } = {},
) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    for (const line of [{ productId, quantity }, ...(extra.more ?? [])]) {
      expect((await request.post("/api/cart", { data: line })).status()).toBe(201);
    }
    const placed = await request.post("/api/orders", {
      data: {
        ...(extra.discountCode ? { discountCode: extra.discountCode } : {}),
        email: uniqueEmail("money-browser"),
        status: "unpaid",
        shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
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
    return { ...order, request };
  } catch (error) {
    await request.dispose();
    throw error;
  }
}

async function confirmCancel(page: Page, testInfo: TestInfo, button: ReturnType<Page["getByRole"]>) {
  if (jsOff(testInfo)) {
    await button.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, cancel order" }).click();
    return;
  }
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(CANCEL_QUESTION);
    void dialog.accept();
  });
  await button.click();
}

// As a person reads it: "$1,234.50", thousands grouped.
const money = (total: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(total));

test("cancel a paid order: PayPal refunds it, the owner and the customer see the refund", async ({ page, playwright, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const product = await makeStockProduct(3);
  const order = await paidOrder(playwright, product.id, 2);
  await order.request.dispose();
  expect(productStock(product.id)).toBe(1);
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  await expect(page.getByTestId("refunded-total")).toHaveText(`$0.00 of ${money(order.total)}`);
  await confirmCancel(page, testInfo, page.getByRole("button", { name: "Cancel Order" }));
  await expectToast(page, "Order cancelled", "Order has been cancelled and stock restored.");
  await expect(page.getByTestId("refunded-total")).toHaveText(`${money(order.total)} of ${money(order.total)}`);
  await expect(page.locator(".admin-refunds")).toContainText("Cancellation");
  await expect(page.locator(".admin-refunds")).toContainText("Refunded");
  await expect(page.locator(".order-history")).toContainText(`Refunded ${money(order.total)} through PayPal`);
  expect(orderStatus(order.id).status).toBe("cancelled");
  expect(productStock(product.id)).toBe(3);

  await visit(page, testInfo, `/order-details/${order.id}?token=${order.confirmationToken}`);
  await expect(page.getByTestId("order-refunds")).toContainText(`${money(order.total)} refunded to your PayPal account`);
});

test("PayPal refuses the refund: the order stays paid and the owner reads PayPal's reason", async ({ page, playwright, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const product = await makeStockProduct(3);
  const order = await paidOrder(playwright, product.id);
  await order.request.dispose();
  const captureId = withDb((db) => (db.prepare("SELECT paypal_capture_id AS c FROM orders WHERE id = ?").get(order.id) as { c: string }).c);
  await fetch(`${PAYPAL_URL}/__emulator/fail-next-refund`, { method: "POST", body: JSON.stringify({ captureId, issue: "REFUND_FAILED_INSUFFICIENT_FUNDS" }) });
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  await confirmCancel(page, testInfo, page.getByRole("button", { name: "Cancel Order" }));
  await expectToast(page, "Error");
  await expect(page.locator(".toast .toast-text")).toHaveText(/^PayPal refused the refund: Capture could not be refunded due to insufficient funds/);
  await expect(page.locator(".admin-refunds")).toContainText("Refused by PayPal");
  expect(orderStatus(order.id).status).toBe("paid");
});

test("decline a cancellation request: back to paid, the customer reads the reason", async ({ page, playwright, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const product = await makeStockProduct(3);
  const order = await paidOrder(playwright, product.id);
  expect((await order.request.patch(`/api/orders/${order.id}/cancel`)).status()).toBe(200);
  await order.request.dispose();
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  await expect(page.locator(".status-pill").first()).toHaveText("Cancellation Requested");
  await page.getByLabel("Reason for the customer").fill("Your parcel already left our studio this morning.");
  await page.getByRole("button", { name: "Decline request" }).click();
  await expectToast(page, "Request declined", "The cancellation request has been declined.");
  await expect(page.locator(".status-pill").first()).toHaveText("Payment Received");
  expect(orderStatus(order.id).status).toBe("paid");

  await visit(page, testInfo, `/order-details/${order.id}?token=${order.confirmationToken}`);
  await expect(page.getByTestId("decline-reason")).toContainText("Your parcel already left our studio this morning.");
});

test("start packing, ship, mark delivered, then a partial return with restock", async ({ page, playwright, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const product = await makeStockProduct(4);
  const order = await paidOrder(playwright, product.id, 2);
  await order.request.dispose();
  expect(productStock(product.id)).toBe(2);
  await visit(page, testInfo, `/admin/orders/${order.id}`);

  await page.getByRole("button", { name: "Start packing" }).click();
  await expectToast(page, "Packing", "Packing has started.");
  await expect(page.locator(".status-pill").first()).toHaveText("Processing");
  await page.getByLabel("Tracking number").fill("RR111222333PL");
  await page.getByRole("button", { name: "Ship Order" }).click();
  await expectToast(page, "Order shipped");
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expectToast(page, "Delivered", "Order has been marked as delivered.");
  await expect(page.locator(".status-pill").first()).toHaveText("Delivered");

  // One of the two pieces comes back: tick it, one back to stock, refund $10.00.
  await page.getByRole("link", { name: "Process Return" }).click();
  const form = page.locator(".admin-return-form");
  await expect(page.getByLabel("Refund amount (USD)")).toHaveValue("30.00");
  await form.getByRole("checkbox").check();
  await form.getByLabel(/^Quantity of/).fill("1");
  await page.getByLabel("Refund amount (USD)").fill("10.00");
  await page.getByRole("button", { name: "Refund and process return" }).click();
  await expectToast(page, "Return processed", "Order has been marked as returned.");
  await expect(page.locator(".status-pill").first()).toHaveText("Returned");
  await expect(page.locator(".admin-refunds")).toContainText("Return");
  await expect(page.locator(".admin-refunds")).toContainText("$10.00");
  expect(productStock(product.id)).toBe(3);
  // What is left can still be refunded; more than that is refused.
  await expect(page.getByLabel("Refund amount (USD)")).toBeVisible();
  await page.getByLabel("Refund amount (USD)").fill("999.00");
  await page.getByRole("button", { name: "Refund and process return" }).click();
  await expectToast(page, "Error");
  await expect(page.locator(".toast .toast-text")).toHaveText(/^The refund cannot be more than/);
  expect(productStock(product.id)).toBe(3);
});

test("a coded order's partial return: each line shows what was paid, more than the ticked piece's is refused", async ({
  page,
  playwright,
  loginAsAdmin,
}, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const big = await makeStockProduct(3, 3000);
  const small = await makeStockProduct(3, 1000);
  const code = `RF${randomBytes(6).toString("hex").toUpperCase()}`;
  await e2eDb().insertInto("discounts").values({ code, type: "percent", value: 20 }).execute();
  const order = await paidOrder(playwright, big.id, 1, { more: [{ productId: small.id, quantity: 2 }], discountCode: code });
  await order.request.dispose();
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  await page.getByLabel("Tracking number").fill("RR444555666PL");
  await page.getByRole("button", { name: "Ship Order" }).click();
  await expectToast(page, "Order shipped");

  // $30.00 and 2 × $10.00, 20% off: the lines were paid $24.00 and $16.00.
  await page.getByRole("link", { name: "Process Return" }).click();
  const form = page.locator(".admin-return-form");
  const amount = page.getByLabel("Refund amount (USD)");
  const smallRow = form.locator(".return-item").filter({ hasText: `Order Test ${small.slug}` });
  await expect(
    form
      .locator(".return-item")
      .filter({ hasText: `Order Test ${big.slug}` })
      .getByTestId("return-paid"),
  ).toHaveText("Paid $24.00, of $30.00 before discounts");
  await expect(smallRow.getByTestId("return-paid")).toHaveText("Paid $16.00 ($8.00 each), of $20.00 before discounts");
  await expect(amount).toHaveValue("40.00");
  const tickOne = async () => {
    await smallRow.getByRole("checkbox").check();
    await smallRow.getByLabel(/^Quantity of/).fill("1");
  };
  await tickOne();
  // With JavaScript the amount follows the ticks; without it the owner types it.
  if (!jsOff(testInfo)) await expect(amount).toHaveValue("8.00");
  await amount.fill("10.00");
  await page.getByRole("button", { name: "Refund and process return" }).click();
  await expectToast(page, "Error");
  await expect(page.locator(".toast .toast-text")).toHaveText(/^The refund cannot be more than \$8\.00, what the ticked items were paid/);
  const refunds = () => withDb((db) => (db.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").get(order.id) as { n: number }).n);
  expect(refunds()).toBe(0);
  expect(productStock(small.id)).toBe(1);

  await tickOne();
  await amount.fill("8.00");
  await page.getByRole("button", { name: "Refund and process return" }).click();
  await expectToast(page, "Return processed", "Order has been marked as returned.");
  await expect(page.locator(".admin-refunds")).toContainText("$8.00");
  expect(refunds()).toBe(1);
  expect(productStock(small.id)).toBe(2);
});

test("a payment PayPal reverses: the owner reads why, cannot ship, and marks it resolved", async ({ page, playwright, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const product = await makeStockProduct(3);
  const order = await paidOrder(playwright, product.id);
  await order.request.dispose();
  const captureId = withDb((db) => (db.prepare("SELECT paypal_capture_id AS c FROM orders WHERE id = ?").get(order.id) as { c: string }).c);
  expect((await fetch(`${PAYPAL_URL}/__emulator/reverse/${captureId}`, { method: "POST" })).status).toBeLessThan(300);
  await expect.poll(() => orderStatus(order.id).status, { timeout: 10_000 }).toBe("payment_reversed");

  await visit(page, testInfo, `/admin/orders/${order.id}`);
  await expect(page.locator(".status-pill").first()).toHaveText("Payment reversed");
  await expect(page.locator(".order-actions")).toContainText("PayPal reversed this payment or the buyer opened a dispute.");
  await expect(page.getByRole("button", { name: "Ship Order" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark resolved" }).click();
  await expectToast(page, "Resolved", "The payment issue is marked resolved.");
  await expect(page.locator(".status-pill").first()).toHaveText("Payment Received");
  await expect(page.getByRole("button", { name: "Ship Order" })).toBeVisible();
  expect(orderStatus(order.id).status).toBe("paid");
});
