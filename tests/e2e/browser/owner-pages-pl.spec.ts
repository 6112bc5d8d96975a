import { type Page } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { dropVersionsAfter, newestVersionId, withPagesLock } from "../helpers/pages";
import { uniqueEmail } from "../helpers/session";

// The owner's pages in Polish: the seeded Polish terms under /pl, and the editor's language switch
// (each language its own text and versions), with JavaScript on and off.

function signInAdmin(loginAsAdmin: Login, page: Page) {
  return loginAsAdmin({ page, email: uniqueEmail("pages-pl-admin"), firstName: "Page", lastName: "Owner" });
}

test("/pl/terms-conditions shows the Polish terms: the draft note, the withdrawal section and the model form", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/pl/terms-conditions");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Regulamin");
  const body = page.locator(".owner-page-body");
  await expect(body).not.toHaveAttribute("lang", "en");
  await expect(body).toContainText("Projekt do sprawdzenia przez prawnika.");
  await expect(body.getByRole("heading", { name: "Prawo odstąpienia od umowy (konsumenci w UE)" })).toBeVisible();
  await expect(body.getByRole("heading", { name: "Wzór formularza odstąpienia od umowy" })).toBeVisible();
  await expect(body).toContainText("Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy(*)");
  await expect(body).toContainText("(*) Niepotrzebne skreślić.");
  await expect(body.getByRole("link", { name: "Odstąp od umowy tutaj" })).toHaveAttribute("href", "/pl/withdrawal");
});

test("the owner switches the editor to Polski, saves a Polish text with its own versions, and the English page stays", async ({
  page,
  loginAsAdmin,
}, testInfo) => {
  await signInAdmin(loginAsAdmin, page);
  await withPagesLock(async () => {
    const sincePl = newestVersionId("about", "pl");
    const sinceEn = newestVersionId("about", "en");
    try {
      const tag = Math.random().toString(36).slice(2, 8);
      await visit(page, testInfo, "/admin?tab=pages");
      await page.getByRole("navigation", { name: "Language of the pages" }).getByRole("link", { name: "Polski" }).click();
      await expect(page).toHaveURL(/tab=pages&locale=pl$/);
      await page.getByTestId("page-row-about").getByRole("link", { name: "Edit About (Polski)" }).click();
      await expect(page).toHaveURL(/\/admin\/pages\/about\?locale=pl$/);
      await expect(page.getByRole("navigation", { name: "Language of the page" })).toContainText("English | Polski");

      await page.getByLabel("Title").fill(`O pracowni ${tag}`);
      await page.getByLabel("Text (Markdown)").fill(`Szyjemy ręcznie, ${tag}.`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Page saved", "About (Polski)");
      await expect(page).toHaveURL(/\/admin\/pages\/about\?locale=pl$/);
      await expect.poll(() => newestVersionId("about", "pl")).toBeGreaterThan(sincePl);
      expect(newestVersionId("about", "en")).toBe(sinceEn);
      const versions = page.getByRole("region", { name: "Versions (Polski)" });
      await expect(versions.getByRole("row").nth(1)).toContainText(`O pracowni ${tag}`);

      await visit(page, testInfo, "/pl/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`O pracowni ${tag}`);
      await expect(page.locator(".owner-page-body")).toContainText(`Szyjemy ręcznie, ${tag}.`);
      await visit(page, testInfo, "/about");
      await expect(page.locator("main")).not.toContainText(tag);
    } finally {
      await dropVersionsAfter("about", sincePl, "pl");
    }
  });
});
