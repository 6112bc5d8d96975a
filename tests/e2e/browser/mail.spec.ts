import { createHmac } from "node:crypto";
import { enableTwoFactor, makeFailingMail } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectToast, SLUGS, visit, waitForHydration } from "../helpers/browser";
import { linkIn, waitForMail } from "../helpers/mail";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_SESSION_SECRET, ensureUser, uniqueEmail } from "../helpers/session";

// Forgot / reset password, 'Email me when it's back' and the admin's E-mails view, through the
// real forms with JavaScript on and off, reading what the shop really sent over SMTP.

test("forgot password: the link in the e-mail sets a new password, signs in, and works only once", async ({ page }, testInfo) => {
  const email = uniqueEmail("reset-browser");
  await ensureUser(email, { firstName: "Rhea" });
  await visit(page, testInfo, "/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await waitForHydration(page, testInfo);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your inbox")).toBeVisible();

  const mail = await waitForMail(email, /password/);
  const link = linkIn(mail, "http://127.0.0.1:");
  expect(link).toContain("/reset-password?token=");

  await visit(page, testInfo, link);
  await page.getByLabel("New password", { exact: true }).fill("fresh-pass-1");
  await page.getByLabel("Confirm new password").fill("fresh-pass-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill("fresh-pass-1");
  await page.getByLabel("Confirm new password").fill("fresh-pass-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL((url) => url.pathname === "/account");
  await expectToast(page, "Password changed");

  await visit(page, testInfo, link, 400);
  await expect(page.getByText("This password reset link has already been used.")).toBeVisible();
});

test("a reset link is not the second factor: an account with TOTP is asked for its code after the new password", async ({ page }, testInfo) => {
  const email = uniqueEmail("reset-totp");
  const userId = await ensureUser(email, { firstName: "Olga", isAdmin: true });
  await enableTwoFactor(e2eDb(), userId, "JBSWY3DPEHPK3PXP");
  await visit(page, testInfo, "/forgot-password");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your inbox")).toBeVisible();
  const link = linkIn(await waitForMail(email, /password/), "http://127.0.0.1:");

  await visit(page, testInfo, link);
  await waitForHydration(page, testInfo);
  await page.getByLabel("New password", { exact: true }).fill("fresh-pass-9");
  await page.getByLabel("Confirm new password").fill("fresh-pass-9");
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL((url) => url.pathname === "/login/two-factor");
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  // The new password is set, but nobody is signed in until the code is given.
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  await visit(page, testInfo, "/admin");
  await expect(page).not.toHaveURL(/\/admin$/);
});

test("a made-up reset link says so and offers a new one", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/reset-password?token=not-a-real-token", 400);
  await expect(page.getByText("This password reset link is not valid.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("a sold-out product offers 'Email me when it's back'; a malformed address gets the field message", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.soldOut}`);
  const form = page.getByRole("form", { name: "Email me when it's back" });
  await expect(form).toBeVisible();
  await waitForHydration(page, testInfo);
  // Accepted by the browser's own check, refused by the server's.
  await form.getByLabel("Email").fill("someone@localhost");
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  const email = uniqueEmail("bis-browser");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Notify me" }).click();
  await page.waitForURL((url) => url.pathname === `/product/${SLUGS.soldOut}`);
  await expectToast(page, "Please check your inbox", "Please confirm with the link we have e-mailed you. Then we will write when it is back in stock.");
  const saved = () =>
    withDb((db) =>
      db.prepare("SELECT count(*) AS n FROM back_in_stock_requests WHERE email = ? AND closed_at IS NULL AND confirmed_at IS NOT NULL").get(email),
    ) as { n: number };
  expect(saved().n).toBe(0);

  // The request counts only once the address confirms it, through the link mailed to it.
  const mail = await waitForMail(email, /^Please confirm your back-in-stock e-mail$/);
  const link = linkIn(mail, "http://127.0.0.1:");
  expect(link).toContain("/back-in-stock/confirm?token=");
  await visit(page, testInfo, link);
  await expect(page.getByText("is back in stock?")).toBeVisible();
  expect(saved().n).toBe(0);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("You are on the list")).toBeVisible();
  await expect(page.getByText("We will e-mail you when it is back in stock.")).toBeVisible();
  expect(saved().n).toBe(1);
  // The link works once.
  await visit(page, testInfo, link, 400);
  await expect(page.getByText("This link cannot be used")).toBeVisible();
});

test("a signed-in customer finds their address filled in; an in-stock product has no such form", async ({ page, context, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("bis-signed-in");
  await loginAsCustomer({ context, email });
  await visit(page, testInfo, `/product/${SLUGS.soldOut}`);
  await expect(page.getByRole("form", { name: "Email me when it's back" }).getByLabel("Email")).toHaveValue(email);
  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  await expect(page.getByRole("form", { name: "Email me when it's back" })).toHaveCount(0);
});

test("admin E-mails: a failing message shows its error, and 'Send again' delivers it", async ({ page, context, loginAsAdmin }, testInfo) => {
  const to = uniqueEmail("outbox-retry");
  const key = `test-failing:${to}`;
  await makeFailingMail(e2eDb(), { eventKey: key, kind: "welcome", to, data: { firstName: "Retry" }, lastError: "ECONNREFUSED: connect refused by test" });
  await loginAsAdmin({ context, email: uniqueEmail("outbox-admin") });
  await visit(page, testInfo, "/admin?tab=emails&status=failing");
  await expect(page.getByRole("link", { name: "E-mails" })).toHaveAttribute("aria-current", "page");
  const row = page.locator("tr", { hasText: key });
  await expect(row).toContainText("connect refused by test");
  await waitForHydration(page, testInfo);
  await row.getByRole("button", { name: "Send again" }).click();
  await expectToast(page, "The message will be sent again");
  const mail = await waitForMail(to, /^Welcome to /);
  expect(mail.text).toContain("Dear Retry,");

  await visit(page, testInfo, "/admin/outbox");
  await expect(page.getByRole("heading", { name: "Caught by the demo's SMTP server" })).toBeVisible();
  await page.getByRole("link", { name: mail.subject }).first().click();
  await expect(page.locator("iframe[title^='E-mail:']")).toBeVisible();
});

/** The unsubscribe link of a back-in-stock e-mail, signed as the shop signs it (the e2e server's secret). */
function unsubscribeLink(email: string): string {
  const sig = createHmac("sha256", E2E_SESSION_SECRET).update(`back-in-stock-unsubscribe:${email}`).digest("base64url");
  return `/back-in-stock/unsubscribe?token=${Buffer.from(email).toString("base64url")}.${sig}`;
}

test("the unsubscribe link closes the address's requests; a forged link says it cannot be used", async ({ page }, testInfo) => {
  const email = uniqueEmail("bis-unsubscribe");
  await visit(page, testInfo, `/product/${SLUGS.soldOut}`);
  await page.getByRole("form", { name: "Email me when it's back" }).getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Notify me" }).click();
  await expectToast(page, "Please check your inbox");

  await visit(
    page,
    testInfo,
    unsubscribeLink(email).replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    400,
  );
  await expect(page.getByText("This link cannot be used")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

  await visit(page, testInfo, unsubscribeLink(email));
  await expect(page.getByText(`Stop every back-in-stock e-mail to ${email}?`)).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("Unsubscribed", { exact: true })).toBeVisible();
  const open = withDb((db) => db.prepare("SELECT count(*) AS n FROM back_in_stock_requests WHERE email = ? AND closed_at IS NULL").get(email)) as { n: number };
  expect(open.n).toBe(0);
});
