import { expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { addFromProductPage, jsOff, SLUGS, visit } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// Outside the EU, the import duties notice stands above the button that pays: on checkout (with
// JavaScript it follows the country select, without it the country the page knows) and on the
// payment page. Inside the EU neither says it.

const NOTICE = "Import duties and taxes may be charged by the destination country on delivery. They are not included in this total.";
const ORDER = "Create Order & Proceed to Payment";

async function expectAbove(notice: Locator, button: Locator) {
  await expect(notice).toBeVisible();
  const [a, b] = [await notice.boundingBox(), await button.boundingBox()];
  expect(a!.y + a!.height).toBeLessThanOrEqual(b!.y);
}

/** Checkout for this country (chosen in the select with JavaScript, in the URL without), then the order's payment page. */
async function orderTo(page: Page, testInfo: TestInfo, country: "US" | "DE") {
  const notice = page.getByText(NOTICE);
  if (jsOff(testInfo)) {
    await visit(page, testInfo, `/checkout?country=${country}`);
  } else {
    // The page opens on the country the cart remembers, if any: first the other one, then this one.
    await visit(page, testInfo, "/checkout");
    await page.getByLabel("Country").selectOption(country === "US" ? "DE" : "US");
    await expect(notice).toBeVisible({ visible: country === "DE" });
    await page.getByLabel("Country").selectOption(country);
  }
  if (country === "US") await expectAbove(notice, page.getByRole("button", { name: ORDER }));
  else await expect(notice).toBeHidden();

  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("duties"));
  await page.getByLabel("First Name").fill("Clara");
  await page.getByLabel("Last Name").fill("Bloom");
  await page.getByLabel("Address", { exact: true }).fill("12 Lace Lane");
  await page.getByLabel("City").fill(country === "US" ? "Springfield" : "Berlin");
  await page.getByLabel("Postal Code").fill(country === "US" ? "62701" : "10115");
  await page.getByLabel("Country").selectOption(country);
  await page.getByLabel("I agree to the terms and conditions").check();
  await page.getByRole("button", { name: ORDER }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(/\/order\/\d+\/payment$/);
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
}

test("an order to the United States names import duties above both pay buttons; one to Germany does not", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  // No country chosen yet: no notice.
  await visit(page, testInfo, "/checkout");
  await expect(page.getByText(NOTICE)).toBeHidden();
  await orderTo(page, testInfo, "US");
  await expectAbove(page.getByText(NOTICE), page.getByRole("button", { name: "Pay with PayPal" }));

  await orderTo(page, testInfo, "DE");
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
