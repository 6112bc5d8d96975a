import { type Page } from "@playwright/test";
import { makeProduct, restoreSetting } from "../../helpers/kit";
import { expect, type Login, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { withFileLock } from "../helpers/lock";
import { uniqueEmail } from "../helpers/session";

// The seller's identity (Settings) in the footer and on the product page as the maker, and a
// product's SKU, materials and safety notice from the editor to the product page. Runs with
// JavaScript on and off. Both runs share the e2e database: a lock keeps the two runs of the seller
// test apart, and the seller's details are put back at the end (the safety notice is never
// changed, so the API tests' default notice holds).

function signInAdmin(loginAsAdmin: Login, page: Page) {
  return loginAsAdmin({ page, email: uniqueEmail("seller-admin"), firstName: "Seller", lastName: "Admin" });
}

/**
 * A product of this test's own. It stays in the shared catalogue afterwards: other tests page
 * through /shop meanwhile, and a product they have already listed must not vanish under them.
 */
async function newProduct(tag: string): Promise<{ id: number; slug: string; title: string }> {
  const title = `Seller Test Smock ${tag}`;
  const slug = `seller-test-smock-${tag}`;
  const { id } = await makeProduct(e2eDb(), { title, slug, description: "A smocked cotton top for 1:6 dolls.", priceCents: 2100, stock: 4, image: false });
  return { id, slug, title };
}

test("the seller's details saved in Settings show in the footer and as the maker on a product page", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const product = await newProduct(tag);
  await withFileLock("seller-settings", async () => {
    const original = withDb((db) => db.prepare("SELECT value FROM settings WHERE key = 'legal'").get() as { value: string } | undefined);
    try {
      await visit(page, testInfo, "/admin?tab=settings");
      const card = page.locator("section.form-card").filter({ has: page.getByRole("heading", { name: "Seller", exact: true }) });
      const notice = await card.getByLabel("Default safety notice").inputValue();
      expect(notice.length).toBeGreaterThan(0);

      // Refused beside the field: an empty legal name (past the browser's own check).
      await card.getByLabel("Legal name").evaluate((el) => el.removeAttribute("required"));
      await card.getByLabel("Legal name").fill("");
      await card.getByLabel("Keep orders for (years)").evaluate((el) => el.removeAttribute("max"));
      await card.getByLabel("Keep orders for (years)").fill("30");
      await card.getByRole("button", { name: "Save Seller Details" }).click();
      await expect(page.locator("#seller-legalName-error")).toHaveText("Legal name is required");
      await expect(page.locator("#seller-orderRetentionYears-error")).toHaveText("Retention period must be between 1 and 20 years");

      const legalName = `Anna Nowak Atelier ${tag}`;
      await card.getByLabel("Legal name").fill(legalName);
      await card.getByLabel("Postal address").fill(`ul. Igielna ${tag}\n31-000 Kraków\nPoland`);
      await card.getByLabel("E-mail").fill(`anna-${tag}@atelier.example`);
      await card.getByLabel("Phone (optional)").fill("+48 600 100 200");
      await card.getByLabel("VAT line (optional)").fill(`VAT PL${tag}`);
      await card.getByLabel("Keep orders for (years)").fill("6");
      await card.getByRole("button", { name: "Save Seller Details" }).click();
      await expectToast(page, "Seller details saved");
      await expect(card.getByLabel("Legal name")).toHaveValue(legalName);
      await expect(card.getByLabel("Keep orders for (years)")).toHaveValue("6");
      await expect(card.getByLabel("Default safety notice")).toHaveValue(notice);

      await visit(page, testInfo, "/about");
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(legalName);
      await expect(footer).toContainText(`ul. Igielna ${tag}, 31-000 Kraków, Poland`);
      await expect(footer).toContainText(`VAT PL${tag}`);

      await visit(page, testInfo, `/product/${product.slug}`);
      const maker = page.getByRole("region", { name: "Maker & Safety" });
      await expect(maker).toContainText(legalName);
      await expect(maker).toContainText(`ul. Igielna ${tag}, 31-000 Kraków, Poland`);
      await expect(maker.getByRole("link", { name: `anna-${tag}@atelier.example` })).toHaveAttribute("href", `mailto:anna-${tag}@atelier.example`);
      await expect(maker).toContainText(notice);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(ld.manufacturer).toEqual({ "@type": "Organization", name: legalName, address: `ul. Igielna ${tag}, 31-000 Kraków, Poland` });
    } finally {
      await restoreSetting(e2eDb(), "legal", original?.value);
    }
  });
});

test("the admin edits a product's SKU, materials and safety notice and the product page shows them", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const product = await newProduct(tag);
  const other = await newProduct(`${tag}b`);
  const generated = `LSA-${String(product.id).padStart(5, "0")}`;
  await visit(page, testInfo, `/product/${product.slug}`);
  const block = page.getByRole("region", { name: "Maker & Safety" });
  await expect(block.locator(".product-sku")).toHaveText(generated);
  await expect(block.locator(".product-materials")).toHaveCount(0);

  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  await expect(page.getByLabel("SKU")).toHaveValue(generated);
  const defaultNotice = (await page.getByLabel("Safety notice (optional)").getAttribute("placeholder")) ?? "";
  expect(defaultNotice.length).toBeGreaterThan(0);

  // Another product's SKU is refused beside the field, and the form keeps what was typed.
  await page.getByLabel("SKU").fill(`LSA-${String(other.id).padStart(5, "0")}`);
  await page.getByLabel("Materials (optional)").fill("100% cotton lawn");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("#product-sku-error")).toHaveText("SKU is already used by another product");
  await expect(page.getByLabel("Materials (optional)")).toHaveValue("100% cotton lawn");

  await page.getByLabel("SKU").fill(`SMK-${tag}`);
  await page.getByLabel("Safety notice (optional)").fill("Tiny glass beads: keep away from small children.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated", product.title);
  await expect(page.getByTestId(`product-row-${product.slug}`)).toContainText(`SMK-${tag}`);

  await visit(page, testInfo, `/product/${product.slug}`);
  await expect(block.locator(".product-sku")).toHaveText(`SMK-${tag}`);
  await expect(block.locator(".product-materials")).toHaveText("100% cotton lawn");
  await expect(block).toContainText("Tiny glass beads: keep away from small children.");
  await expect(block).not.toContainText(defaultNotice);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ sku: `SMK-${tag}`, material: "100% cotton lawn" });

  // Emptied, the notice follows the store's again.
  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  await page.getByLabel("Safety notice (optional)").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated", product.title);
  await visit(page, testInfo, `/product/${product.slug}`);
  await expect(block).toContainText(defaultNotice);
});
