import { expect, test } from "../fixtures";
import { makeOrder, makeProduct } from "../../helpers/kit";
import { addFromProductPage, expectToast, SLUGS, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// Customs data with JavaScript on and off: the editor's 'Shipping & Customs' card, the packing
// slips printed from the Orders tab, and checkout's gift box (docs/shipping.md).

const tag = () => Math.random().toString(36).slice(2, 8);

function storedCustoms(id: number) {
  return withDb(
    (db) =>
      db.prepare("SELECT weight_grams, hs_code, origin_country, customs_description FROM products WHERE id = ?").get(id) as {
        weight_grams: number | null;
        hs_code: string | null;
        origin_country: string | null;
        customs_description: string | null;
      },
  );
}

test("the editor's customs fields: a refused origin comes back beside its field, then the values are saved", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("customs-editor") });
  const product = await makeProduct(e2eDb(), { title: `Customs Pinafore ${tag()}`, image: false });
  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  const card = page.getByRole("region", { name: "Shipping & Customs" });
  await expect(card.getByLabel("HS code")).toHaveAttribute("placeholder", "950300");
  await card.getByLabel("Weight (g)").fill("85");
  // Two letters pass the browser's pattern; the server knows no country 'XX'.
  await card.getByLabel("Country of origin").fill("XX");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("#product-originCountry-error")).toHaveText("Country of origin must be a two-letter country code, e.g. PL");
  await expect(card.getByLabel("Weight (g)")).toHaveValue("85");

  await card.getByLabel("Country of origin").fill("gb");
  await card.getByLabel("Customs description").fill("Doll pinafore, cotton");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=products$/);
  await expectToast(page, "Product updated");
  expect(storedCustoms(product.id)).toEqual({ weight_grams: 85, hs_code: null, origin_country: "GB", customs_description: "Doll pinafore, cotton" });
});

test("packing slips from the Orders tab: one per order, prices left out for the gift, a CN22 for the parcel leaving the EU", async ({
  page,
  loginAsAdmin,
}, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("customs-slips") });
  const t = tag();
  const coat = await makeProduct(e2eDb(), { title: `Slip Coat ${t}`, priceCents: 4200, weightGrams: 110, hsCode: "95030029", image: false });
  const away = await makeOrder(e2eDb(), {
    email: `slips-${t}@example.com`,
    lines: [{ productId: coat.id, quantity: 2 }],
    shipTo: "US",
    customerMessage: "Happy birthday, Ada",
  });
  const gift = await makeOrder(e2eDb(), { email: `gift-slips-${t}@example.com`, lines: [{ productId: coat.id }], shipTo: "DE", isGift: true });

  await visit(page, testInfo, `/admin?tab=orders&q=slips-${t}`);
  await page.getByRole("checkbox", { name: `Select order #${away.id} for packing slips` }).check();
  await page.getByRole("checkbox", { name: `Select order #${gift.id} for packing slips` }).check();
  await page.getByRole("button", { name: "Print packing slips" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/packing-slips\\?ids=(${gift.id}|${away.id})&ids=(${gift.id}|${away.id})$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Packing slips: 2 orders");

  const awaySlip = page.locator(`article[data-order-id="${away.id}"]`);
  // Item, SKU, colour, variation, quantity, price.
  await expect(awaySlip.getByRole("row", { name: new RegExp(`^Slip Coat ${t} LSA-\\d+ – – 2 \\$84\\.00$`) })).toBeVisible();
  await expect(awaySlip.getByText("Happy birthday, Ada")).toBeVisible();
  const declaration = page.getByRole("region", { name: new RegExp(`CN22 Customs declaration · Order #${away.id}`) });
  await expect(declaration.getByRole("row", { name: /Handmade doll clothing 2 220 84\.00 95030029 Poland \(PL\)/ })).toBeVisible();

  const giftSlip = page.locator(`article[data-order-id="${gift.id}"]`);
  await expect(giftSlip.getByText("Gift order: prices are left out of this slip.")).toBeVisible();
  await expect(giftSlip.getByRole("columnheader", { name: "Price" })).toHaveCount(0);
  await expect(giftSlip).not.toContainText("$42.00");
  await expect(page.getByRole("region", { name: new RegExp(`Customs declaration · Order #${gift.id}`) })).toHaveCount(0);

  // In print: the sheets alone, the shop's header and the toolbar gone.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header.site-header")).toBeHidden();
  await expect(page.getByRole("link", { name: "A6 label" })).toBeHidden();
  await expect(awaySlip).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  await page.getByRole("link", { name: "A6 label" }).click();
  await expect(page).toHaveURL(/size=a6/);
  await expect(page.locator(".packing-slips-a6")).toBeVisible();
});

test("checkout's gift box is kept on the order", async ({ page }, testInfo) => {
  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/checkout");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("gift-buyer"));
  await page.getByLabel("First Name").fill("Clara");
  await page.getByLabel("Last Name").fill("Bloom");
  await page.getByLabel("Address", { exact: true }).fill("12 Lace Lane");
  await page.getByLabel("City").fill("Toronto");
  await page.getByLabel("Postal Code").fill("M5V 2T6");
  await page.getByLabel("Country").selectOption("CA");
  // The box sits right beside its label, which a click on the label ticks.
  const box = page.getByRole("checkbox", { name: "This is a gift: no prices on the packing slip" });
  await page.getByText("This is a gift: no prices on the packing slip").click();
  await expect(box).toBeChecked();
  await page.getByLabel("I agree to the terms and conditions").check();
  await page.getByRole("button", { name: "Create Order & Proceed to Payment" }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(/\/order\/\d+\/payment$/);
  const id = Number(/\/order\/(\d+)\/payment$/.exec(page.url())![1]);
  expect(withDb((db) => db.prepare("SELECT is_gift FROM orders WHERE id = ?").get(id))).toEqual({ is_gift: 1 });
});
