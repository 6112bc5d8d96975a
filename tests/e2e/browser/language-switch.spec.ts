import { expect, test } from "@playwright/test";
import { MESSAGES } from "../../../app/i18n/catalogue.server";
import { SLUGS, visit } from "../helpers/browser";

// The plain link to the same page in the other language, on a wide screen (in the header) and on
// a phone (a line of the menu), with JavaScript on and off; the choice is remembered in `lang`.

test("the header's 'Polski' leads to the same page in Polish, and 'English' back", async ({ page, context }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.withColors}?color=2`);
  await page.getByRole("link", { name: "Polski", exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/pl/product/${SLUGS.withColors}`);
  expect(new URL(page.url()).search).toBe("?color=2");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.locator("main form.add-form").getByRole("button", { name: MESSAGES.pl["product.button.add"] })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("pl");

  await page.getByRole("link", { name: "English", exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/product/${SLUGS.withColors}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("en");
});

test("on a phone the other language is a line of the menu, and the header keeps to the screen", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, testInfo, "/pl/shop");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expect(page.locator(".header-actions .language-link")).toBeHidden();
  await page
    .locator("summary", { has: page.locator("svg") })
    .first()
    .click();
  await page.getByRole("link", { name: "English", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/shop");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
