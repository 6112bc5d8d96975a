import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { makeProduct, uniqueSlug } from "../../helpers/kit/products";

// The owner reduces a piece in the product editor, with JavaScript on and off; its page and its
// card then show the reduced price, the regular price struck through and the lowest price of the
// 30 days before the reduction, in English and under /pl; a piece not reduced shows none of it.

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const word = () => `prior${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

/** A $50 piece that cost $40 until 25 days ago (its history written with those times). */
async function pieceOnSaleSoon() {
  const db = e2eDb();
  const search = word();
  const product = await makeProduct(db, { title: `Sale Dress ${search}`, slug: uniqueSlug("prior-price"), priceCents: 5000, stock: 4, image: false });
  await db.deleteFrom("price_history").where("product_id", "=", product.id).execute();
  await db
    .insertInto("price_history")
    .values([
      { product_id: product.id, price_cents: 4000, regular_price_cents: null, changed_at: daysAgo(40) },
      { product_id: product.id, price_cents: 5000, regular_price_cents: null, changed_at: daysAgo(25) },
    ])
    .execute();
  return { ...product, search };
}

const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

async function expectReduced(page: Page, scope: string, texts: { now: string; was: string; badge: string; lowest: RegExp }) {
  const where = page.locator(scope).first();
  await expect(where.locator(".price-now")).toContainText(texts.now);
  const was = where.locator("s.price-was");
  await expect(was).toContainText(texts.was);
  // Named for screen readers, which do not read a strike.
  await expect(was.locator(".sr-only")).not.toBeEmpty();
  expect(squash(await where.locator(".price-badge").textContent())).toBe(texts.badge);
  expect(squash(await where.locator(".price-prior").textContent())).toMatch(texts.lowest);
}

test("the owner's reduction from the editor shows on the page and the card, in English and in Polish", async ({ page, loginAsAdmin }, testInfo) => {
  const product = await pieceOnSaleSoon();
  await loginAsAdmin({ email: "admin@example.com", page });
  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  const regular = page.getByLabel("Regular price (before reduction)");
  await expect(page.getByText("Leave empty unless the piece is on sale.")).toBeVisible();

  // Not above the price: refused on its field, nothing saved.
  await page.getByLabel("Price (USD)").fill("35,00");
  await regular.fill("35");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("#product-regularPrice-error")).toHaveText("Regular price must be above the price");
  await visit(page, testInfo, `/product/${product.slug}`);
  await expect(page.locator(".product-info .price")).toHaveText("$50.00");

  await visit(page, testInfo, `/admin/products/edit/${product.id}`);
  await page.getByLabel("Price (USD)").fill("35,00");
  await regular.fill("50,00");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated");

  const english = { now: "$35.00", was: "$50.00", badge: "−13%", lowest: /^Lowest price in the 30 days before this reduction: \$40\.00$/ };
  await visit(page, testInfo, `/product/${product.slug}`);
  await expectReduced(page, ".product-info", english);
  await visit(page, testInfo, `/shop?search=${product.search}`);
  await expectReduced(page, ".card", english);

  const polish = { now: "35,00 USD", was: "50,00 USD", badge: "−13 %", lowest: /^Najniższa cena z 30 dni przed obniżką: 40,00 USD( ok\. 1?\d{3},\d{2} zł)?$/ };
  await visit(page, testInfo, `/pl/product/${product.slug}`);
  await expectReduced(page, ".product-info", polish);
  await expect(page.locator(".product-info s.price-was .sr-only")).toHaveText("Cena regularna:");
  await visit(page, testInfo, `/pl/shop?search=${product.search}`);
  await expectReduced(page, ".card", polish);
});

test("the Polish pages show the złoty amounts of the reduced and the lowest price", async ({ page }, testInfo) => {
  const product = await pieceOnSaleSoon();
  await e2eDb().updateTable("products").set({ price_cents: 3500, regular_price_cents: 5000 }).where("id", "=", product.id).execute();
  // The rate is read from the stand-in when the server starts.
  await expect
    .poll(
      async () => {
        await visit(page, testInfo, `/pl/product/${product.slug}`);
        return page.locator(".product-info .price-prior .pln").count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(page.locator(".product-info .price-reduced .pln")).toHaveText(/^ok\.\s[\d\s]+,\d{2}\szł$/);
  await visit(page, testInfo, `/product/${product.slug}`);
  await expect(page.locator(".product-info .pln")).toHaveCount(0);
});

test("a piece not reduced shows its price alone: no struck price, no 30-day line, no badge", async ({ page }, testInfo) => {
  const product = await pieceOnSaleSoon();
  for (const path of [`/product/${product.slug}`, `/pl/product/${product.slug}`]) {
    await visit(page, testInfo, path);
    await expect(page.locator(".product-info .price")).toHaveCount(1);
    await expect(page.locator(".product-info s, .product-info .price-prior, .product-info .price-badge")).toHaveCount(0);
  }
  await visit(page, testInfo, `/shop?search=${product.search}`);
  await expect(page.locator(".card .price")).toHaveText("$50.00");
  await expect(page.locator(".card s, .card .price-prior")).toHaveCount(0);
  await expect(page.getByText("Lowest price in the 30 days")).toHaveCount(0);
});
