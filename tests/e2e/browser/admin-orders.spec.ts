import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, expectToast, jsOff, visit } from "../helpers/browser";
import { insertOrder, makeStockProduct, orderStatus, productStock } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";
import { openRowMenu } from "../helpers/row-menu";

// The admin's order fulfilment: the Orders tab and /admin/orders/{orderId}, with JavaScript on and off.

const CANCEL_QUESTION = "Are you sure you want to cancel this order? Stock will be restored.";
const CANCELLED = "Order has been cancelled and stock restored.";
const SHIPPED = "Order has been marked as shipped with tracking number.";
const RETURNED = "Order has been marked as returned.";

/** Cancel, answered: with JavaScript the confirm() prompt, without it the server's confirmation step. */
async function confirmCancel(page: Page, testInfo: TestInfo, button: ReturnType<Page["getByRole"]>) {
  if (jsOff(testInfo)) {
    await button.click();
    await expect(page).toHaveURL(/[?&]confirm=cancel/);
    const box = page.getByRole("alertdialog");
    await expect(box.locator("#order-confirm-title")).toHaveText(CANCEL_QUESTION);
    await box.getByRole("button", { name: "Yes, cancel order" }).click();
    return;
  }
  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await button.click();
  await expect.poll(() => messages).toEqual([`confirm: ${CANCEL_QUESTION}`]);
}

function row(page: Page, id: number) {
  return page.locator(`tr[data-order-id="${id}"]`);
}

test.describe("admin orders: access", () => {
  test("signed out goes to the admin login; a customer sees Access Denied (403)", async ({ page, loginAsCustomer }, testInfo) => {
    const order = await insertOrder({ status: "paid" });
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page).toHaveURL(new RegExp(`/admin-login\\?redirectTo=${encodeURIComponent(`/admin/orders/${order.id}`)}`));
    await loginAsCustomer({ page, email: uniqueEmail("admin-orders-customer") });
    await visit(page, testInfo, `/admin/orders/${order.id}`, 403);
    await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Ship Order" })).toHaveCount(0);
  });

  test("an unknown order: 'Order Not Found' with Back to Admin (404)", async ({ page, loginAsAdmin }, testInfo) => {
    await loginAsAdmin({ page, email: "admin@example.com" });
    await visit(page, testInfo, "/admin/orders/99999999", 404);
    await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Admin" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=orders/);
  });
});

