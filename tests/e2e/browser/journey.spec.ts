import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { addFromProductPage, expectToast, SLUGS, visit, waitForHydration } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// The whole purchase, as a shopper in Poland does it, with JavaScript on and off: cart → checkout
// with a validation error → fixed → order → Pay with PayPal → the emulator's Approve → 'Order
// Confirmed!' → order details; and a PayPal cancel from Germany → 'Payment cancelled'.

async function toCheckout(page: Page, testInfo: TestInfo) {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await page.waitForURL((url) => url.pathname === "/checkout");
  await waitForHydration(page, testInfo);
}

async function fillCheckout(page: Page, email: string, country: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First Name").fill("Clara");
  await page.getByLabel("Last Name").fill("Bloom");
  await page.getByLabel("Address", { exact: true }).fill("12 Ribbon Lane");
  await page.getByLabel("City").fill("Kraków");
  await page.getByLabel("Postal Code").fill("30-001");
  await page.getByLabel("Country").selectOption(country);
  await page.getByLabel(/I agree to the/).check();
}

async function placeOrder(page: Page, testInfo: TestInfo, country: string): Promise<number> {
  await toCheckout(page, testInfo);
  const email = uniqueEmail("journey");
  // The browser accepts 'name@localhost'; the shop's rule does not.
  await fillCheckout(page, email.replace(/@.*/, "@localhost"), country);
  // The behaviour checks first, then posts the form: the test waits for the page it lands on itself.
  await page.getByRole("button", { name: "Create Order & Proceed to Payment" }).click({ noWaitAfter: true });
  await expect(page.locator("#email-error")).toHaveText("Please enter a valid email address");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("City")).toHaveValue("Kraków");

  await page.getByLabel("Email", { exact: true }).fill(email);
  if (!(await page.getByLabel(/I agree to the/).isChecked())) await page.getByLabel(/I agree to the/).check();
  // The behaviour checks first, then posts the form: the test waits for the page it lands on itself.
  await page.getByRole("button", { name: "Create Order & Proceed to Payment" }).click({ noWaitAfter: true });
  await page.waitForURL(/\/order\/\d+\/payment/);
  await expectToast(page, "Order created successfully");
  await waitForHydration(page, testInfo);
  return Number(/\/order\/(\d+)\/payment/.exec(page.url())![1]);
}

test("a guest in Poland buys through PayPal and sees 'Order Confirmed!' and the order details", async ({ page }, testInfo) => {
  const orderId = await placeOrder(page, testInfo, "PL");
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByRole("heading", { name: "Approve your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();

  await page.waitForURL(new RegExp(`/order/${orderId}/confirmation\\?token=`));
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByText("Payment Received").first()).toBeVisible();
  await expect(page.getByText("12 Ribbon Lane")).toBeVisible();
  await expect(page.getByText("Poland").first()).toBeVisible();
  const token = new URL(page.url()).searchParams.get("token")!;
  expect(token.length).toBeGreaterThanOrEqual(22);

  await visit(page, testInfo, `/order-details/${orderId}?token=${encodeURIComponent(token)}`);
  await expect(page.getByText("Payment Received").first()).toBeVisible();
  await expect(page.getByText("Cream Cable Knit Sweater", { exact: false }).first()).toBeVisible();
  // The cart was emptied by the payment.
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
});

test("cancelling at PayPal comes back with 'Payment cancelled' and the order still unpaid", async ({ page }, testInfo) => {
  const orderId = await placeOrder(page, testInfo, "DE");
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByRole("heading", { name: "Approve your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(new RegExp(`/order/${orderId}/payment`));
  await expect(page.getByText("You cancelled the PayPal payment. You can try again when ready.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
});
