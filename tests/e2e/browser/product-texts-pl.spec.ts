import { type Page } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { makeStockProduct } from "../helpers/orders";

// The owner writes a product's Polish title in the editor's 'Polski' section, with JavaScript on
// and off; the Polish page shows it, the English page keeps hers, and an over-long Polish title
// is refused with its field error and nothing saved.

function signInAdmin(loginAsAdmin: Login, page: Page) {
  return loginAsAdmin({ email: "admin@example.com", page });
}

test("the owner gives a product its Polish title; /pl shows it, the English page keeps the English", async ({ page, loginAsAdmin }, testInfo) => {
  const product = await makeStockProduct(3);
  await signInAdmin(loginAsAdmin, page);
  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  const polish = `Sukienka próbna ${product.slug.slice(-6)}`;

  // The field's own maxlength stops a browser; the server refuses what gets past it.
  await page.getByLabel("Tytuł", { exact: true }).evaluate((el) => el.removeAttribute("maxlength"));
  await page.getByLabel("Tytuł", { exact: true }).fill("x".repeat(201));
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("#product-pl-title-error")).toBeVisible();
  await visit(page, testInfo, `/pl/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");

  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  await page.getByLabel("Tytuł", { exact: true }).fill(polish);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated");
  await visit(page, testInfo, `/pl/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(polish);
  await visit(page, testInfo, `/product/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order Test ${product.slug}`);
});
