import { type Page } from "@playwright/test";
import { makeCategory, makeOrphanCategoryLink, makeProduct, restoreSetting } from "../../helpers/kit";
import { expect, type Login, test } from "../fixtures";
import { confirmAndSubmit, expectToast, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { withFileLock } from "../helpers/lock";
import { openRowMenu } from "../helpers/row-menu";
import { ensureUser, uniqueEmail } from "../helpers/session";

// Admin store tabs: categories, users, loyalty, maintenance, settings.
// Runs with JavaScript on (confirm() prompts) and off (server confirmation steps).

function signInAdmin(loginAsAdmin: Login, page: Page) {
  return loginAsAdmin({ page, email: uniqueEmail("store-admin"), firstName: "Store", lastName: "Admin" });
}

test("add a category, give it a product, recalculate, and find it in the shop menu", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Tea Gowns ${tag}`;
  const slug = `tea-gowns-${tag}`;
  await visit(page, testInfo, "/admin?tab=categories");
  await page.getByRole("link", { name: "Add Category" }).click();
  const form = page.locator("form").filter({ has: page.getByLabel("Sort Order") });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Sort Order").fill("95");
  await form.getByRole("button", { name: "Add Category" }).click();
  await expectToast(page, "Category added", name);
  const row = page.getByTestId(`category-row-${slug}`);
  await expect(row).toContainText("Top Level");
  await expect(row).toContainText("Active");

  // A duplicate slug is refused beside the field.
  await page.getByRole("link", { name: "Add Category" }).click();
  await form.getByLabel("Name", { exact: true }).fill(`Another ${tag}`);
  await form.getByLabel("Slug", { exact: true }).fill(slug);
  await form.getByRole("button", { name: "Add Category" }).click();
  await expect(page.locator("#category-slug-error")).toHaveText("Slug is already used by another category");

  // Link a product of our own, then let Settings → Maintenance recount.
  const category = withDb((db) => db.prepare("SELECT id FROM categories WHERE slug = ?").get(slug) as { id: number });
  await makeProduct(e2eDb(), {
    title: `Gown ${tag}`,
    slug: `gown-${tag}`,
    description: "Made for a category test.",
    priceCents: 1500,
    stock: 3,
    categoryIds: [category.id],
    image: false,
  });
  await visit(page, testInfo, "/admin?tab=maintenance");
  await confirmAndSubmit(page, testInfo, () => page.getByRole("button", { name: "Recalculate Category Counts" }).click(), /^Yes, recalculate/);
  await expectToast(page, "Category product counts have been recalculated successfully.");

  await visit(page, testInfo, "/");
  await expect(page.locator(`a[href="/shop/${slug}"]`).first()).toBeAttached();

  // Deleting is refused while the product is there.
  await visit(page, testInfo, "/admin?tab=categories");
  const menu = await openRowMenu(page.getByTestId(`category-row-${slug}`));
  await confirmAndSubmit(page, testInfo, () => menu.getByRole("button", { name: `Delete ${name}` }).click(), /^Yes, delete/);
  await expect(page.locator(".store-tab .alert")).toContainText("This category still has 1 product. Move them first.");
});

test("clean orphaned product-category links from Settings → Maintenance", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  // A link to a product that no longer exists, as an old import or a crash might have left it.
  const category = await makeCategory(e2eDb(), { name: `Orphans ${tag}`, slug: `orphans-${tag}`, sortOrder: 97, isActive: true });
  const orphanProductId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  await makeOrphanCategoryLink(e2eDb(), category.id, orphanProductId);
  await visit(page, testInfo, "/admin?tab=maintenance");
  await confirmAndSubmit(page, testInfo, () => page.getByRole("button", { name: "Clean Orphaned Relationships" }).click(), /^Yes, clean/);
  // JS on and off run side by side, so one click may clean the other's orphan too: n is at least 1.
  await expectToast(page, /^Cleaned [1-9]\d* orphaned product-category relationships$/);
  const left = withDb((db) => db.prepare("SELECT count(*) AS n FROM product_categories WHERE product_id = ?").get(orphanProductId) as { n: number });
  expect(left.n).toBe(0);
});

test("edit a category without leaving the page's forms, then delete an empty one", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const tag = Math.random().toString(36).slice(2, 8);
  const slug = `ribbons-${tag}`;
  await makeCategory(e2eDb(), { name: `Ribbons ${tag}`, slug, sortOrder: 98, isActive: false });
  await visit(page, testInfo, "/admin?tab=categories");
  await page.getByRole("link", { name: `Edit Ribbons ${tag}` }).click();
  await expect(page).toHaveURL(/edit=\d+/);
  await page.getByLabel("Name", { exact: true }).fill(`Silk Ribbons ${tag}`);
  await page.getByRole("button", { name: "Save Category" }).click();
  await expectToast(page, "Category updated", `Silk Ribbons ${tag}`);
  await expect(page.getByTestId(`category-row-${slug}`)).toContainText("Inactive");
  const menu = await openRowMenu(page.getByTestId(`category-row-${slug}`));
  await confirmAndSubmit(page, testInfo, () => menu.getByRole("button", { name: `Delete Silk Ribbons ${tag}` }).click(), /^Yes, delete/);
  await expectToast(page, "Category deleted", `Silk Ribbons ${tag}`);
  await expect(page.getByTestId(`category-row-${slug}`)).toHaveCount(0);
});

test("award points by e-mail and see them on the user's row", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  const email = uniqueEmail("store-points");
  const userId = await ensureUser(email, { firstName: "Pia", lastName: "Points" });
  await visit(page, testInfo, "/admin?tab=loyalty");
  await expect(page.getByRole("heading", { name: "Loyalty Rules" })).toBeVisible();
  await page.getByLabel("Customer email").fill(email);
  await page.getByLabel("Points", { exact: true }).fill("1.5");
  // The browser's own number check (step 1 by default) stops 1.5 before sending; make the field
  // plain text to reach the server's message.
  await page.getByLabel("Points", { exact: true }).evaluate((el) => el.setAttribute("type", "text"));
  await page.getByRole("button", { name: "Award Points" }).click();
  await expect(page.locator("#award-points-error")).toHaveText("Points must be a positive number");
  await page.getByLabel("Points", { exact: true }).fill("25");
  await page.getByRole("button", { name: "Award Points" }).click();
  await expectToast(page, "Points awarded", `25 points added to ${email}`);
  await visit(page, testInfo, "/admin?tab=users");
  const row = page.getByTestId(`user-row-${userId}`);
  await expect(row).toContainText("Pia Points");
  await expect(row).toContainText("Customer");
  await expect(row.locator('[data-label="Loyalty Points"]')).toHaveText("25");
});

// The e2e database is shared by parallel workers (js-on and js-off): a lock keeps the two
// settings tests apart, and the original settings are put back at the end.
test("save the store settings and see the footer e-mail change", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await withFileLock("admin-settings", async () => {
    const original = withDb((db) => db.prepare("SELECT value FROM settings WHERE key = 'store'").get() as { value: string } | undefined);
    try {
      await visit(page, testInfo, "/admin?tab=settings");
      const name = await page.getByLabel("Store name").inputValue();
      await page.getByLabel("Contact email").fill("not-an-email");
      // Past the browser's own type check, to the server's message.
      await page.getByLabel("Contact email").evaluate((el) => el.setAttribute("type", "text"));
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.locator("#store-email-error")).toHaveText("Please enter a valid email address");

      const email = `studio-${Math.random().toString(36).slice(2, 8)}@example.com`;
      // The name stays as it is: other tests read the page titles.
      await page.getByLabel("Store name").fill(name);
      await page.getByLabel("Contact email").fill(email);
      await page.getByLabel("Description", { exact: true }).fill("Tiny clothes, sewn by hand.");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expectToast(page, "Settings saved");
      await expect(page.getByLabel("Contact email")).toHaveValue(email);
      await visit(page, testInfo, "/about");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: `Contact: ${email}` })).toHaveAttribute("href", `mailto:${email}`);
    } finally {
      await restoreSetting(e2eDb(), "store", original?.value);
    }
  });
});

test("customers see Access Denied on the store tabs", async ({ page, loginAsCustomer }, testInfo) => {
  await loginAsCustomer({ page, email: uniqueEmail("store-customer") });
  await visit(page, testInfo, "/admin?tab=categories", 403);
  await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
});
