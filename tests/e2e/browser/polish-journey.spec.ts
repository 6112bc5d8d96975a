import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { MESSAGES } from "../../../app/i18n/catalogue.server";
import { cartBadge, SLUGS, visit, waitForHydration } from "../helpers/browser";
import { waitForMail } from "../helpers/mail";
import { uniqueEmail } from "../helpers/session";

// A buyer in Poland, in Polish from the first page to 'Zamówienie potwierdzone' and her Polish
// e-mail, with JavaScript on and off. The words are the catalogue's Polish, so the test fails
// when a page on the way falls back to English.

const PL = MESSAGES.pl;

async function addToCart(page: Page, testInfo: TestInfo) {
  await visit(page, testInfo, "/pl");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await visit(page, testInfo, `/pl/product/${SLUGS.inStock}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await page.locator("main form.add-form").getByRole("button", { name: PL["product.button.add"] }).click();
  await expect(cartBadge(page)).toHaveText("1");
}

async function checkout(page: Page, testInfo: TestInfo, email: string): Promise<number> {
  await visit(page, testInfo, "/pl/cart");
  await page.getByRole("link", { name: PL["cart.proceed"] }).click();
  await page.waitForURL((url) => url.pathname === "/pl/checkout");
  await waitForHydration(page, testInfo);
  await page.getByLabel(PL["checkout.email"], { exact: true }).fill(email);
  await page.getByLabel(PL["checkout.firstName"]).fill("Zofia");
  await page.getByLabel(PL["checkout.lastName"]).fill("Żółkiewska");
  await page.getByLabel(PL["checkout.addressLine1"], { exact: true }).fill("ul. Koronkowa 12");
  await page.getByLabel(PL["checkout.city"]).fill("Kraków");
  await page.getByLabel(PL["checkout.postalCode"]).fill("30-001");
  await page.getByLabel(PL["checkout.country"]).selectOption("PL");
  await page.getByLabel(new RegExp(`^${PL["checkout.agree"].replace(/\{link\}.*/, "")}`)).check();
  // The behaviour checks first, then posts the form: the test waits for the page it lands on itself.
  await page.getByRole("button", { name: PL["checkout.submit"] }).click({ noWaitAfter: true });
  await page.waitForURL(/\/pl\/order\/\d+\/payment/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await waitForHydration(page, testInfo);
  return Number(/\/order\/(\d+)\/payment/.exec(page.url())![1]);
}

test("a buyer in Poland shops in Polish to 'Zamówienie potwierdzone' and gets her confirmation in Polish", async ({ page }, testInfo) => {
  const email = uniqueEmail("polska");
  await addToCart(page, testInfo);
  const orderId = await checkout(page, testInfo, email);

  await page.getByRole("button", { name: PL["orders.pay"] }).click();
  await expect(page.getByRole("heading", { name: "Approve your payment" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();

  await page.waitForURL(new RegExp(`/pl/order/${orderId}/confirmation\\?token=`));
  await expect(page.getByRole("heading", { name: "Zamówienie potwierdzone" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByText("ul. Koronkowa 12")).toBeVisible();
  await expect(page.getByText("Polska").first()).toBeVisible();

  const mail = await waitForMail(email, new RegExp(`^Potwierdzenie zamówienia nr ${orderId}$`));
  expect(mail.html).toMatch(/<html[^>]*lang="pl"/);
  expect(mail.text).toContain("ul. Koronkowa 12");
  // Its links lead back to the Polish pages.
  expect(mail.text).toMatch(/\/pl\/(order-details|orders)\//);
});
