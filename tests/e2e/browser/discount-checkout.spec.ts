import { randomBytes } from "node:crypto";
import { type Page, type TestInfo } from "@playwright/test";
import { MESSAGES } from "../../../app/i18n/catalogue.server";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { expect, type Login, test } from "../fixtures";
import { addFromProductPage, expectToast, jsOff, visit, waitForHydration } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { waitForMail } from "../helpers/mail";
import { uniqueEmail } from "../helpers/session";

// A discount code at checkout, with JavaScript on (the totals change in place) and off (Apply
// posts the form and the page comes back with everything typed): a refusal as the field's error,
// the code's line and the lower total, Remove, the order placed and paid through the emulator,
// and the code's line on the payment and confirmation pages and in the e-mail; and in Polish.

const PAYPAL_ORIGIN = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
const PL = MESSAGES.pl;
const RULE = "One discount code per order. It can be used together with your loyalty points: the code first, then the points.";

async function makeCode(loginAsAdmin: Login, body: Record<string, unknown>): Promise<string> {
  const { request } = await loginAsAdmin();
  const code = `WEB${randomBytes(5).toString("hex").toUpperCase()}`;
  const res = await request.post("/api/admin/discounts", { data: { code, public: false, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return code;
}

/** A product of its own (paying takes its stock), put in the cart from its page; returns its price. */
async function pieceInCart(page: Page, testInfo: TestInfo, priceCents: number): Promise<void> {
  const slug = uniqueSlug("code-page");
  await makeProduct(e2eDb(), { title: `Coded Piece ${slug}`, slug, description: "Made for a discount test.", priceCents, stock: 5, image: false });
  await addFromProductPage(page, testInfo, slug);
}

async function fillAddress(page: Page, email: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First Name").fill("Clara");
  await page.getByLabel("Last Name").fill("Bloom");
  await page.getByLabel("Address", { exact: true }).fill("12 Lace Lane");
  await page.getByLabel("City").fill("Toronto");
  await page.getByLabel("Postal Code").fill("M5V 2T6");
  await page.getByLabel("Country").selectOption("CA");
}

const dollars = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

/** The order summary, where the code's field and buttons are. */
const summaryOf = (page: Page, name = "Order Summary") => page.getByRole("complementary", { name });

/** Types the code and presses Apply (without JavaScript the page comes back: the test waits for what it expects). */
async function apply(page: Page, code: string, button = "Apply", summary = "Order Summary") {
  await page.locator("#discountCode").fill(code);
  await summaryOf(page, summary).getByRole("button", { name: button, exact: true }).click();
}

test("a guest applies a code, sees a refusal as the field's error, pays, and the confirmation shows the code's line", async ({
  page,
  loginAsAdmin,
}, testInfo) => {
  const code = await makeCode(loginAsAdmin, { type: "amount", value: "6.00" });
  await pieceInCart(page, testInfo, 3200);
  await visit(page, testInfo, "/checkout");
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  const email = uniqueEmail("code-browser");
  await fillAddress(page, email);
  await page.getByLabel("I agree to the terms and conditions").check();
  const field = page.getByLabel("Discount code");
  // The rule is said before she pays, beside the field.
  await expect(field).toHaveAccessibleDescription(RULE);
  const total = page.getByTestId("summary-total");

  await apply(page, "NOSUCH42");
  await expect(page.locator("#discountCode-error")).toHaveText("The discount code NOSUCH42 does not exist.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("summary-code")).toHaveCount(0);
  // The figures now are Canada's shipping with no code: what the code is taken from.
  const before = dollars(await total.textContent());
  expect(before).toBe(3200 + dollars(await page.getByTestId("summary-shipping").textContent()));
  // Everything typed is still there (without JavaScript the server sent it back).
  await expect(page.getByLabel("First Name")).toHaveValue("Clara");
  await expect(page.getByLabel("Country")).toHaveValue("CA");
  await expect(page.getByLabel("I agree to the terms and conditions")).toBeChecked();

  await apply(page, code.toLowerCase());
  await expect(page.getByTestId("summary-code")).toHaveText("-$6.00");
  await expect(page.getByText(`Discount code ${code}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Discount code ${code} applied.`)).toBeVisible();
  await expect(page.locator("#discountCode-error")).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(total).toHaveText(`$${((before - 600) / 100).toFixed(2)}`);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  // With JavaScript the figures came in place: no page was loaded for either Apply.
  expect(documents).toEqual(jsOff(testInfo) ? ["POST /checkout", "POST /checkout"] : []);

  await page.getByRole("button", { name: "Create Order & Proceed to Payment" }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(/\/order\/\d+\/payment$/);
  const id = Number(/\/order\/(\d+)\/payment$/.exec(page.url())![1]);
  await expectToast(page, "Order created successfully", `Order #${id} created. Redirecting to payment...`);
  const stored = withDb((db) => db.prepare("SELECT discount_code AS code, discount_cents AS cents, total_cents AS total FROM orders WHERE id = ?").get(id));
  expect(stored).toEqual({ code, cents: 600, total: before - 600 });
  const summary = page.locator("section.payment-summary");
  await expect(summary).toContainText(`Discount code ${code}`);
  await expect(summary.locator(".totals .grand dd")).toHaveText(`$${((before - 600) / 100).toFixed(2)}`);

  await expect(page.getByText("Verifying product availability...")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(new RegExp(`^${PAYPAL_ORIGIN}/checkoutnow`));
  await expect(page.locator("#amount")).toContainText(`${((before - 600) / 100).toFixed(2)} USD`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  const line = page.locator(".totals .discount").filter({ hasText: `Discount code ${code}` });
  await expect(line).toBeVisible();
  await expect(line.locator("dd")).toHaveText("-$6.00");

  const mail = await waitForMail(email, new RegExp(`^Order #${id} confirmed`));
  expect(mail.text).toContain(`Discount code ${code}: -$6.00`);
});

test("Remove takes the code off again; with JavaScript, Enter in the field applies it", async ({ page, loginAsAdmin }, testInfo) => {
  const code = await makeCode(loginAsAdmin, { type: "percent", value: 25 });
  await pieceInCart(page, testInfo, 4000);
  await visit(page, testInfo, "/checkout");
  await fillAddress(page, uniqueEmail("code-remove"));
  const total = page.getByTestId("summary-total");
  if (jsOff(testInfo)) await apply(page, code);
  else {
    await page.locator("#discountCode").fill(code);
    await page.locator("#discountCode").press("Enter");
  }
  await expect(page.getByTestId("summary-code")).toHaveText("-$10.00");
  // Without the code: the items and Canada's shipping.
  const before = 4000 + dollars(await page.getByTestId("summary-shipping").textContent());
  await expect(total).toHaveText(`$${((before - 1000) / 100).toFixed(2)}`);
  await expect(page).toHaveURL(/\/checkout$/);

  await summaryOf(page).getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByTestId("summary-code")).toHaveCount(0);
  await expect(page.getByText(`Discount code ${code} applied.`)).toHaveCount(0);
  await expect(page.locator("#discountCode")).toHaveValue("");
  await expect(total).toHaveText(`$${(before / 100).toFixed(2)}`);
  await expect(page.getByLabel("City")).toHaveValue("Toronto");
  if (!jsOff(testInfo)) await expect(page.locator("#discountCode")).toBeFocused();
});

test("/pl/checkout: the rule and a refusal in Polish, and the applied code's line", async ({ page, loginAsAdmin }, testInfo) => {
  const code = await makeCode(loginAsAdmin, { type: "amount", value: "3.00", minSubtotal: "500.00" });
  const good = await makeCode(loginAsAdmin, { type: "amount", value: "3.00" });
  await pieceInCart(page, testInfo, 2500);
  await visit(page, testInfo, "/pl/checkout");
  await waitForHydration(page, testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  const field = page.getByLabel(PL["checkout.discountCode"], { exact: true });
  await expect(field).toHaveAccessibleDescription("Jeden kod rabatowy na zamówienie. Można go łączyć z punktami lojalnościowymi: najpierw kod, potem punkty.");

  await apply(page, "NIEMA1234", PL["checkout.applyCode"], PL["checkout.summary"]);
  await expect(page.locator("#discountCode-error")).toHaveText("Kod rabatowy NIEMA1234 nie istnieje.");
  await apply(page, code, PL["checkout.applyCode"], PL["checkout.summary"]);
  await expect(page.locator("#discountCode-error")).toHaveText("Ten kod rabatowy wymaga zamówienia za co najmniej $500.00. Dodaj produkty za $475.00.");
  await expect(page.getByTestId("summary-code")).toHaveCount(0);

  await apply(page, good, PL["checkout.applyCode"], PL["checkout.summary"]);
  await expect(page.getByText(`Kod rabatowy ${good}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Zastosowano kod rabatowy ${good}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: PL["checkout.removeCode"], exact: true })).toBeVisible();
  await expect(page.locator("#discountCode-error")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
});