test.describe("admin orders: the Orders tab", () => {
  test("the table shows the order with its status badge and only the actions its status allows", async ({ page, loginAsAdmin }, testInfo) => {
    await loginAsAdmin({ page, email: "admin@example.com" });
    const email = `${uniqueEmail("tab")}`;
    const paid = await insertOrder({ status: "paid", email });
    const shipped = await insertOrder({ status: "shipped", email, trackingNumber: "T-1" });
    await visit(page, testInfo, `/admin?tab=orders&q=${encodeURIComponent(email)}`);
    await expect(row(page, paid.id)).toContainText(email);
    await expect(row(page, paid.id).locator(".status-pill")).toHaveText("Payment Received");
    // One visible action per row; the rest are behind 'More'.
    await expect(row(page, paid.id).getByRole("button", { name: `Cancel order #${paid.id}` })).toBeHidden();
    const paidMenu = await openRowMenu(row(page, paid.id));
    await expect(paidMenu.getByRole("button", { name: `Cancel order #${paid.id}` })).toBeVisible();
    await expect(paidMenu.getByText("Ship", { exact: true })).toBeVisible();
    await expect(paidMenu.getByRole("link", { name: `Packing slip of order #${paid.id}` })).toBeVisible();
    await expect(row(page, paid.id).getByRole("button", { name: /Process return/ })).toHaveCount(0);
    await expect(row(page, shipped.id).locator(".status-pill")).toHaveText("Shipped");
    await expect((await openRowMenu(row(page, shipped.id))).getByRole("button", { name: `Process return of order #${shipped.id}` })).toBeVisible();
    await expect(row(page, shipped.id).getByRole("button", { name: /Cancel order/ })).toHaveCount(0);
    // An open menu covers the rows under it until its button closes it again.
    await row(page, shipped.id).locator("details.row-menu > summary").click();
    await row(page, paid.id).getByRole("link", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order #${paid.id}` })).toBeVisible();
  });

  test("ship a paid order from the tab; the customer sees the tracking number", async ({ page, loginAsAdmin }, testInfo) => {
    await loginAsAdmin({ page, email: "admin@example.com" });
    const email = uniqueEmail("ship-tab");
    const order = await insertOrder({ status: "paid", email });
    await visit(page, testInfo, `/admin?tab=orders&q=${encodeURIComponent(email)}`);
    await (await openRowMenu(row(page, order.id))).getByText("Ship", { exact: true }).click();
    await row(page, order.id).getByLabel("Tracking number").fill("  LX555000111PL ");
    await row(page, order.id).getByRole("button", { name: "Mark as Shipped" }).click();
    await expectToast(page, "Order shipped", SHIPPED);
    await expect(row(page, order.id).locator(".status-pill")).toHaveText("Shipped");
    expect(orderStatus(order.id).status).toBe("shipped");

    await visit(page, testInfo, `/order-details/${order.id}?token=${order.token}`);
    const tracking = page.locator("a.tracking-link").first();
    await expect(tracking).toContainText("LX555000111PL");
    await expect(tracking).toHaveAttribute("href", "https://parcelsapp.com/en/tracking/LX555000111PL");
  });

  test("cancel a paid order from the tab: the stock comes back", async ({ page, loginAsAdmin }, testInfo) => {
    await loginAsAdmin({ page, email: "admin@example.com" });
    const product = await makeStockProduct(2);
    const email = uniqueEmail("cancel-tab");
    const order = await insertOrder({ status: "paid", email, stockReserved: true, lines: [{ slug: product.slug, quantity: 2 }] });
    await visit(page, testInfo, `/admin?tab=orders&q=${encodeURIComponent(email)}`);
    await confirmCancel(page, testInfo, (await openRowMenu(row(page, order.id))).getByRole("button", { name: `Cancel order #${order.id}` }));
    await expectToast(page, "Order cancelled", CANCELLED);
    await expect(row(page, order.id).locator(".status-pill")).toHaveText("Cancelled");
    await expect(page).not.toHaveURL(/confirm=/);
    expect(productStock(product.id)).toBe(4);
    expect(orderStatus(order.id)).toEqual({ status: "cancelled", stockReserved: 0 });
  });

  test("usable at 360 px: stacked cards without sideways scrolling", async ({ page, loginAsAdmin }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAsAdmin({ page, email: "admin@example.com" });
    const email = uniqueEmail("narrow-tab");
    const order = await insertOrder({ status: "paid", email });
    await visit(page, testInfo, `/admin?tab=orders&q=${encodeURIComponent(email)}`);
    await expect(row(page, order.id)).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test.describe("admin orders: the order page", () => {
  test("shows items, customer, message, address and summary; ships with a tracking number", async ({ page, loginAsAdmin }, testInfo) => {
    await loginAsAdmin({ page, email: "admin@example.com" });
    const order = await insertOrder({
      status: "paid",
      customerMessage: "Please wrap it as a gift",
      lines: [{ slug: "cream-cable-knit-sweater", quantity: 2 }],
    });
    await visit(page, testInfo, `/admin/orders/${order.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expect(page.locator(".order-item")).toHaveCount(1);
    await expect(page.locator(".order-item")).toContainText(order.items[0]!.title);
    await expect(page.locator(".order-message")).toHaveText("Please wrap it as a gift");
    await expect(page.locator(".order-address")).toContainText("12 Lace Lane");
    await expect(page.getByText("buyer@example.com")).toBeVisible();
    await expect(page.getByRole("link", { name: "Process Return" })).toHaveCount(0);

    if (!jsOff(testInfo)) {
      // The browser itself refuses an empty tracking number (required).
      await page.getByRole("button", { name: "Ship Order" }).click();
      expect(orderStatus(order.id).status).toBe("paid");
    }
    await page.getByLabel("Tracking number").fill("RR987654321PL");
    await page.getByRole("button", { name: "Ship Order" }).click();
    await expectToast(page, "Order shipped", SHIPPED);
    const card = page.locator(".admin-tracking-card");
    await expect(card.locator("a.tracking-link")).toHaveAttribute("href", "https://parcelsapp.com/en/tracking/RR987654321PL");
    await expect(page.locator(".status-pill").first()).toHaveText("Shipped");

    // Process Return opens the refund form (no PayPal payment on this order: nothing to refund).
    await page.getByRole("link", { name: "Process Return" }).click();
    await expect(page.getByLabel("Refund amount (USD)")).toHaveValue("0.00");
    await page.getByRole("button", { name: "Refund and process return" }).click();
    await expectToast(page, "Return processed", RETURNED);
    await expect(page.locator(".status-pill").first()).toHaveText("Returned");
    expect(orderStatus(order.id).status).toBe("returned");
  });

  test("Approve and refund (a cancellation request) restores stock; the stale second click is refused", async ({ page, loginAsAdmin }, testInfo) => {
    await loginAsAdmin({ page, email: "admin@example.com" });
    const product = await makeStockProduct(0);
    const order = await insertOrder({ status: "cancel_request", stockReserved: true, lines: [{ slug: product.slug, quantity: 1 }] });
    await visit(page, testInfo, `/admin/orders/${order.id}`);
    await expect(page.getByRole("button", { name: "Ship Order" })).toHaveCount(0);
    await confirmCancel(page, testInfo, page.getByRole("button", { name: "Approve and refund" }));
    await expectToast(page, "Order cancelled", CANCELLED);
    await expect(page.getByRole("button", { name: "Approve and refund" })).toHaveCount(0);
    expect(productStock(product.id)).toBe(1);

    // A stale tab posts the confirmed cancel again: redirected back with an error, no second restore.
    const res = await page.request.post(`/admin/orders/${order.id}`, {
      form: { intent: "order-cancel", orderId: String(order.id), confirmed: "yes" },
      headers: { Accept: "text/html" },
      maxRedirects: 0,
    });
    const status = res.status();
    expect(status).toBe(302);
    expect(productStock(product.id)).toBe(1);
  });
});

test("the dashboard's revenue charts show a paid order in today's bar, drawn without JavaScript", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: "admin@example.com" });
  const order = await insertOrder({ status: "paid", email: uniqueEmail("chart-buyer") });
  await visit(page, testInfo, "/admin");
  const byDay = page.getByRole("img", { name: /^Revenue by day, last 30 days/ });
  await expect(byDay).toBeVisible();
  await expect(page.getByRole("img", { name: /^Revenue by month, last 12 months/ })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const bar = byDay.locator(`rect[data-key="${today}"]`);
  await expect(bar).toHaveCount(1);
  expect(Number(await bar.getAttribute("data-cents"))).toBeGreaterThanOrEqual(order.totalCents);
  expect(Number(await bar.getAttribute("height"))).toBeGreaterThan(0);
  await expect(byDay.locator("rect")).toHaveCount(30);
  // The exact figures are in a table under each chart.
  await page.getByText("Figures").first().click();
  await expect(page.locator(".chart-figures").first().getByRole("row")).toHaveCount(31);
});
