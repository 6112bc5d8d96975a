import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { Secret, TOTP } from "otpauth";
import { expectToast, visit, waitForHydration } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// /account/security (password change, sign out of all devices) and the admin's second factor
// (/account/two-factor, /login/two-factor), with JavaScript on and off.

const PASSWORD = "tiny-stitches";

async function changePassword(page: Page, current: string, next: string) {
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill(current);
  await form.getByLabel("New password", { exact: true }).fill(next);
  await form.getByLabel("Confirm new password").fill(next);
  await form.getByRole("button", { name: "Change password" }).click();
}

test("change the password on the account page; other devices are signed out", async ({ page, browser, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("security");
  await loginAsCustomer({ page, email, password: PASSWORD, firstName: "Sid", lastName: "Seam" });
  // A second device, signed in to the same account.
  const other = await browser.newContext();
  await loginAsCustomer({ context: other, email });
  const otherPage = await other.newPage();
  expect((await otherPage.goto("/account/security"))!.url()).toContain("/account/security");

  await visit(page, testInfo, "/account");
  await page.getByRole("link", { name: "Sign-in & Security" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await waitForHydration(page, testInfo);

  await changePassword(page, "not-my-password", "fresh-linen-9");
  await expect(page.locator("#currentPassword-error")).toHaveText("Your current password is not correct");
  await changePassword(page, PASSWORD, "iloveyou");
  await expect(page.locator("#newPassword-error")).toHaveText("This password is too common. Please choose another.");
  await changePassword(page, PASSWORD, "fresh-linen-9");
  await expectToast(page, "Password changed", "Password changed. You were signed out on every other device.");

  await otherPage.goto("/account/security");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
  await other.close();
});

test("'Sign out of all devices' signs this browser out too", async ({ page, loginAsCustomer }, testInfo) => {
  await loginAsCustomer({ page, email: uniqueEmail("everywhere"), password: PASSWORD, firstName: "Sid", lastName: "Seam" });
  await visit(page, testInfo, "/account/security");
  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await expectToast(page, "Signed out", "You were signed out on every device.");
  await page.goto("/account/security");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("an admin turns on TOTP with the QR code page, then signs in with a code", async ({ page, loginAsAdmin }, testInfo) => {
  const email = uniqueEmail("owner");
  await loginAsAdmin({ page, email, password: PASSWORD, firstName: "Sid", lastName: "Seam" });

  await visit(page, testInfo, "/admin");
  await expect(page.getByText("Protect the shop with two-factor authentication")).toBeVisible();
  await page.getByRole("link", { name: "Turn on two-factor authentication" }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await waitForHydration(page, testInfo);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.locator(".totp-secret").textContent())!.trim();
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });

  // Turning it on asks for the password too: a session alone must not set the factor.
  const setup = page.getByRole("form", { name: "Turn on" });
  await setup.getByLabel("Current password").fill("not-my-password");
  await setup.getByLabel("Code from your app").fill(totp.generate());
  await setup.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("#enable-currentPassword-error")).toHaveText("Your current password is not correct");
  await page.getByRole("form", { name: "Turn on" }).getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("form", { name: "Turn on" }).getByLabel("Code from your app").fill("000000");
  await page.getByRole("form", { name: "Turn on" }).getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("#enable-code-error")).toContainText("That code is not valid");
  await page.getByRole("form", { name: "Turn on" }).getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("form", { name: "Turn on" }).getByLabel("Code from your app").fill(totp.generate());
  await page.getByRole("form", { name: "Turn on" }).getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(page.locator(".recovery-codes li")).toHaveCount(10);
  const recovery = (await page.locator(".recovery-codes li").first().textContent())!.trim();

  await visit(page, testInfo, "/admin");
  await expect(page.getByText("Protect the shop with two-factor authentication")).toHaveCount(0);

  // Sign out, then sign in again: the password alone is not enough.
  await page.context().clearCookies();
  await visit(page, testInfo, "/admin-login");
  const form = page.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === "/login/two-factor");
  await waitForHydration(page, testInfo);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  await page.getByLabel("Authentication code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expectToast(page, "Admin login successful");

  // A recovery code works once.
  await page.context().clearCookies();
  await visit(page, testInfo, "/admin-login");
  await page.getByRole("form", { name: "Admin sign in" }).getByLabel("Email").fill(email);
  await page.getByRole("form", { name: "Admin sign in" }).getByLabel("Password").fill(PASSWORD);
  await page
    .getByRole("form", { name: "Admin sign in" })
    .getByRole("button", { name: /sign in/i })
    .click();
  await page.waitForURL((url) => url.pathname === "/login/two-factor");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Authentication code").fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
});
