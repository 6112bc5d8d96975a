import { expect, type Page, test } from "@playwright/test";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { expectToast, notifications, visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// On a phone (360 px): a notification never covers the Pay button, and a field the browser scrolls
// to (its own error bubble) stops below the sticky header.

test.use({ viewport: { width: 360, height: 740 } });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The browser's guest session puts a new product in its cart and places an unpaid order. */
async function placeOrder(page: Page): Promise<number> {
  const slug = uniqueSlug("phone-pay");
  const { id } = await makeProduct(e2eDb(), { title: `Phone Pay ${slug}`, slug, priceCents: 2250, stock: 3, image: false });
  expect((await page.request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  const res = await page.request.post("/api/orders", {
    data: {
      email: uniqueEmail("phone-pay"),
      status: "unpaid",
      shippingAddress: { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Toronto", postalCode: "M5V 2T6", country: "CA" },
      useLoyaltyPoints: false,
      agreeToTerms: true,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test("at 360 px the payment page's toast and the Pay button do not overlap", async ({ page }, testInfo) => {
  const orderId = await placeOrder(page);
  // Back from PayPal's page with 'Cancel': the payment page opens with its notification.
  await visit(page, testInfo, `/order/${orderId}/paypal-cancel`);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/payment$`));
  await expectToast(page, "Payment cancelled");
  const pay = page.getByRole("button", { name: "Pay with PayPal" });
  await expect(pay).toBeVisible();
  // As the page opens, and scrolled down just until the button shows at the screen's bottom edge.
  for (const scroll of ["top", "pay"] as const) {
    if (scroll === "pay") await pay.evaluate((el) => el.scrollIntoView({ block: "end" }));
    const toastBox = await notifications(page).locator(".toast").first().boundingBox();
    const payBox = await pay.boundingBox();
    expect(toastBox && payBox).toBeTruthy();
    // boundingBox() is in the viewport's coordinates: what covers what on the screen.
    expect(intersects(toastBox!, payBox!), `toast ${JSON.stringify(toastBox)} over pay ${JSON.stringify(payBox)}`).toBe(false);
  }
});

test("at 360 px a form field's scroll margin clears the sticky header", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/withdrawal");
  const header = await page.locator(".site-header").boundingBox();
  expect(header).toBeTruthy();
  for (const field of [page.getByLabel("Order number"), page.getByLabel("Your name")]) {
    const margin = await field.evaluate((el) => parseFloat(getComputedStyle(el).scrollMarginTop));
    expect(margin).toBeGreaterThan(header!.height);
  }
});
