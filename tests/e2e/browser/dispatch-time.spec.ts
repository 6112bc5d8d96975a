import { restoreSetting } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { e2eDb, withDb } from "../helpers/db";
import { withFileLock } from "../helpers/lock";

// The Settings tab's dispatch time, JavaScript on and off: a range the wrong way round is refused
// beside its field, then a good one is saved. It saves the default range (1–3), since the other
// specs read the pages that state it while this one runs.

test("the owner sets the dispatch time: a field error, then saved, and the home page says it", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page });
  await withFileLock("admin-settings", async () => {
    const original = withDb((db) => db.prepare("SELECT value FROM settings WHERE key = 'dispatch_time'").get() as { value: string } | undefined);
    try {
      await visit(page, testInfo, "/admin?tab=settings");
      const card = page.getByRole("region", { name: "Dispatch time" });
      await card.getByLabel("Soonest (business days)").fill("4");
      await card.getByLabel("Latest (business days)").fill("2");
      await card.getByRole("button", { name: "Save Dispatch Time" }).click();
      await expect(page.locator("#dispatch-maxDays-error")).toHaveText("The latest day cannot come before the soonest");
      await expect(card.getByLabel("Latest (business days)")).toHaveAttribute("aria-invalid", "true");

      await card.getByLabel("Soonest (business days)").fill("1");
      await card.getByLabel("Latest (business days)").fill("3");
      await card.getByRole("button", { name: "Save Dispatch Time" }).click();
      await expectToast(page, "Dispatch time saved");
      await expect(page.locator("#dispatch-maxDays-error")).toHaveCount(0);
      await visit(page, testInfo, "/");
      await expect(page.getByRole("region", { name: "Shipping" })).toContainText("within 1–3 business days");
    } finally {
      await restoreSetting(e2eDb(), "dispatch_time", original?.value);
    }
  });
});
