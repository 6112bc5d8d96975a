import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { expectToast, visit, waitForHydration } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// 'Continue with Google' through the local OAuth2 server that stands in for Google. Each test
// puts its own profile in the mock's GOOGLE_PROFILE_COOKIE, so parallel tests sign in as different accounts.

const GOOGLE_PROFILE_COOKIE = "e2e_google_profile";
const OAUTH_HOST = "127.0.0.1";

interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

async function useGoogleAccount(page: Page, profile: GoogleProfile): Promise<void> {
  await page.context().addCookies([
    {
      name: GOOGLE_PROFILE_COOKIE,
      value: Buffer.from(JSON.stringify(profile), "utf8").toString("base64url"),
      domain: OAUTH_HOST,
      path: "/authorize",
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    },
  ]);
}

function googleAccount(prefix: string, verified = true): GoogleProfile {
  const email = uniqueEmail(prefix);
  return { sub: `google-${email}`, email, email_verified: verified, given_name: "Gwen", family_name: "Google" };
}

async function continueWithGoogle(page: Page, testInfo: TestInfo, loginUrl: string): Promise<void> {
  await visit(page, testInfo, loginUrl);
  await page.getByRole("link", { name: "Continue with Google" }).click();
}

test("Continue with Google signs a new customer in and returns to the shop", async ({ page }, testInfo) => {
  const account = googleAccount("google-new");
  await useGoogleAccount(page, account);
  await continueWithGoogle(page, testInfo, "/login");

  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page, testInfo);
  await expectToast(page, "Welcome back!", "You are now signed in.");
  await expect(page.locator("details.user-menu summary")).toBeVisible();
  await expect(page.locator('a[aria-label="Sign in"]')).toHaveCount(0);

  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: account.email, firstName: "Gwen", lastName: "Google", isAdmin: false });
});

test("Continue with Google follows the login page's redirectTo", async ({ page }, testInfo) => {
  const account = googleAccount("google-return");
  await useGoogleAccount(page, account);
  await continueWithGoogle(page, testInfo, "/login?redirectTo=%2Fshop");

  await page.waitForURL((url) => url.pathname === "/shop");
  await waitForHydration(page, testInfo);
  await expect(page.locator("details.user-menu summary")).toBeVisible();
  expect((await (await page.request.get("/api/auth/me")).json()).email).toBe(account.email);
});

test("a Google account without a verified e-mail is sent back to the login page", async ({ page }, testInfo) => {
  await useGoogleAccount(page, googleAccount("google-unverified", false));
  await continueWithGoogle(page, testInfo, "/login");

  // Back on /login (where it started): the notification is the sign of the new page.
  await expectToast(page, "Login failed", "Your Google account has no verified email address");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('a[aria-label="Sign in"]')).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});
