import { expect, test } from "@playwright/test";
import { STORAGE_FAULT_TEXT } from "../../../app/lib/storage-fault";
import { SLUGS, visit } from "../helpers/browser";
import { type OwnServer, startOwnServer } from "../helpers/own-server";

// A shopper on a shop whose database refuses every write (a server of its own, DATABASE_READ_ONLY):
// the product page still shows, and Add to Cart ends on the calm 'cannot save' page, with
// JavaScript on (the script falls back to the plain form) and off. The API side: tests/e2e/api/faults.spec.ts.

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ DATABASE_READ_ONLY: "1", JOBS: "off" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("Add to Cart on a shop that cannot save: a calm page that says so, never an error", async ({ page }, testInfo) => {
  await visit(page, testInfo, `http://127.0.0.1:${server.port}/product/${SLUGS.inStock}`);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.request().resourceType() === "document");
  await page
    .locator("main form")
    .filter({ has: page.getByRole("button", { name: "Add to Cart" }) })
    .first()
    .getByRole("button", { name: "Add to Cart" })
    .click();
  expect((await answer).status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(STORAGE_FAULT_TEXT.title);
  await expect(page.getByText(STORAGE_FAULT_TEXT.page)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
});
