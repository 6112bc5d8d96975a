import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectNoHorizontalScroll, expectToast, jsOff, visit } from "../helpers/browser";
import { insertOrder, orderStatus } from "../helpers/orders";
import { ensureUser, uniqueEmail } from "../helpers/session";

// The confirmation page and the customer order details page, with JavaScript on and off.
// Orders are written straight into the e2e database by tests/e2e/helpers/orders.ts.

const CANCEL_QUESTION = "Are you sure you want to cancel this order?";
const REQUEST_QUESTION = "Are you sure you want to request cancellation of this order? We will review your request within 1-2 business days.";

/**
 * Presses an order action and answers its confirmation: with JavaScript the confirm() prompt,
 * without it the server's confirmation step (?confirm=) and its "Yes, …" button.
 */
async function confirmOrderAction(page: Page, testInfo: TestInfo, button: string, question: string, yes: string) {
  if (jsOff(testInfo)) {
    await page.getByRole("button", { name: button }).click();
    await expect(page).toHaveURL(/[?&]confirm=/);
    const box = page.getByRole("alertdialog");
    await expect(box.locator("#confirm-title")).toHaveText(question);
    await box.getByRole("button", { name: yes }).click();
    return;
  }
  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: button }).click();
  await expect.poll(() => messages).toEqual([`confirm: ${question}`]);
}

