import { expect, test } from "@playwright/test";
import { addForm, chooseOption, expectToast, jsOff, SLUGS, visit } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// 'Email me when it's back' shows for the chosen colour or variation only while that one is sold
// out: without JavaScript for the choice in the address, with it as soon as another is picked.

const backInStock = (page: import("@playwright/test").Page) => page.getByRole("form", { name: "Email me when it's back" });

test("a colour in stock: no back-in-stock form; the sold-out colour chosen: the form for it, and no Add to Cart", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  await expect(backInStock(page)).toHaveCount(0);
  await expect(addForm(page).getByRole("button", { name: "Add to Cart" })).toBeEnabled();

  await chooseOption(page, "White (sold out)");
  await expect(backInStock(page)).toBeVisible();
  await expect(backInStock(page)).toContainText("Colour: White");
  await expect(addForm(page).getByRole("button", { name: "Out of Stock" })).toBeDisabled();

  await chooseOption(page, "Pink");
  await expect(backInStock(page)).toHaveCount(0);
  await expect(addForm(page).getByRole("button", { name: "Add to Cart" })).toBeEnabled();

  // Back to White, and the request is for White.
  await chooseOption(page, "White (sold out)");
  await backInStock(page).getByLabel("Email").fill(uniqueEmail("bis-choice"));
  await backInStock(page).getByRole("button", { name: "Notify me" }).click();
  await expectToast(page, "Please check your inbox");
});

test("a sold-out size: the form for the size in the address, and (with JavaScript) when it is picked", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withVariations}`);
  await expect(backInStock(page)).toHaveCount(0);
  const large = addForm(page).getByRole("radio", { name: "Size L (sold out)", exact: true });
  const code = await large.getAttribute("value");
  if (!jsOff(testInfo)) {
    await large.check();
    await expect(backInStock(page)).toBeVisible();
    await expect(backInStock(page)).toContainText("Option: Size L");
    await expect(addForm(page).getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await addForm(page).getByRole("radio", { name: "Size S", exact: true }).check();
    await expect(backInStock(page)).toHaveCount(0);
  }
  await visit(page, testInfo, `/product/${SLUGS.withVariations}?variation=${code}`);
  await expect(large).toBeChecked();
  await expect(backInStock(page)).toBeVisible();
  await expect(backInStock(page)).toContainText("Option: Size L");
  await expect(backInStock(page).locator('input[name="variationCode"]')).toHaveValue(code!);
});
