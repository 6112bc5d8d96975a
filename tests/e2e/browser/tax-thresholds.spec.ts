import { expect, test } from "../fixtures";
import { visit } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// The dashboard's 'Tax thresholds' card, with JavaScript on and off. Other tests pay orders
// meanwhile, so the figures are read for their form, not their amounts.

test("the admin's dashboard shows the year's two tax thresholds with their figures written out", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("thresholds-admin") });
  await visit(page, testInfo, "/admin");
  const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric" }).format(new Date());
  const card = page.getByRole("region", { name: `Tax thresholds ${year}` });
  await expect(card).toBeVisible();
  const zloty = String.raw`[\d\s\u00a0]+,\d\d\s?zł`;
  await expect(card.getByText(new RegExp(`^EU cross-border sales: ${zloty} of 42\\s000\\szł \\(\\d+%\\)$`))).toBeVisible();
  await expect(card.getByText(new RegExp(`^All sales: ${zloty} of 240\\s000\\szł \\(\\d+%\\)$`))).toBeVisible();
  // Each bar is named by its sentence, so a screen reader reads the figure with it.
  await expect(card.getByRole("meter", { name: /EU cross-border sales/ })).toHaveAttribute("max", "4200000");
  await expect(card.getByRole("meter", { name: /All sales/ })).toHaveAttribute("max", "24000000");
  await expect(card.getByText("Not legal advice: see docs/tax.md and confirm with your accountant.")).toBeVisible();
});

test("a customer never reaches the dashboard's figures", async ({ page, loginAsCustomer }) => {
  await loginAsCustomer({ page, email: uniqueEmail("thresholds-customer") });
  // The admin's guard answers with its own page or a redirect: either way no card.
  await page.goto("/admin");
  await expect(page.getByRole("region", { name: /Tax thresholds/ })).toHaveCount(0);
});