test.describe("confirmation page", () => {
  test("a paid order: 'Order Confirmed!' with its details, address, next steps and links", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "paid", lines: [{ slug: "cream-cable-knit-sweater", quantity: 2 }] });
    await visit(page, testInfo, `/order/${order.id}/confirmation?token=${order.token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
    const details = page.locator("section[aria-labelledby='order-details-title']");
    await expect(details.locator(".status-pill")).toHaveText("Payment Received");
    await expect(details).toContainText(`#${order.id}`);
    await expect(details.locator(".order-item")).toHaveCount(1);
    await expect(details.locator(".order-item")).toContainText(order.items[0]!.title);
    await expect(details.locator(".order-item .line-total")).toHaveText(`$${((order.items[0]!.unitPriceCents * 2) / 100).toFixed(2)}`);
    await expect(details.locator(".totals")).toContainText("Shipping (Standard Shipping)");
    await expect(details.locator(".totals .grand dd")).toHaveText(`$${(order.totalCents / 100).toFixed(2)}`);
    await expect(page.locator(".order-address")).toContainText("Canada");
    await expect(page.getByRole("heading", { name: "What's Next?" })).toBeVisible();
    await expect(page.locator(".whats-next")).toContainText("Orders go out within 1–3 business days.");
    await expect(page.getByRole("link", { name: "Continue Shopping" }).last()).toHaveAttribute("href", "/shop");
    await expect(page.getByRole("link", { name: "View Order History" })).toHaveAttribute("href", "/account");
    await expect(page.locator(".order-support a[href^='mailto:']")).toBeVisible();

    // The same page by the token in the path.
    await visit(page, testInfo, `/orders/${order.id}/${order.token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  });

  test("without a token 'Access Denied'; with a wrong one 'Order Not Found'", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "paid" });
    await visit(page, testInfo, `/order/${order.id}/confirmation`, 403);
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.locator("main")).toContainText("valid confirmation link");
    await expect(page.locator("main")).toContainText("Confirmation token is required");
    await visit(page, testInfo, `/order/${order.id}/confirmation?token=not-the-token`, 404);
    await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
    await expect(page.locator("main")).not.toContainText("Clara");
    await visit(page, testInfo, `/orders/${order.id}/not-the-token`, 404);
    await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
  });

  test("an unpaid order says 'Payment Pending' and links to its payment page", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "unpaid" });
    await visit(page, testInfo, `/order/${order.id}/confirmation?token=${order.token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Pending" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete Payment" })).toHaveAttribute("href", `/order/${order.id}/payment?token=${order.token}`);
  });

  test("readable at 360 px without sideways scrolling", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const order = await insertOrder({ status: "shipped", trackingNumber: "RR123456785PL" });
    await visit(page, testInfo, `/order/${order.id}/confirmation?token=${order.token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await visit(page, testInfo, `/order-details/${order.id}?token=${order.token}`);
    await expectNoHorizontalScroll(page);
  });
});

test.describe("customer order details", () => {
  test("a shipped order shows its status, the tracking link, contact and message", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "shipped", trackingNumber: "RR123456785PL", customerMessage: "Please wrap it as a gift" });
    await visit(page, testInfo, `/order-details/${order.id}/${order.token}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expect(page.locator(".status-pill")).toHaveText("Shipped");
    await expect(page.locator(".order-banner")).toContainText("Your order has shipped!");
    const tracking = page.locator("section[aria-labelledby='status-title'] a.tracking-link");
    await expect(tracking).toHaveAttribute("href", "https://parcelsapp.com/en/tracking/RR123456785PL");
    await expect(tracking).toHaveAttribute("rel", /noreferrer/);
    await expect(page.locator("section[aria-labelledby='contact-title']")).toContainText("buyer@example.com");
    await expect(page.locator(".order-message")).toHaveText("Please wrap it as a gift");
    await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Request Cancellation" })).toHaveCount(0);
  });

  test("someone else's order is 'Order Not Found'", async ({ page, loginAsCustomer }, testInfo) => {
    const owner = await ensureUser(uniqueEmail("details-owner"));
    const order = await insertOrder({ userId: owner, status: "paid" });
    await loginAsCustomer({ page, email: uniqueEmail("details-other") });
    await visit(page, testInfo, `/order-details/${order.id}`, 404);
    await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
  });

  test("the owner opens it from My Account's orders tab", async ({ page, loginAsCustomer }, testInfo) => {
    const { userId } = await loginAsCustomer({ page, email: uniqueEmail("details-account") });
    const order = await insertOrder({ userId, status: "paid" });
    await visit(page, testInfo, "/account");
    await page.getByRole("link", { name: `View Details of order #${order.id}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expect(page.locator(".status-pill")).toHaveText("Payment Received");
  });

  test("cancel an unpaid order after confirming: 'Order cancelled' and 'Cancelled (Unpaid)'", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "unpaid" });
    await visit(page, testInfo, `/order-details/${order.id}?token=${order.token}`);
    await expect(page.getByRole("link", { name: "Complete Payment" }).first()).toHaveAttribute("href", `/order/${order.id}/payment?token=${order.token}`);
    await expect(page.getByRole("button", { name: "Request Cancellation" })).toHaveCount(0);
    await confirmOrderAction(page, testInfo, "Cancel Order", CANCEL_QUESTION, "Yes, cancel order");
    await expectToast(page, "Order cancelled");
    await expect(page.locator(".status-pill")).toHaveText("Cancelled (Unpaid)");
    await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    expect(orderStatus(order.id).status).toBe("unpaidcancelled");
  });

  test("saying no keeps the order", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "unpaid" });
    await visit(page, testInfo, `/order-details/${order.id}?token=${order.token}`);
    if (jsOff(testInfo)) {
      await page.getByRole("button", { name: "Cancel Order" }).click();
      await page.getByRole("alertdialog").getByRole("link", { name: "No, keep order" }).click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
    } else {
      page.once("dialog", (dialog) => void dialog.dismiss());
      await page.getByRole("button", { name: "Cancel Order" }).click();
    }
    await expect(page.locator(".status-pill")).toHaveText("Payment Pending");
    expect(orderStatus(order.id).status).toBe("unpaid");
  });

  test("request cancellation of a paid order: 'Cancellation requested' and the banner", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "paid" });
    await visit(page, testInfo, `/order-details/${order.id}?token=${order.token}`);
    await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    await confirmOrderAction(page, testInfo, "Request Cancellation", REQUEST_QUESTION, "Yes, request cancellation");
    await expectToast(page, "Cancellation requested");
    await expect(page.locator(".status-pill")).toHaveText("Cancellation Requested");
    await expect(page.locator(".order-banner")).toContainText("1-2 business days");
    await expect(page.getByRole("button", { name: "Request Cancellation" })).toHaveCount(0);
    expect(orderStatus(order.id).status).toBe("cancel_request");
  });

  test("from the keyboard: Enter on 'Cancel Order' asks first; saying no leaves the focus on the button, saying yes cancels", async ({ page }, testInfo) => {
    const order = await insertOrder({ status: "unpaid" });
    await visit(page, testInfo, `/order-details/${order.id}?token=${order.token}`);
    const cancel = page.getByRole("button", { name: "Cancel Order" });
    await cancel.focus();

    if (jsOff(testInfo)) {
      await page.keyboard.press("Enter");
      const box = page.getByRole("alertdialog");
      await expect(box.locator("#confirm-title")).toHaveText(CANCEL_QUESTION);
      await box.getByRole("button", { name: "Yes, cancel order" }).focus();
      await page.keyboard.press("Enter");
    } else {
      const asked: string[] = [];
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.keyboard.press("Enter");
      await expect.poll(() => asked).toEqual([CANCEL_QUESTION]);
      await expect(cancel).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/order-details/${order.id}\\?token=`));
      expect(orderStatus(order.id).status).toBe("unpaid");

      page.once("dialog", (dialog) => void dialog.accept());
      await page.keyboard.press("Enter");
    }
    await expectToast(page, "Order cancelled");
    await expect(page.locator(".status-pill")).toHaveText("Cancelled (Unpaid)");
    expect(orderStatus(order.id).status).toBe("unpaidcancelled");
  });
});
