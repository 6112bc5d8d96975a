import { linkGoogleAccount, markEmailUnconfirmed } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectToast, visit, waitForHydration } from "../helpers/browser";
import { linkIn, waitForMail } from "../helpers/mail";
import { e2eDb, withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// The confirmation link sent at registration, and the undo link an e-mail change sends
// to the old address, through the real pages with JavaScript on and off, from the e-mails the
// shop really sent over SMTP.

const verifiedAt = (email: string) =>
  withDb((db) => db.prepare("SELECT email_verified_at AS v FROM users WHERE email = ?").get(email)) as { v: string | null } | undefined;

test("sign up, then confirm the address with the link from the e-mail: opening asks, the click confirms, a second click is refused", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("confirm-browser");
  await visit(page, testInfo, "/login?tab=signup");
  await waitForHydration(page, testInfo);
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("First Name").fill("Greta");
  await form.getByLabel("Last Name").fill("Hem");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("silk-and-linen-7");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Account Created");

  const link = linkIn(await waitForMail(email, /confirm your e-mail/i), "http://127.0.0.1:");
  expect(link).toContain("/verify-email?token=");
  await visit(page, testInfo, link);
  await expect(page.getByText(`Confirm that ${email} is your address?`)).toBeVisible();
  expect(verifiedAt(email)?.v).toBeNull();
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByText("Address confirmed")).toBeVisible();
  expect(verifiedAt(email)?.v).toBeTruthy();

  await visit(page, testInfo, link, 400);
  await expect(page.getByText("This confirmation link has already been used.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my address" })).toHaveCount(0);
});

test("a signed-in customer with an unconfirmed address asks for a new link on the page", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("resend-browser");
  const { userId } = await loginAsCustomer({ page, email, firstName: "Ines" });
  await markEmailUnconfirmed(e2eDb(), userId);
  await visit(page, testInfo, "/verify-email");
  await expect(page.getByText("Your e-mail address is not confirmed yet.")).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Send me a new link" }).click();
  await expect(page.getByText("Link sent")).toBeVisible();
  expect(linkIn(await waitForMail(email, /confirm your e-mail/i), "http://127.0.0.1:")).toContain("/verify-email?token=");
});

test("the Sign-in & Security page says whether the address is confirmed, and sends a new link from there", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("security-resend");
  const { userId } = await loginAsCustomer({ page, email, firstName: "Maren" });
  await markEmailUnconfirmed(e2eDb(), userId);
  await visit(page, testInfo, "/account/security");
  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section).toContainText(`${email} is not confirmed yet.`);
  await waitForHydration(page, testInfo);
  await section.getByRole("button", { name: "Send me a new link" }).click();
  await expect(page.getByText("Link sent")).toBeVisible();
  const link = linkIn(await waitForMail(email, /confirm your e-mail/i), "http://127.0.0.1:");

  // Confirmed through the link, the page says so and offers no link any more.
  await visit(page, testInfo, link);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByText("Address confirmed")).toBeVisible();
  await visit(page, testInfo, "/account/security");
  await expect(page.getByRole("region", { name: "E-mail address" })).toContainText(`${email} is confirmed.`);
  await expect(page.getByRole("button", { name: "Send me a new link" })).toHaveCount(0);
});

test("an e-mail change asks for the password, waits for the new address to confirm, and the old address's undo link restores it and signs out everywhere", async ({
  page,
  loginAsCustomer,
}, testInfo) => {
  const oldEmail = uniqueEmail("undo-old");
  const newEmail = uniqueEmail("undo-new");
  const password = "linen-and-lace-8";
  await loginAsCustomer({ page, email: oldEmail, password, firstName: "Lotte", lastName: "Kern" });
  await visit(page, testInfo, "/account?tab=profile&edit=1");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  await page.getByRole("button", { name: "Save Changes" }).click();
  // The session alone changes nothing.
  await expect(page.locator("#currentPassword-error")).toHaveText("Enter your current password");
  await page.getByLabel("Current password (only to change the e-mail address)").fill(password);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated");
  await expect(page.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();
  expect(verifiedAt(newEmail)).toBeUndefined();

  const confirm = await waitForMail(newEmail, /confirm your new e-mail address/i);
  expect(confirm.text).not.toContain("Lotte");
  const confirmLink = linkIn(confirm, "http://127.0.0.1:");
  expect(confirmLink).toContain("/confirm-email-change?token=");
  await visit(page, testInfo, confirmLink);
  await expect(page.getByText(`An account at this shop asked to use ${newEmail} as its address.`)).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Use this address for my account" }).click();
  await expect(page.getByText("Address changed")).toBeVisible();
  expect(verifiedAt(newEmail)?.v).toBeTruthy();

  const told = await waitForMail(oldEmail, /e-mail address of your account was changed/);
  expect(told.text).toContain(`changed to ${newEmail}`);
  const link = linkIn(told, "http://127.0.0.1:");
  expect(link).toContain("/undo-email-change?token=");

  await visit(page, testInfo, link);
  await expect(page.getByText(`The address of your account was changed to ${newEmail}.`)).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Restore my address and sign out everywhere" }).click();
  await expect(page.getByText("Address restored")).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose a new password" })).toBeVisible();
  expect(verifiedAt(oldEmail)?.v).toBeTruthy();

  // Signed out here too: the account page sends a visitor away.
  await page.goto("/account?tab=profile");
  await expect(page).not.toHaveURL(/\/account/);

  await visit(page, testInfo, link.replace(/token=.*/, "token=forged-link"), 400);
  await expect(page.getByText("This link is not valid.")).toBeVisible();
});

test("a Google-only account sets its first password through a link to its own address", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("google-only");
  const { userId } = await loginAsCustomer({ page, email, firstName: "Gita" });
  await linkGoogleAccount(e2eDb(), userId, `g-${userId}`);
  await visit(page, testInfo, "/account/security");
  await expect(page.getByRole("form", { name: "Change password" })).toHaveCount(0);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "E-mail me a link to set a password" }).click();
  await expectToast(page, "Link sent");
  const link = linkIn(await waitForMail(email, /set a password/i), "http://127.0.0.1:");
  expect(link).toContain("/reset-password?token=");
});
