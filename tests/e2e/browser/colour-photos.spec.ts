import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { makeProduct } from "../../helpers/kit";
import { addForm, cartBadge, expectToast, jsOff, TEXT, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// Each colour's own photos: the owner tags a photo with a colour in the editor; the product page
// opens the gallery on the chosen colour's photos (a link to ?color= without JavaScript, in place
// with it); the cart shows the chosen colour's photo.

interface Dress {
  id: number;
  slug: string;
  pink: number;
  navy: number;
  /** Image URLs: the primary (every colour), the navy photo, the pink photo. */
  urls: { primary: string; navy: string; pink: string };
  imageIds: { primary: number; navy: number; pink: number };
}

/** A dress in pink and navy with three of the seed's photos; `tagged`: the navy and pink photos carry their colour. */
async function makeDress(tagged: boolean): Promise<Dress> {
  const tag = Math.random().toString(36).slice(2, 8);
  const { pink, navy, seedUrls } = withDb((db) => {
    const colour = (name: string) => (db.prepare("SELECT id FROM colors WHERE name = ?").get(name) as { id: number }).id;
    const urls = (db.prepare("SELECT DISTINCT image_url AS url FROM product_images ORDER BY id LIMIT 3").all() as { url: string }[]).map((r) => r.url);
    return { pink: colour("Pink"), navy: colour("Navy"), seedUrls: urls };
  });
  expect(seedUrls, "the seed's photos").toHaveLength(3);
  const [primary, navyUrl, pinkUrl] = seedUrls as [string, string, string];
  const slug = `colour-dress-${tag}`;
  const product = await makeProduct(e2eDb(), {
    title: `Colour Dress ${tag}`,
    slug,
    description: "Made for a colour photo test.",
    priceCents: 3200,
    colors: [
      { colorId: pink, stock: 5 },
      { colorId: navy, stock: 4 },
    ],
    images: [
      { url: primary, isPrimary: true, sortOrder: 0 },
      { url: navyUrl, sortOrder: 1, colorId: tagged ? navy : null },
      { url: pinkUrl, sortOrder: 2, colorId: tagged ? pink : null },
    ],
  });
  const [primaryId, navyId, pinkId] = product.imageIds as [number, number, number];
  return { id: product.id, slug, pink, navy, urls: { primary, navy: navyUrl, pink: pinkUrl }, imageIds: { primary: primaryId, navy: navyId, pink: pinkId } };
}

const mainImage = (page: Page) => page.locator(".gallery-main img");
const shownThumbs = (page: Page) => page.locator(".gallery .thumbs > li:not([hidden]) a");
const swatch = (page: Page, name: string) => addForm(page).getByRole("link", { name, exact: true });
const fileOf = (url: string) => url.split("/").pop()!;

test("the owner tags a photo with one of the product's colours in the editor", async ({ page, loginAsAdmin }, testInfo) => {
  const dress = await makeDress(false);
  await loginAsAdmin({ page, email: uniqueEmail("colour-admin") });
  await visit(page, testInfo, `/admin/products/edit/${dress.id}`);
  const selects = page.getByLabel("Colour shown");
  await expect(selects).toHaveCount(3);
  // Only the product's own colours, and every colour by default.
  await expect(selects.nth(1).locator("option")).toHaveText(["All colours", "Pink", "Navy"]);
  await expect(selects.nth(1)).toHaveValue("");
  await selects.nth(1).selectOption({ label: "Navy" });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=products$/);
  await expectToast(page, "Product updated", `Colour Dress ${dress.slug.split("-").pop()}`);
  const stored = withDb((db) => db.prepare("SELECT id, color_id AS colorId FROM product_images WHERE product_id = ? ORDER BY sort_order").all(dress.id));
  expect(stored).toEqual([
    { id: dress.imageIds.primary, colorId: null },
    { id: dress.imageIds.navy, colorId: dress.navy },
    { id: dress.imageIds.pink, colorId: null },
  ]);

  // The editor opens with the tag chosen.
  await visit(page, testInfo, `/admin/products/edit/${dress.id}`);
  await expect(page.getByLabel("Colour shown").nth(1)).toHaveValue(String(dress.navy));
});

