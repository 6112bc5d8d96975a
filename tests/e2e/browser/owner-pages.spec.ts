import { type Page } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { addFromProductPage, expectToast, jsOff, SLUGS, visit } from "../helpers/browser";
import { dropVersionsAfter, homeSetting, newestVersionId, restoreHomeSetting, withPagesLock } from "../helpers/pages";
import { uniqueEmail } from "../helpers/session";

// The owner's own words: the admin's Pages tab and editor (preview, save, versions, restore),
// the public pages that show them, and the home page's texts. Runs with JavaScript on (live
// preview, confirm prompts) and off (the Preview button, plain posts).

function signInAdmin(loginAsAdmin: Login, page: Page) {
  return loginAsAdmin({ page, email: uniqueEmail("pages-admin"), firstName: "Page", lastName: "Owner" });
}

const tagOf = () => Math.random().toString(36).slice(2, 8);

test("the owner edits the terms: preview, save, the public page shows it, and an old version comes back", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await withPagesLock(async () => {
    const since = newestVersionId("terms-conditions");
    try {
      const tag = tagOf();
      await visit(page, testInfo, "/admin?tab=pages");
      const row = page.getByTestId("page-row-terms-conditions");
      await expect(row).toContainText("Terms & Conditions");
      await row.getByRole("link", { name: "Edit Terms & Conditions" }).click();
      await expect(page).toHaveURL(/\/admin\/pages\/terms-conditions$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Terms & Conditions");

      const body = page.getByLabel("Text (Markdown)");
      const original = await body.inputValue();
      expect(original).toContain("## Right of withdrawal (EU consumers)");
      await body.fill(`${original}\n\n## Gift wrapping\n\nEvery order is wrapped in tissue ${tag}.`);
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByTestId("page-preview");
      await expect(preview.getByRole("heading", { name: "Gift wrapping" })).toBeVisible();
      await expect(preview).toContainText(`wrapped in tissue ${tag}`);
      // A preview saves nothing, and the typed text is still there.
      expect(newestVersionId("terms-conditions")).toBe(since);
      await expect(body).toHaveValue(new RegExp(`wrapped in tissue ${tag}`));

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Page saved", "Terms & Conditions");
      await expect.poll(() => newestVersionId("terms-conditions")).toBeGreaterThan(since);
      const versions = page.getByRole("region", { name: "Versions" });
      await expect(versions.getByRole("row").nth(1)).toContainText("Current");

      await visit(page, testInfo, "/terms-conditions");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
      await expect(page.getByRole("heading", { name: "Gift wrapping" })).toBeVisible();
      await expect(page.locator("main")).toContainText(`wrapped in tissue ${tag}`);
      await expect(page.locator("main").getByRole("link", { name: "Withdraw from contract here" })).toHaveAttribute("href", "/withdrawal");
      await expect(page.getByRole("region", { name: "Seller details" })).toContainText("Seller");

      // The version before the save: open it read-only, then restore it.
      await visit(page, testInfo, "/admin/pages/terms-conditions");
      await page.getByRole("link", { name: `View version ${since}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`version=${since}$`));
      const old = page.getByTestId("old-version");
      await expect(old.getByRole("heading", { name: "Right of withdrawal (EU consumers)" })).toBeVisible();
      await expect(old).not.toContainText(tag);
      if (!jsOff(testInfo)) {
        page.once("dialog", (dialog) => {
          expect(dialog.type()).toBe("confirm");
          void dialog.accept();
        });
      }
      await page
        .getByRole("region", { name: /^Version \d+, saved/ })
        .getByRole("button", { name: `Restore version ${since}`, exact: true })
        .click();
      await expectToast(page, "Version restored", `Terms & Conditions: version ${since}`);
      await visit(page, testInfo, "/terms-conditions");
      await expect(page.getByRole("heading", { name: "Right of withdrawal (EU consumers)" })).toBeVisible();
      await expect(page.locator("main")).not.toContainText(tag);
    } finally {
      await dropVersionsAfter("terms-conditions", since);
    }
  });
});

test("the preview follows the typing with JavaScript; without it the Preview button shows the text", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await visit(page, testInfo, "/admin/pages/about");
  const tag = tagOf();
  const preview = page.getByTestId("page-preview");
  await expect(preview).toContainText("one-person sewing team");
  await page.getByLabel("Text (Markdown)").fill(`## Live ${tag}\n\nTyped just now.`);
  if (jsOff(testInfo)) {
    // Nothing runs in the page: the preview shows the saved text until asked.
    await expect(preview).toContainText("one-person sewing team");
    await page.getByRole("button", { name: "Preview" }).click();
  }
  await expect(preview.getByRole("heading", { name: `Live ${tag}` })).toBeVisible();
  await expect(preview).not.toContainText("one-person sewing team");
});

test("hostile Markdown shows as text on the public page", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await withPagesLock(async () => {
    const since = newestVersionId("size-guide");
    try {
      const hostile = [
        "<script>document.title = 'owned'</script>",
        "",
        "<img src=x onerror=\"document.title = 'owned'\">",
        "",
        "[one](javascript:document.title='owned') [two](JAVASCRIPT:alert(1)) [three](data:text/html,hi) [four](//evil.example)",
      ].join("\n");
      await visit(page, testInfo, "/admin/pages/size-guide");
      await page.getByLabel("Text (Markdown)").fill(hostile);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Page saved", "Size Guide");

      await visit(page, testInfo, "/size-guide");
      const body = page.locator(".owner-page-body");
      await expect(body).toContainText("<script>document.title = 'owned'</script>");
      await expect(body).toContainText("<img src=x onerror=\"document.title = 'owned'\">");
      await expect(body).toContainText("[one](javascript:document.title='owned')");
      await expect(body).toContainText("[four](//evil.example)");
      await expect(body.locator("script, img, a, iframe")).toHaveCount(0);
      await expect(page).not.toHaveTitle("owned");
    } finally {
      await dropVersionsAfter("size-guide", since);
    }
  });
});

test("the home page's texts are edited in the Pages tab and shown on /, the reviews claim with its source", async ({ page, loginAsAdmin }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await withPagesLock(async () => {
    const original = homeSetting();
    try {
      const tag = tagOf();
      await visit(page, testInfo, "/admin?tab=pages");
      const form = page.locator("form").filter({ has: page.getByLabel("Hero title") });
      await form.getByLabel("Hero title").fill(`Tiny wardrobes ${tag}`);
      await form.getByLabel("Value 1 text").fill(`Cut and sewn by hand, ${tag}.`);
      // Past the browser's own URL check, to the server's rule.
      await form.getByLabel("Source link (web address)").evaluate((el) => el.setAttribute("type", "text"));
      await form.getByLabel("Source link (web address)").fill("javascript:alert(1)");
      await form.getByRole("button", { name: "Save Home Page" }).click();
      await expect(page.locator("#home-reviewsSourceUrl-error")).toHaveText("Enter a web address starting with https:// or http://");
      await expect(form.getByLabel("Hero title")).toHaveValue(`Tiny wardrobes ${tag}`);

      await form.getByLabel("Source link (web address)").fill(`https://reviews.example/${tag}`);
      await form.getByRole("button", { name: "Save Home Page" }).click();
      await expectToast(page, "Home page texts saved");

      await visit(page, testInfo, "/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Tiny wardrobes ${tag}`);
      const values = page.getByRole("region", { name: "Why shop with us" });
      await expect(values).toContainText(`Cut and sewn by hand, ${tag}.`);
      await expect(values).toContainText("2,000+ five-star reviews on our marketplace shop.");
      await expect(values.getByRole("link", { name: "on our marketplace shop" })).toHaveAttribute("href", `https://reviews.example/${tag}`);
    } finally {
      await restoreHomeSetting(original);
    }
  });
});

test("the privacy policy is reachable from the footer, sign-up and checkout, and shows its sections", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  const headings = await page.locator(".owner-page-body h2").allTextContents();
  expect(headings).toEqual([
    "What we keep and why",
    "Cookies",
    "Server logs and backups",
    "Who else sees your data",
    "How long we keep it",
    "Your rights",
    "Contact",
  ]);
  await expect(page.locator("main")).toContainText("strictly necessary");
  await expect(page.locator("main")).toContainText("7 daily and 4 weekly copies");
  await expect(page.locator("main")).toContainText("Personal Data Protection Office (UODO)");
  await expect(page.locator("main").getByRole("link", { name: "your data page" })).toHaveAttribute("href", "/account/data");
  await expect(page.getByRole("region", { name: "Seller details" })).toBeVisible();

  await visit(page, testInfo, "/login?tab=signup");
  await expect(page.getByRole("form", { name: "Sign up" }).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

  await addFromProductPage(page, testInfo, SLUGS.inStock);
  await visit(page, testInfo, "/checkout");
  await expect(page.locator("main form").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
});

test("unknown pages are not pages: the editor answers 404, and customers are refused", async ({ page, loginAsAdmin, loginAsCustomer }, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await visit(page, testInfo, "/admin/pages/typography", 404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.context().clearCookies();
  await loginAsCustomer({ page, email: uniqueEmail("pages-customer") });
  await visit(page, testInfo, "/admin/pages/terms-conditions", 403);
  await visit(page, testInfo, "/admin?tab=pages", 403);
});
