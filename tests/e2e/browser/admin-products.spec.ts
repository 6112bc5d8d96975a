import { type Page } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import sharp from "sharp";
import { makeCategory, makeProduct } from "../../helpers/kit";
import { confirmAndSubmit, expectToast, jsOff, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";
import { openRowMenu } from "../helpers/row-menu";

// Products tab and product editor, with JavaScript on (uploads on drop or
// choice, rows added in place, a live Latest Collection switch, confirm() prompts) and off (one
// multipart form whose buttons post it; the server's confirmation step).

function signInAdmin(loginAsAdmin: Login, page: Page) {
  return loginAsAdmin({ page, email: uniqueEmail("products-admin"), firstName: "Product", lastName: "Admin" });
}

/** A parent category and a subcategory of our own, so filters and lists see only this test's products. */
async function makeCategories(tag: string): Promise<{ parentId: number; childId: number; parent: string; child: string }> {
  const parent = `Editor Parent ${tag}`;
  const child = `Editor Child ${tag}`;
  const p = await makeCategory(e2eDb(), { name: parent, slug: `editor-parent-${tag}`, sortOrder: 900 });
  const c = await makeCategory(e2eDb(), { name: child, slug: `editor-child-${tag}`, parentId: p.id, sortOrder: 1 });
  return { parentId: p.id, childId: c.id, parent, child };
}

async function insertProduct(tag: string, title: string, stock: number, categoryId: number): Promise<{ id: number; slug: string }> {
  const slug = `${title.toLowerCase().replace(/\W+/g, "-")}-${tag}`;
  const product = await makeProduct(e2eDb(), {
    title: `${title} ${tag}`,
    slug,
    description: "Made for a products-tab test.",
    priceCents: 1500,
    stock,
    categoryIds: [categoryId],
    image: false,
  });
  return { id: product.id, slug };
}

async function image(color: string) {
  const buffer = await sharp({ create: { width: 80, height: 100, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: `${color.slice(1)}.png`, mimeType: "image/png", buffer };
}

test("create a product with colours and two images, find it in the shop, edit it, delete it", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const cats = await makeCategories(tag);
  const title = `Lavender Ball Gown ${tag}`;
  const slug = `lavender-ball-gown-${tag}`;

  await visit(page, testInfo, "/admin?tab=products");
  await page.getByRole("link", { name: "Add Product" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Product");
  await expect(page).toHaveURL(/\/admin\/products\/add$/);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("A lavender ball gown with a satin sash.");
  await page.getByLabel("Price (USD)").fill("24.50");

  // Two colours: in place with JavaScript, by posting the form without.
  await page.getByRole("button", { name: "Add Colour" }).click();
  await page.getByLabel("Colour 1", { exact: true }).selectOption({ label: "Purple" });
  await page.getByLabel("Stock", { exact: true }).nth(1).fill("3");
  await page.getByRole("button", { name: "Add Colour" }).click();
  await page.getByLabel("Colour 2", { exact: true }).selectOption({ label: "White" });
  await page.locator('input[name="colorVariations[1].stock"]').fill("2");
  await expect(page.getByLabel("Stock", { exact: true }).first()).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Variation" })).toBeDisabled();

  // Two images: uploaded on choice with JavaScript, with the Upload Images button without.
  await page.getByLabel("Choose images").setInputFiles([await image("#9b7fc0"), await image("#f4eefa")]);
  if (jsOff(testInfo)) await page.getByRole("button", { name: "Upload Images" }).click();
  await expect(page.locator(".editor-image")).toHaveCount(2);
  await expect(page.getByRole("radio", { name: /^Primary/ }).first()).toBeChecked();
  await page
    .getByRole("radio", { name: /^Primary/ })
    .nth(1)
    .check();

  // The subcategory (its parent comes with it).
  await page.locator("summary", { hasText: cats.parent }).click();
  await page.getByLabel(`${cats.parent} → ${cats.child}`).check();
  if (!jsOff(testInfo)) await expect(page.getByLabel(cats.parent, { exact: true })).toBeChecked();

  // The slug is left empty: it is made from the title.
  await page.getByRole("button", { name: "Create Product" }).click();
  await expectToast(page, "Product created", title);
  await expect(page).toHaveURL(/\/admin\?tab=products/);

  await visit(page, testInfo, `/admin?tab=products&category=${cats.childId}`);
  const row = page.getByTestId(`product-row-${slug}`);
  await expect(row).toContainText(title);
  await expect(row).toContainText("5 in stock");
  await expect(row).toContainText("(from variations)");
  await expect(row).toContainText("Active");

  // In the shop, with both images.
  await visit(page, testInfo, `/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("main")).toContainText("$24.50");

  // Edit: a new price and a colour's stock.
  await visit(page, testInfo, `/admin?tab=products&category=${cats.childId}`);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit Product: ${title}`);
  await expect(page.locator(".editor-image")).toHaveCount(2);
  await expect(page.getByLabel("Description (optional)")).toHaveValue("A lavender ball gown with a satin sash.");
  // She types the decimal comma she writes at home: 19,99 is $19.99, never $1999.00.
  await page.getByLabel("Price (USD)").fill("19,99");
  await page.locator('input[name="colorVariations[0].stock"]').fill("6");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated", title);
  await visit(page, testInfo, `/product/${slug}`);
  await expect(page.locator("main")).toContainText("$19.99");

  // Delete.
  await visit(page, testInfo, `/admin?tab=products&category=${cats.childId}`);
  const menu = await openRowMenu(page.getByTestId(`product-row-${slug}`));
  await expect(menu.getByRole("link", { name: `View ${title}` })).toHaveAttribute("href", `/product/${slug}`);
  await confirmAndSubmit(page, testInfo, () => menu.getByRole("button", { name: `Delete ${title}` }).click(), /^Yes, delete product/);
  await expectToast(page, "Product deleted", title);
  await expect(page.getByTestId(`product-row-${slug}`)).toHaveCount(0);
  const gone = await page.goto(`/product/${slug}`);
  expect(gone!.status()).toBe(404);
});

test("variations, a refused slug that keeps the form, and removing a row", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const cats = await makeCategories(tag);
  const taken = await insertProduct(tag, "Taken Slug", 1, cats.childId);
  await visit(page, testInfo, "/admin/products/add");
  await page.getByLabel("Title").fill(`Wool Coat ${tag}`);
  await page.getByLabel("Slug").fill(taken.slug);
  await page.getByLabel("Description", { exact: true }).fill("A warm coat.");
  await page.getByLabel("Price (USD)").fill("40");
  await page.getByRole("button", { name: "Add Variation" }).click();
  await page.getByLabel("Variation A name").fill("Short");
  await page.getByRole("button", { name: "Add Variation" }).click();
  await page.getByLabel("Variation B name").fill("Long");
  await page.getByRole("button", { name: "Add Variation" }).click();
  await page.getByLabel("Variation C name").fill("Cropped");
  await page.getByRole("button", { name: "Remove variation B" }).click();
  await expect(page.getByLabel("Variation B name")).toHaveValue("Cropped");
  await expect(page.getByRole("button", { name: "Add Colour" })).toBeDisabled();

  // Images: dropped on the zone with JavaScript, chosen and uploaded with the button without.
  const files = [await image("#335577"), await image("#775533")];
  if (jsOff(testInfo)) {
    await page.getByLabel("Choose images").setInputFiles(files);
    await page.getByRole("button", { name: "Upload Images" }).click();
  } else {
    const dataTransfer = await page.evaluateHandle(
      (items) => {
        const dt = new DataTransfer();
        for (const f of items) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }));
        return dt;
      },
      files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString("base64") })),
    );
    await page.getByTestId("image-drop-zone").dispatchEvent("drop", { dataTransfer });
  }
  await expect(page.locator(".editor-image")).toHaveCount(2);
  // Removing the primary makes the first remaining image primary.
  await page.getByRole("button", { name: "Remove image 1" }).click();
  await expect(page.locator(".editor-image")).toHaveCount(1);
  await expect(page.getByRole("radio", { name: /^Primary/ })).toBeChecked();

  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.locator("#product-slug-error")).toHaveText("Slug is already used by another product");
  await expect(page.getByLabel("Title")).toHaveValue(`Wool Coat ${tag}`);
  await expect(page.getByLabel("Variation A name")).toHaveValue("Short");
  await expect(page.getByLabel("Variation B name")).toHaveValue("Cropped");
  await expect(page.locator(".editor-image")).toHaveCount(1);
  await page.getByLabel("Slug").fill("");
  await page.getByRole("button", { name: "Create Product" }).click();
  await expectToast(page, "Product created", `Wool Coat ${tag}`);
  const id = withDb((db) => (db.prepare("SELECT id FROM products WHERE slug = ?").get(`wool-coat-${tag}`) as { id: number }).id);
  const codes = withDb((db) =>
    db.prepare("SELECT variation_code || ':' || variation_name AS v FROM product_variations WHERE product_id = ? ORDER BY variation_code").all(id),
  );
  expect(codes).toEqual([{ v: "A:Short" }, { v: "B:Cropped" }]);
  const images = withDb((db) => db.prepare("SELECT is_primary AS p FROM product_images WHERE product_id = ?").all(id));
  expect(images).toEqual([{ p: 1 }]);
});

