import { expect, test } from "../fixtures";
import { expectToast, SLUGS, TEXT, visit } from "../helpers/browser";

// A guest's favorites heart on the product page: to sign in, told why, and back to the piece
// afterwards. Where she comes back to is a path of this shop, never another site.

const PASSWORD = "tiny-stitches-fav";

test("a guest's heart leads to sign in with the reason, then back to the product and colour she was on", async ({ page, loginAsCustomer }, testInfo) => {
  const { email } = await loginAsCustomer({ password: PASSWORD });
  await visit(page, testInfo, `/product/${SLUGS.withColors}`);
  // The second colour in stock, so the way back has to keep it.
  const colour = page.locator("main .swatch[href]").nth(1);
  const colourHref = (await colour.getAttribute("href"))!;
  await colour.click();
  await expect(page).toHaveURL(new RegExp(`${colourHref.replace("?", "\\?")}$`));
  await page.locator("main").getByRole("link", { name: "Add to Favorites" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === colourHref);
  await expectToast(page, TEXT.signInForFavorites);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === colourHref);
  await expect(page.locator("main").getByRole("button", { name: "Add to Favorites" })).toBeVisible();
});

test("a redirectTo to another site (//evil, https://) is refused: the sign-in page leads home", async ({ page }, testInfo) => {
  for (const foreign of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
    await visit(page, testInfo, `/favorites?redirectTo=${encodeURIComponent(foreign)}`);
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "");
    await expectToast(page, TEXT.signInForFavorites);
    expect(await page.locator('input[name="redirectTo"]').first().inputValue()).toBe("/");
  }
});
