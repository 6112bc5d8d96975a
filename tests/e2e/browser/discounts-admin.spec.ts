import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// The admin's Discounts tab with JavaScript on and off: a new code refused on its value and then
// added (the owner's comma, her code typed lower-case with a space), listed, edited through its
// Edit link (a Warsaw time, switched off) and refused again on a bad amount. The e2e shop is
// shared: the code is this test's own and never public.

function codeRow(page: Page, code: string) {
  return page.getByTestId(`discount-row-${code}`);
}

test("the Discounts tab adds a code, shows a field error on a bad value, and edits the code", async ({ page, loginAsAdmin }, testInfo) => {
  const admin = await loginAsAdmin({ page, email: uniqueEmail("discounts-tab-admin") });
  const code = `TAB${randomBytes(5).toString("hex").toUpperCase()}`;
  await visit(page, testInfo, "/admin?tab=discounts");
  await expect(page.getByRole("link", { name: "Discounts" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Discount codes", level: 2 })).toBeVisible();
  await expect(page.getByText(/^Public: the reduction is shown to everyone on product pages/)).toBeVisible();

  const add = page.getByRole("region", { name: "New discount code" });
  await add.getByLabel("Code").fill(`${code.slice(0, 5).toLowerCase()} ${code.slice(5).toLowerCase()}`);
  await add.getByLabel("Type").selectOption({ label: "Percent off" });
  await add.getByLabel("Value").fill("150");
  await add.getByLabel("Minimum subtotal (USD, optional)").fill("30,50");
  await add.getByLabel("Most uses (optional)").fill("10");
  await add.getByLabel("Once per e-mail address").check();
  await add.getByRole("button", { name: "Add Discount Code" }).click();

  // Refused on its field; what she typed is still there.
  const form = page.getByRole("region", { name: "New discount code" });
  await expect(form.getByRole("alert")).toContainText("Discount code not saved");
  await expect(form.locator("#discount-new-value-error")).toHaveText("Enter a whole percent from 1 to 100");
  await expect(form.getByLabel("Value")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Minimum subtotal (USD, optional)")).toHaveValue("30,50");
  await expect(form.getByLabel("Once per e-mail address")).toBeChecked();
  await expect(codeRow(page, code)).toHaveCount(0);

  await form.getByLabel("Value").fill("15");
  await form.getByRole("button", { name: "Add Discount Code" }).click();
  await expectToast(page, "Discount code added", code);
  await expect(page).toHaveURL(/\/admin\?tab=discounts$/);
  const row = codeRow(page, code);
  await expect(row.locator("td")).toHaveText(["15% off", "$30.50", "Always", "0 of 10", "Yes", "No", "Active", "Edit"]);

  await row.getByRole("link", { name: `Edit ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`tab=discounts&edit=\\d+$`));
  const edit = page.getByRole("region", { name: `Edit discount code ${code}` });
  await expect(edit.getByLabel("Value")).toHaveValue("15");
  await expect(edit.getByLabel("Minimum subtotal (USD, optional)")).toHaveValue("30.50");
  await expect(edit.getByLabel("Code")).toHaveCount(0);
  await edit.getByLabel("Type").selectOption({ label: "Amount off" });
  await edit.getByLabel("Value").fill("5,50");
  await edit.getByLabel("Valid until (optional)").fill("2099-06-01T12:00");
  await edit.getByLabel("Active (shoppers can use it)").uncheck();
  await edit.getByRole("button", { name: "Save Discount Code" }).click();
  await expectToast(page, "Discount code saved", code);
  await expect(codeRow(page, code).locator("td")).toHaveText(["$5.50 off", "$30.50", "Until 2099-06-01 12:00", "0 of 10", "Yes", "No", "Off", "Edit"]);

  const listed = ((await (await admin.request.get("/api/admin/discounts")).json()) as { discounts: Record<string, unknown>[] }).discounts.find(
    (d) => d.code === code,
  );
  expect(listed).toMatchObject({ type: "amount", value: "5.50", minSubtotal: "30.50", endsAt: "2099-06-01T10:00:00.000Z", active: false, public: false });

  // A bad amount on the edit form: its field says so and nothing changes.
  await codeRow(page, code)
    .getByRole("link", { name: `Edit ${code}` })
    .click();
  const again = page.getByRole("region", { name: `Edit discount code ${code}` });
  await expect(again.getByLabel("Valid until (optional)")).toHaveValue("2099-06-01T12:00");
  await again.getByLabel("Value").fill("0");
  await again.getByRole("button", { name: "Save Discount Code" }).click();
  await expect(page.getByRole("region", { name: `Edit discount code ${code}` }).locator("#discount-edit-value-error")).toHaveText(
    "Enter an amount above 0 and at most $100,000.00",
  );
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(codeRow(page, code).locator("td").first()).toHaveText("$5.50 off");
});
