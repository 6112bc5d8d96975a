import { restoreSetting } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectToast, jsOff, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { withFileLock } from "../helpers/lock";

// Settings → Tax, JavaScript on and off: the regime switched and saved, a bad rate refused beside
// its field, then a rate row added from a date. The regime is put back afterwards, since the other
// specs pay orders while this one runs.

test("the owner switches the tax regime and adds a rate from a date", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page });
  // Each project adds its own row: a day of its own, far ahead.
  const day = jsOff(testInfo) ? "2040-02-01" : "2040-01-01";
  await withFileLock("admin-settings", async () => {
    const original = withDb((db) => db.prepare("SELECT value FROM settings WHERE key = 'tax'").get() as { value: string } | undefined);
    await e2eDb().deleteFrom("vat_rates").where("country", "=", "HR").where("effective_from", "=", day).execute();
    try {
      await visit(page, testInfo, "/admin?tab=settings");
      const card = page.getByRole("region", { name: "Tax", exact: true });
      await expect(card).toContainText("This is not legal advice; see docs/tax.md and confirm with your accountant.");
      await expect(card.getByRole("row", { name: /Poland \(PL\) 23 2026-01-01/ })).toBeVisible();
      await card.getByLabel(/VAT payer in OSS/).check();
      await card.getByRole("button", { name: "Save Tax Settings" }).click();
      await expectToast(page, "Tax settings saved");
      await expect(page.getByRole("region", { name: "Tax", exact: true }).getByLabel(/VAT payer in OSS/)).toBeChecked();

      const again = page.getByRole("region", { name: "Tax", exact: true });
      await again.getByLabel("Country", { exact: true }).fill("HR");
      await again.getByLabel("Rate %", { exact: true }).fill("55");
      await again.getByLabel("Effective from", { exact: true }).fill(day);
      await again.getByRole("button", { name: "Add Rate" }).click();
      await expect(page.locator("#vat-rate-rate-error")).toHaveText("Enter a rate from 0 to 50 % with up to 2 decimals, e.g. 25.5");

      const third = page.getByRole("region", { name: "Tax", exact: true });
      await third.getByLabel("Rate %", { exact: true }).fill("25,5");
      await third.getByLabel("Country", { exact: true }).fill("HR");
      await third.getByLabel("Effective from", { exact: true }).fill(day);
      await third.getByRole("button", { name: "Add Rate" }).click();
      await expectToast(page, "VAT rate added");
      await expect(page.getByTestId(`vat-rate-HR-${day}`)).toContainText("25.5");
    } finally {
      await restoreSetting(e2eDb(), "tax", original?.value);
    }
  });
});