test("choosing a colour moves the gallery to its photos, and the cart shows the chosen colour's photo", async ({ page }, testInfo) => {
  const dress = await makeDress(true);
  await visit(page, testInfo, `/product/${dress.slug}`);
  // Pink, the first colour in stock, is chosen: its photo first, then the every-colour one; navy's is hidden.
  await expect(swatch(page, "Pink")).toHaveAttribute("aria-current", "true");
  await expect(mainImage(page)).toHaveAttribute("src", dress.urls.pink);
  await expect(shownThumbs(page)).toHaveCount(2);
  await expect(page.locator(".gallery-counter")).toHaveText("1 / 2");

  const marker = await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
  expect(marker).toBe(1);
  await expect(swatch(page, "Navy")).toHaveAttribute("href", `/product/${dress.slug}?color=${dress.navy}`);
  await swatch(page, "Navy").click();
  await expect(swatch(page, "Navy")).toHaveAttribute("aria-current", "true");
  await expect(swatch(page, "Pink")).not.toHaveAttribute("aria-current");
  await expect(addForm(page).locator("legend")).toHaveText("Color: Navy");
  await expect(addForm(page).locator('input[name="colorId"]')).toHaveValue(String(dress.navy));
  await expect(mainImage(page)).toHaveAttribute("src", dress.urls.navy);
  await expect(shownThumbs(page)).toHaveCount(2);
  await expect(shownThumbs(page).nth(0).locator("img")).toHaveAttribute("src", new RegExp(fileOf(dress.urls.navy)));
  await expect(shownThumbs(page).nth(1).locator("img")).toHaveAttribute("src", new RegExp(fileOf(dress.urls.primary)));
  await expect(page).toHaveURL(new RegExp(`/product/${dress.slug}\\?color=${dress.navy}$`));
  // In place with JavaScript; a page load of ?color= without.
  const kept = await page.evaluate(() => (window as unknown as { __kept?: number }).__kept === 1);
  expect(kept).toBe(!jsOff(testInfo));

  // The arrows wrap around within the colour's photos.
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(page.locator(".gallery-counter")).toHaveText("2 / 2");
  await expect(mainImage(page)).toHaveAttribute("src", dress.urls.primary);
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(page.locator(".gallery-counter")).toHaveText("1 / 2");
  await expect(mainImage(page)).toHaveAttribute("src", dress.urls.navy);

  // A reload keeps the colour.
  await page.reload();
  await expect(swatch(page, "Navy")).toHaveAttribute("aria-current", "true");
  await expect(mainImage(page)).toHaveAttribute("src", dress.urls.navy);

  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, TEXT.added.title, `Colour Dress ${dress.slug.replace("colour-dress-", "")}, Navy`);
  await expect(cartBadge(page)).toHaveText("1");
  // The header's cart drawer (opened by the behaviour, a plain <details> without it) and the cart page.
  await expect(page.locator("details.cart-drawer li img").first()).toHaveAttribute("src", new RegExp(fileOf(dress.urls.navy)));
  await visit(page, testInfo, "/cart");
  const item = page.locator("main li.cart-item");
  await expect(item.locator(".item-facts")).toContainText("ColorNavy");
  await expect(item.locator("img").first()).toHaveAttribute("src", new RegExp(fileOf(dress.urls.navy)));
});

test("?color= opens the page on that colour; an unknown or foreign one is ignored; the canonical URL has no ?color", async ({ page }, testInfo) => {
  const dress = await makeDress(true);
  await visit(page, testInfo, `/product/${dress.slug}?color=${dress.navy}`);
  await expect(swatch(page, "Navy")).toHaveAttribute("aria-current", "true");
  await expect(addForm(page).locator('input[name="colorId"]')).toHaveValue(String(dress.navy));
  await expect(mainImage(page)).toHaveAttribute("src", dress.urls.navy);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/product/${dress.slug}$`));

  const red = withDb((db) => (db.prepare("SELECT id FROM colors WHERE name = 'Red'").get() as { id: number }).id);
  for (const color of [String(red), "999999", "navy", "-1"]) {
    await visit(page, testInfo, `/product/${dress.slug}?color=${color}`);
    await expect(swatch(page, "Pink")).toHaveAttribute("aria-current", "true");
    await expect(mainImage(page)).toHaveAttribute("src", dress.urls.pink);
  }
});