test("toggle the latest collection and filter the products tab", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const cats = await makeCategories(tag);
  const sold = await insertProduct(tag, "Sold Bonnet", 0, cats.childId);
  const stocked = await insertProduct(tag, "Stocked Bonnet", 4, cats.childId);
  await visit(page, testInfo, `/admin?tab=products&category=${cats.childId}`);
  await expect(page.getByTestId(`product-row-${sold.slug}`)).toContainText("0 in stock");
  await expect(page.getByTestId(`product-row-${sold.slug}`)).toContainText("Inactive");

  const toggle = page.getByRole("switch", { name: `Latest Collection: Stocked Bonnet ${tag}` });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(page.getByRole("switch", { name: `Latest Collection: Stocked Bonnet ${tag}` })).toHaveAttribute("aria-checked", "true");
  if (jsOff(testInfo)) await expectToast(page, "Added to the Latest Collection", `Stocked Bonnet ${tag}`);
  await expect
    .poll(() => withDb((db) => (db.prepare("SELECT is_latest_collection AS v FROM products WHERE id = ?").get(stocked.id) as { v: number }).v))
    .toBe(1);

  // Filters: a GET form (applies on change with JavaScript).
  await page.getByLabel("Stock Status").selectOption("sold-out");
  if (jsOff(testInfo)) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/stock=sold-out/);
  await expect(page.getByTestId(`product-row-${sold.slug}`)).toBeVisible();
  await expect(page.getByTestId(`product-row-${stocked.slug}`)).toHaveCount(0);

  await visit(page, testInfo, `/admin?tab=products&category=${cats.childId}&latest=latest&status=active`);
  await expect(page.getByLabel("Latest Collection", { exact: true })).toHaveValue("latest");
  await expect(page.getByTestId(`product-row-${stocked.slug}`)).toBeVisible();
  await expect(page.getByTestId(`product-row-${sold.slug}`)).toHaveCount(0);
  await expect(page.getByLabel("Category")).toContainText(`${cats.parent} → ${cats.child}`);
});

test("non-admins see access denied on the editor pages; an unknown product says so", async ({ page, loginAsAdmin, loginAsCustomer }, testInfo) => {
  await visit(page, testInfo, "/admin/products/add", 401);
  await expect(page.locator("main")).toContainText("Access denied. Admin privileges required.");
  await loginAsCustomer({ page, email: uniqueEmail("products-customer") });
  await visit(page, testInfo, "/admin/products/add", 403);
  await expect(page.locator("main")).toContainText("Access denied. Admin privileges required.");
  await page.context().clearCookies();
  await signInAdmin(loginAsAdmin, page);
  await visit(page, testInfo, "/admin/products/edit/99999999", 404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found.");
});
