import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { makeOrder, makeProduct } from "../../helpers/kit";
import { addForm, cartBadge, expectToast, visit, waitForHydration } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// Made-to-order pieces as the owner and a shopper meet them, with JavaScript on and off: the owner
// marks a product made to order in the editor; a shopper sees 'Made to order: ships within N
// weeks' on its page, buys it at stock 0, sees the text in the cart and at checkout, pays through
// the PayPal emulator and the confirmation gives the expected ship date; a mixed order ships in one parcel
// and its checkout names the personalised piece as exempt from withdrawal; the owner releases the
// place an unpaid order holds from the Orders tab.

const SHIP_DATE = /around [A-Z][a-z]+ \d{1,2}, \d{4}\./;

async function insertProduct(
  title: string,
  stock: number,
  madeToOrder: { leadTimeDays: number; personalised?: boolean; cap?: number } | null = null,
): Promise<{ id: number; slug: string; title: string }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const product = await makeProduct(e2eDb(), {
    title: `${title} ${tag}`,
    slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${tag}`,
    description: "Sewn for a made-to-order test.",
    priceCents: 2100,
    stock,
    madeToOrder: madeToOrder !== null,
    leadTimeDays: madeToOrder?.leadTimeDays ?? 0,
    isPersonalised: madeToOrder?.personalised ?? false,
    madeToOrderCap: madeToOrder?.cap ?? null,
    image: false,
  });
  return { id: product.id, slug: product.slug, title: product.title };
}

async function addToCart(page: Page, testInfo: TestInfo, slug: string) {
  await visit(page, testInfo, `/product/${slug}`);
  const before = (await cartBadge(page).count()) > 0 ? Number(await cartBadge(page).textContent()) : 0;
  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  await expect(cartBadge(page)).toHaveText(String(before + 1));
}

async function checkoutAndPay(page: Page, testInfo: TestInfo, expectInSummary: RegExp | string) {
  await visit(page, testInfo, "/checkout");
  await expect(page.locator(".checkout-summary").getByText(expectInSummary)).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("mto"));
  await page.getByLabel("First Name").fill("Clara");
  await page.getByLabel("Last Name").fill("Bloom");
  await page.getByLabel("Address", { exact: true }).fill("12 Ribbon Lane");
  await page.getByLabel("City").fill("Berlin");
  await page.getByLabel("Postal Code").fill("10115");
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel(/I agree to the/).check();
  // The behaviour checks first, then posts the form: the test waits for the page it lands on itself.
  await page.getByRole("button", { name: "Create Order & Proceed to Payment" }).click({ noWaitAfter: true });
  await page.waitForURL(/\/order\/\d+\/payment/);
  await expectToast(page, "Order created successfully");
  await waitForHydration(page, testInfo);
  const orderId = Number(/\/order\/(\d+)\/payment/.exec(page.url())![1]);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByRole("heading", { name: "Approve your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(new RegExp(`/order/${orderId}/confirmation\\?token=`));
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return orderId;
}

test("the owner makes a piece to order; a shopper buys it at stock 0 and sees when it ships", async ({ page, loginAsAdmin }, testInfo) => {
  const product = await insertProduct("Velvet Opera Cloak", 0);
  await loginAsAdmin({ page, email: uniqueEmail("mto-admin"), firstName: "Mto", lastName: "Owner" });
  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  await waitForHydration(page, testInfo);
  await page.getByLabel("Made to order", { exact: true }).check();
  await page.getByLabel("Lead time (days)").fill("10");
  await page.getByLabel("Most open made-to-order pieces (optional)").fill("5");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated", product.title);
  const stored = withDb((db) =>
    db.prepare("SELECT made_to_order AS mto, lead_time_days AS days, made_to_order_cap AS cap FROM products WHERE id = ?").get(product.id),
  );
  expect(stored).toEqual({ mto: 1, days: 10, cap: 5 });

  // The shopper, a guest.
  await page.context().clearCookies();
  await visit(page, testInfo, `/product/${product.slug}`);
  await expect(addForm(page).locator(".stock-line")).toHaveText("Made to order: ships within 2 weeks");
  await expect(addForm(page).getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  // The product information promises no dispatch time for a piece still to be sewn: its own lead time.
  await expect(page.getByTestId("shipping-time")).toHaveText("Sewn for you in the studio once you order; ships worldwide within 2 weeks.");
  await addToCart(page, testInfo, product.slug);

  await visit(page, testInfo, "/cart");
  await expect(page.locator(".cart-item").getByText("Made to order: ships within 2 weeks")).toBeVisible();
  await checkoutAndPay(page, testInfo, "Made to order: ships within 2 weeks");
  await expect(page.getByTestId("expected-ship-date")).toHaveText(/^Your made-to-order piece is expected to ship around/);
  await expect(page.getByTestId("expected-ship-date")).toHaveText(SHIP_DATE);
  await expect(page.getByText("Made to order: ships within 2 weeks").first()).toBeVisible();
  // What's Next? promises no dispatch time for a piece still to be sewn.
  await expect(page.locator(".whats-next")).toContainText("Your made-to-order piece is sewn for you first");
  await expect(page.locator(".whats-next")).not.toContainText("Orders go out within");
});

test("a mixed order says it ships in one parcel when the made-to-order piece is ready", async ({ page }, testInfo) => {
  const sewn = await insertProduct("Hand Smocked Pinafore", 0, { leadTimeDays: 4, personalised: true });
  const ready = await insertProduct("Ready Lace Collar", 3);
  await addToCart(page, testInfo, sewn.slug);
  await addToCart(page, testInfo, ready.slug);
  await expect(page.getByText("Handmade in the studio; ships worldwide within 1–3 business days.")).toBeVisible();
  // Before she orders, checkout tells her which piece she cannot withdraw from.
  await visit(page, testInfo, "/checkout");
  const line = (title: string) => page.locator(".checkout-line").filter({ hasText: title });
  await expect(line(sewn.title).getByText("Personalised: exempt from withdrawal")).toBeVisible();
  await expect(line(ready.title).getByText("Personalised: exempt from withdrawal")).toHaveCount(0);
  await checkoutAndPay(page, testInfo, "Made to order: ships within 1 week");
  const sentence = page.getByTestId("expected-ship-date");
  await expect(sentence).toHaveText(/^Your order ships in one parcel when the made-to-order piece is ready, around /);
  await expect(sentence).toHaveText(SHIP_DATE);
});

test("a made-to-order product whose cap is reached is sold out", async ({ page }, testInfo) => {
  const capped = await insertProduct("Capped Tulle Skirt", 0, { leadTimeDays: 7, cap: 1 });
  // A paid order holds the one piece the cap allows.
  await makeOrder(e2eDb(), {
    email: "cap@example.com",
    status: "paid",
    lines: [{ productId: capped.id, madeToOrder: true, leadTimeDays: 7 }],
  });
  await visit(page, testInfo, `/product/${capped.slug}`);
  await expect(addForm(page).locator(".stock-line")).toHaveText("Sold out");
  await expect(addForm(page).getByRole("button", { name: "Out of Stock" })).toBeDisabled();
});

test("the owner releases the made-to-order place an unpaid order holds, with a plain form", async ({ page, loginAsAdmin }, testInfo) => {
  const held = await insertProduct("Held Velvet Bolero", 0, { leadTimeDays: 7, cap: 1 });
  await makeOrder(e2eDb(), {
    email: "held@example.com",
    status: "unpaid",
    lines: [{ productId: held.id, madeToOrder: true, leadTimeDays: 7 }],
    madeToOrderHold: { heldUntil: new Date(Date.now() + 30 * 60_000).toISOString() },
  });
  await loginAsAdmin({ page, email: uniqueEmail("mto-release"), firstName: "Mto", lastName: "Owner" });
  await visit(page, testInfo, "/admin?tab=orders");
  const notice = page.locator(".admin-held-places li").filter({ hasText: held.title });
  await expect(notice).toHaveText(new RegExp(`^An unpaid order holds the one place of ${held.title}\\.`));
  await notice.getByRole("button", { name: `Release the places unpaid orders hold of ${held.title}` }).click();
  await expectToast(page, "Places released", `1 unpaid order no longer holds places of ${held.title}.`);
  await expect(notice).toHaveCount(0);
  // The shop sells it again.
  await visit(page, testInfo, `/product/${held.slug}`);
  await expect(addForm(page).locator(".stock-line")).toHaveText("Made to order: ships within 1 week");
});
