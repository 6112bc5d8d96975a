import { expect, test } from "@playwright/test";
import { addForm, chooseOption, expectToast, jsOff, SLUGS, TEXT, visit } from "../helpers/browser";

// Add to Cart on the product page comes back to the colour or variation just added (a plain form's
// page load included), and its notification names the piece: 'Classic Wool Coat, Size M'.

test("Add to Cart with a variation keeps it chosen and says what was added", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withVariations}`);
  await chooseOption(page, "Size M");
  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, TEXT.added.title, "Classic Wool Coat, Size M");
  if (jsOff(testInfo)) await expect(page).toHaveURL(new RegExp(`/product/${SLUGS.withVariations}\\?variation=[A-Z]$`));
  await expect(addForm(page).getByRole("radio", { name: "Size M", exact: true })).toBeChecked();
  await expect(addForm(page).getByRole("radio", { name: "Size S", exact: true })).not.toBeChecked();
});

test("Add to Cart with a colour other than the first keeps it chosen and says what was added", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  const second = addForm(page).locator(".swatch[data-name]").nth(1);
  const name = (await second.getAttribute("data-name"))!;
  await chooseOption(page, name);
  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, TEXT.added.title, `Rose Garden Tea Dress, ${name}`);
  await expect(addForm(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "true");
  await expect(addForm(page).getByRole("group").first()).toContainText(`Color: ${name}`);
});

test("a forged ?variation= is ignored: the first size in stock is chosen", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withVariations}?variation=Z`);
  await expect(addForm(page).getByRole("radio", { name: "Size S", exact: true })).toBeChecked();
  await visit(page, testInfo, `/product/${SLUGS.withVariations}?variation=${encodeURIComponent("<b>")}`);
  await expect(addForm(page).getByRole("radio", { name: "Size S", exact: true })).toBeChecked();
});
