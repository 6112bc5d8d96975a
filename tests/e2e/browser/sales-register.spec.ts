import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test } from "../fixtures";
import { visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";
import { makeOrder } from "../../helpers/kit";
import { makeCreditNote, makeInvoice, setOrderRecord } from "../../helpers/kit/records";

// The accountant's records in the browser, with JavaScript on and off: the Orders tab's Reports
// card downloads a month's sales register, and a refund's credit note opens from the order page.

test("the Reports card downloads the chosen month's sales register", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("register-admin") });
  // A month no other test pays in.
  const order = await makeOrder(e2eDb(), { status: "paid", subtotalCents: 4200, paidAt: "2024-02-15T10:00:00.000Z" });
  await visit(page, testInfo, "/admin?tab=orders");
  const card = page.getByRole("region", { name: "Reports" });
  const month = card.getByLabel("Month");
  // Last month by default (the shop's month, Warsaw).
  const now = new Date();
  expect(await month.inputValue()).toMatch(/^\d{4}-\d{2}$/);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 7);
  const current = now.toISOString().slice(0, 7);
  expect([last, current]).toContain(await month.inputValue());
  await month.fill("2024-02");
  const [file] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Download" }).click()]);
  expect(file.suggestedFilename()).toBe("sales-2024-02.csv");
  const text = readFileSync((await file.path())!, "utf8");
  expect(text.replace(/^\uFEFF/, "").split("\n")[0]).toMatch(/^Order,Placed at,Paid at,Status,Country,/);
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.find((r) => r.Order === String(order.id))).toMatchObject({ "Paid at": "2024-02-15T10:00:00.000Z", "Subtotal USD": "42.00", "In month": "paid" });
});

test("a refund's credit note opens from the admin order page, in Polish and English", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("credit-admin") });
  const db = e2eDb();
  const order = await makeOrder(db, { status: "delivered", subtotalCents: 5000, paidAt: new Date().toISOString() });
  await setOrderRecord(db, order.id, { captureId: `CAP-${order.id}` });
  const invoice = await makeInvoice(db, order.id, { buyerName: "Clara Bloom" });
  const note = await makeCreditNote(db, order.id, invoice, { amountCents: 1250 });
  await visit(page, testInfo, `/admin/orders/${order.id}`);
  const link = page.getByTestId("refund-credit-note");
  await expect(link).toHaveText(`Credit note ${note.number}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/credit-notes/${note.token}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Faktura korygująca / Credit note");
  await expect(page.getByTestId("credit-note-number")).toHaveText(note.number);
  await expect(page.getByTestId("credit-note-corrects")).toContainText(`Koryguje fakturę / Corrects invoice ${invoice.number}`);
  await expect(page.getByTestId("credit-note-total")).toHaveText("−12.50 USD");
  await expect(page.getByText("Clara Bloom")).toBeVisible();
  // Printed, the sheet alone.
  const siteHeader = page.getByRole("banner").first();
  await expect(siteHeader).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(siteHeader).toBeHidden();
  await expect(page.getByTestId("credit-note-number")).toBeVisible();
  expect((await page.goto("/credit-notes/not-a-real-token-at-all-xxxxx"))!.status()).toBe(404);
});
