import { readFileSync } from "node:fs";
import { type Download, type Locator, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectToast, jsOff, visit, waitForHydration } from "../helpers/browser";
import { linkIn, waitForMail } from "../helpers/mail";
import { insertOrder } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { ensureUser, uniqueEmail } from "../helpers/session";
import { openRowMenu } from "../helpers/row-menu";

// /account/data ('Download my data', 'Delete my account') and the admin's Users tab export and
// deletion, with JavaScript on (a confirm() prompt first) and off (the form alone).

const PASSWORD = "pleats-and-piping-5";
const DELETE_QUESTION = "Delete your account? This cannot be undone.";
const ADMIN_DELETE_QUESTION = "Delete this customer's account? This cannot be undone.";

async function download(page: Page, link: Locator): Promise<{ file: Download; json: Record<string, any> }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { file, json: JSON.parse(readFileSync((await file.path())!, "utf8")) };
}

/** Submits a deletion: with JavaScript the confirm() prompt is answered yes first. */
async function submitWithConfirm(page: Page, testInfo: TestInfo, button: Locator, question = DELETE_QUESTION) {
  const prompts: string[] = [];
  if (!jsOff(testInfo)) {
    page.once("dialog", (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
  }
  await button.click();
  if (!jsOff(testInfo)) await expect.poll(() => prompts).toEqual([question]);
}

const userExists = (email: string) => Boolean(withDb((db) => db.prepare("SELECT id FROM users WHERE email = ?").get(email)));

test("a customer downloads their data, then deletes the account with the password and is signed out", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("data-page");
  const { userId } = await loginAsCustomer({ page, email, password: PASSWORD, firstName: "Dora", lastName: "Dart" });
  const order = await insertOrder({ userId, email });

  await visit(page, testInfo, "/account");
  await page.getByRole("link", { name: "Your data" }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await waitForHydration(page, testInfo);
  await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();
  await expect(page.getByText(/Your orders stay with us for \d+ years?/)).toBeVisible();

  const { file, json } = await download(page, page.getByRole("link", { name: "Download my data" }));
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  expect(json.profile.email).toBe(email);
  expect(json.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);

  const form = page.getByRole("form", { name: "Delete my account" });
  await form.getByLabel("Current password").fill("not-my-password");
  await submitWithConfirm(page, testInfo, form.getByRole("button", { name: "Delete my account" }));
  await expect(page.locator("#password-error")).toHaveText("Your current password is not correct");
  expect(userExists(email)).toBe(true);

  await page.getByRole("form", { name: "Delete my account" }).getByLabel("Current password").fill(PASSWORD);
  await submitWithConfirm(page, testInfo, page.getByRole("form", { name: "Delete my account" }).getByRole("button", { name: "Delete my account" }));
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Your account has been deleted.");
  expect(userExists(email)).toBe(false);
  await page.goto("/account/data");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  // The order's own link still opens it.
  await visit(page, testInfo, `/order-details/${order.id}/${order.token}`);
  await expect(page.getByText(`#${order.id}`).first()).toBeVisible();
});

test("past the download limit, 'Download my data' comes back to the page, which says how long to wait", async ({ page, loginAsCustomer }, testInfo) => {
  await loginAsCustomer({ page, email: uniqueEmail("data-limit"), password: PASSWORD, firstName: "Lina", lastName: "Limit" });
  await visit(page, testInfo, "/account/data");
  const refusal = page.getByText(/^You have already downloaded your data several times this hour\. Please wait \d+ minutes? and try again\.$/);
  await expect(refusal).toHaveCount(0);
  // The API and the page share the account's limit: use it up through the API.
  const statuses: number[] = [];
  while (statuses.at(-1) !== 429 && statuses.length < 20) statuses.push((await page.request.get("/api/account/export")).status());
  expect(new Set(statuses)).toEqual(new Set([200, 429]));
  await page.getByRole("link", { name: "Download my data" }).click();
  await page.waitForURL((url) => url.pathname === "/account/data");
  await expect(refusal).toBeVisible();
});

test("an account without a password (Google only) confirms the deletion with the link from the e-mail", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("data-link");
  await loginAsCustomer({ page, email, firstName: "Gala" });
  await visit(page, testInfo, "/account/data");
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  await submitWithConfirm(page, testInfo, page.getByRole("form", { name: "Delete my account" }).getByRole("button", { name: "Delete my account" }));
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  expect(userExists(email)).toBe(true);

  const link = linkIn(await waitForMail(email, /confirm the deletion/i), "http://127.0.0.1:");
  await visit(page, testInfo, link);
  await expect(page.getByText(`Delete the account ${email} for good?`)).toBeVisible();
  expect(userExists(email)).toBe(true);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Your account has been deleted.");
  expect(userExists(email)).toBe(false);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  // The link worked once.
  await visit(page, testInfo, link, 400);
  await expect(page.getByText("This link cannot be used")).toBeVisible();
});

test("the admin exports a customer's data and deletes the account from the Users tab", async ({ page, loginAsAdmin }, testInfo) => {
  const email = uniqueEmail("data-admin");
  const customerId = await ensureUser(email, { firstName: "Cosima", lastName: "Cord" });
  await loginAsAdmin({ page, email: "admin@example.com" });
  await visit(page, testInfo, "/admin?tab=users");
  const row = page.getByTestId(`user-row-${customerId}`);

  const menu = await openRowMenu(row);
  const { file, json } = await download(page, menu.getByRole("link", { name: `Export data of ${email}` }));
  expect(file.suggestedFilename()).toMatch(/^my-data-.*\.json$/);
  expect(json.profile).toMatchObject({ email, firstName: "Cosima" });
  const logged = () =>
    withDb((db) => db.prepare("SELECT kind FROM activity_log WHERE subject_type = 'user' AND subject_id = ? ORDER BY id").all(customerId)) as {
      kind: string;
    }[];
  expect(logged()).toEqual([{ kind: "user.export" }]);

  await (await openRowMenu(row)).getByRole("link", { name: `Delete account of ${email}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${customerId}/delete$`));
  await waitForHydration(page, testInfo);
  const form = page.getByRole("form", { name: "Delete the account" });
  await form.getByLabel("Type the customer's e-mail address to confirm").fill("someone-else@example.com");
  await submitWithConfirm(page, testInfo, form.getByRole("button", { name: "Delete account" }), ADMIN_DELETE_QUESTION);
  await expect(page.locator("#email-error")).toHaveText("Type the customer's e-mail address exactly to confirm");
  expect(userExists(email)).toBe(true);

  await page.getByRole("form", { name: "Delete the account" }).getByLabel("Type the customer's e-mail address to confirm").fill(email);
  await submitWithConfirm(
    page,
    testInfo,
    page.getByRole("form", { name: "Delete the account" }).getByRole("button", { name: "Delete account" }),
    ADMIN_DELETE_QUESTION,
  );
  await page.waitForURL((url) => url.pathname === "/admin" && url.search === "?tab=users");
  await expectToast(page, "Customer account deleted", email);
  await expect(page.getByTestId(`user-row-${customerId}`)).toHaveCount(0);
  expect(userExists(email)).toBe(false);
  expect(logged()).toEqual([{ kind: "user.export" }, { kind: "user.delete" }]);
});

test("with JavaScript the deletion asks first and 'Cancel' sends nothing; the keyboard reaches it all", async ({ page, loginAsCustomer }, testInfo) => {
  const email = uniqueEmail("data-cancel");
  await loginAsCustomer({ page, email, password: PASSWORD, firstName: "Cass", lastName: "Cancel" });
  await visit(page, testInfo, "/account/data");
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  const form = page.getByRole("form", { name: "Delete my account" });
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).focus();
  if (!jsOff(testInfo)) {
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.keyboard.press("Enter");
    await expect.poll(() => asked).toEqual([DELETE_QUESTION]);
    await expect(form.getByLabel("Current password")).toHaveValue(PASSWORD);
    await expect(form.getByRole("button", { name: "Delete my account" })).toBeFocused();
    expect(posts).toBe(0);
    expect(userExists(email)).toBe(true);
    page.once("dialog", (dialog) => void dialog.accept());
  }
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/");
  await expectToast(page, "Your account has been deleted.");
  expect(userExists(email)).toBe(false);
});
