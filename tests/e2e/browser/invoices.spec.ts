import { expect, test } from "../fixtures";
import { expectToast, jsOff, visit } from "../helpers/browser";
import { withDb } from "../helpers/db";
import { insertOrder } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";

// Invoices on request in the browser, with JavaScript on and off: the buyer asks on her order
// details page (by the token link of her e-mail), the owner issues one from the admin order page.

const NIP_ERROR = "Enter a Polish NIP (10 digits) or an EU VAT number such as DE123456789.";
const NUMBER = /FV\/\d{4}\/\d{2}\/\d+/;

type Snapshot = {
  number: string;
  seller: { legalName: string };
  buyer: { name: string; taxId: string | null };
  totalCents: number;
  exemptionText: string | null;
  pln: { mid: number } | null;
};

function invoiceOf(orderId: number): { snapshot: Snapshot; actorEmail: string | null } {
  return withDb((db) => {
    const row = db.prepare("SELECT id, snapshot FROM invoices WHERE order_id = ? AND kind = 'invoice'").get(orderId) as { id: number; snapshot: string };
    const log = db.prepare("SELECT actor_email AS email FROM activity_log WHERE kind = 'invoice.issue' AND subject_id = ?").get(row.id) as
      { email: string } | undefined;
    return { snapshot: JSON.parse(row.snapshot) as Snapshot, actorEmail: log?.email ?? null };
  });
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("the buyer asks for an invoice on her order page: a bad NIP first, then the invoice's link and page", async ({ page }, testInfo) => {
  const order = await insertOrder({ status: "paid" });
  const self = `/order-details/${order.id}/${order.token}`;
  await visit(page, testInfo, self);
  const card = page.getByRole("region", { name: "Invoice" });
  await expect(card.getByLabel("Name or company")).toHaveValue("Clara Bloom");
  await expect(card.getByLabel("Address")).toHaveValue(/12 Lace Lane/);

  await card.getByLabel("Name or company").fill("Bloom Studio Sp. z o.o.");
  await card.getByLabel("Tax id (optional)").fill("123-456-78-90");
  await card.getByRole("button", { name: "Request an invoice" }).click();
  const taxId = card.getByLabel("Tax id (optional)");
  await expect(card.locator(".field-error")).toHaveText(NIP_ERROR);
  await expect(taxId).toHaveAttribute("aria-invalid", "true");
  // What was typed is kept.
  await expect(card.getByLabel("Name or company")).toHaveValue("Bloom Studio Sp. z o.o.");
  expect(withDb((db) => db.prepare("SELECT COUNT(*) AS n FROM invoices WHERE order_id = ?").get(order.id) as { n: number }).n).toBe(0);

  await taxId.fill("123-456-32-18");
  await card.getByRole("button", { name: "Request an invoice" }).click();
  await expectToast(page, "Your invoice is ready.");
  const link = page.getByRole("link", { name: NUMBER });
  await expect(link).toHaveText(/^Invoice FV\//);
  await expect(card.getByRole("button", { name: "Request an invoice" })).toHaveCount(0);

  const { snapshot } = invoiceOf(order.id);
  await link.click();
  await expect(page).toHaveURL(/\/invoices\/[A-Za-z0-9_-]+$/);
  const invoice = page.locator("article.invoice");
  await expect(invoice.getByRole("heading", { level: 1 })).toContainText(`Faktura / Invoice ${snapshot.number}`);
  const parties = invoice.locator(".invoice-party");
  await expect(parties.nth(0)).toContainText("Sprzedawca / Seller");
  await expect(parties.nth(0)).toContainText(snapshot.seller.legalName);
  await expect(parties.nth(1)).toContainText("Nabywca / Buyer");
  await expect(parties.nth(1)).toContainText("Bloom Studio Sp. z o.o.");
  await expect(parties.nth(1)).toContainText("1234563218");
  await expect(invoice.locator("[data-invoice-total]")).toHaveText(usd(order.totalCents));
  if (snapshot.exemptionText) await expect(invoice.locator(".invoice-exemption")).toContainText(snapshot.exemptionText);
  else await expect(invoice.locator(".invoice-vat")).toBeVisible();
  if (snapshot.pln) await expect(invoice.locator(".invoice-pln")).toContainText(`1 USD = ${snapshot.pln.mid.toFixed(4)} PLN`);
  await expect(invoice.locator(".invoice-ksef")).toBeVisible();
});

test("the owner issues an invoice from the admin order page", async ({ page, loginAsAdmin }, testInfo) => {
  const email = uniqueEmail("invoice-admin");
  await loginAsAdmin({ page, email });
  const order = await insertOrder({ status: "paid" });
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  const card = page.getByRole("region", { name: "Invoice" });
  await expect(card.getByLabel("Buyer name")).toHaveValue("Clara Bloom");
  await expect(card.getByLabel("Buyer address")).toHaveValue(/12 Lace Lane[\s\S]*Canada/);

  await card.getByLabel(/Tax id/).fill("DE1");
  await card.getByRole("button", { name: "Issue invoice" }).click();
  await expect(card.locator("#invoice-taxId-error")).toHaveText(NIP_ERROR);
  await expect(card.getByLabel(/Tax id/)).toHaveValue("DE1");
  if (!jsOff(testInfo)) await expectToast(page, "Invoice not issued", "Please correct the fields below.");

  await card.getByLabel(/Tax id/).fill("");
  await card.getByRole("button", { name: "Issue invoice" }).click();
  const link = card.getByRole("link", { name: /^Invoice FV\// });
  await expect(link).toBeVisible();
  await expect(card.getByRole("button", { name: "Issue invoice" })).toHaveCount(0);
  const { snapshot, actorEmail } = invoiceOf(order.id);
  await expectToast(page, "Invoice issued", snapshot.number);
  expect(actorEmail).toBe(email);
  expect(snapshot.buyer).toMatchObject({ name: "Clara Bloom", taxId: null });
  await expect(link).toHaveText(`Invoice ${snapshot.number}`);

  await link.click();
  await expect(page.locator("article.invoice h1")).toContainText(snapshot.number);
  await expect(page.locator("article.invoice .invoice-ksef")).toHaveCount(0);
});

test("an unpaid order's admin page has no invoice form", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("invoice-admin-unpaid") });
  const order = await insertOrder({ status: "unpaid" });
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${order.id}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Issue invoice" })).toHaveCount(0);
});
