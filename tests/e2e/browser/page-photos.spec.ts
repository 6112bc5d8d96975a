import sharp from "sharp";
import { expect, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { dropVersionsAfter, newestVersionId, withPagesLock } from "../helpers/pages";
import { uniqueEmail } from "../helpers/session";

// The owner's photos and tables on her pages, with JavaScript on and off: 'Add a photo' posts the
// editor's multipart form and gives the text back with the photo's line; a table scrolls inside
// its box on a phone.

test("the owner uploads a photo in the page editor, saves, and the about page shows it", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page, email: uniqueEmail("photo-admin"), firstName: "Photo", lastName: "Owner" });
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 214, g: 170, b: 160 } } })
    .jpeg()
    .toBuffer();
  await withPagesLock(async () => {
    const since = newestVersionId("about");
    try {
      await visit(page, testInfo, "/admin/pages/about");
      await page.getByLabel("Text (Markdown)").fill("Sewn in Warsaw.");
      await page.getByLabel(/^Photo/).setInputFiles({ name: "studio.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByLabel("What the photo shows").fill("My sewing table");
      await page.getByRole("button", { name: "Upload photo" }).click();
      await expect(page.getByTestId("photo-added")).toContainText("![My sewing table](/uploads/pages/");
      // The line is at the end of the text, the preview shows the photo; nothing is saved yet.
      await expect(page.getByLabel("Text (Markdown)")).toHaveValue(/^Sewn in Warsaw\.\n\n!\[My sewing table\]\(\/uploads\/pages\/[0-9a-f-]+\.jpg\)\n$/);
      await expect(page.getByTestId("page-preview").getByRole("img", { name: "My sewing table" })).toBeVisible();
      expect(newestVersionId("about")).toBe(since);

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Page saved", "About");
      await visit(page, testInfo, "/about");
      const img = page.locator("main").getByRole("img", { name: "My sewing table" });
      await expect(img).toHaveAttribute("loading", "lazy");
      await img.scrollIntoViewIfNeeded();
      // Loaded from the shop's uploads (the full file or one of its WebP widths), within the text column.
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/uploads\/pages\/(w\/)?[0-9a-f-]+/);
      const [box, column] = await Promise.all([img.boundingBox(), page.locator(".owner-page-body").boundingBox()]);
      expect(box!.width).toBeLessThanOrEqual(column!.width);
    } finally {
      await dropVersionsAfter("about", since);
    }
  });
});

test("a size guide's wide table scrolls inside its box on a 360 px phone; the page does not", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const columns = ["Body", "Height", "Bust", "Waist", "Hip", "Neck", "Arm", "Inseam"];
  const body = [
    `| ${columns.join(" | ")} |`,
    `|${columns.map(() => "---").join("|")}|`,
    "| MSD girl (Volks MSD, Unoa) | 43 cm | 18 cm | 12 cm | 19.5 cm | 7 cm | 12 cm | 17 cm |",
  ].join("\n");
  await withPagesLock(async () => {
    const since = newestVersionId("size-guide");
    try {
      await e2eDb()
        .insertInto("page_versions")
        .values({
          slug: "size-guide",
          locale: "en",
          title: "Size Guide",
          body,
          saved_by_id: null,
          saved_by_email: "system",
          created_at: new Date().toISOString(),
        })
        .execute();
      await visit(page, testInfo, "/size-guide");
      const table = page.locator("main table");
      await expect(table.getByRole("columnheader", { name: "Inseam" })).toBeAttached();
      await expect(table.getByRole("cell", { name: "MSD girl (Volks MSD, Unoa)" })).toBeVisible();
      const widths = await page.evaluate(() => {
        const box = document.querySelector("main .table-scroll")!;
        return { doc: document.documentElement.scrollWidth, view: document.documentElement.clientWidth, box: box.scrollWidth, boxView: box.clientWidth };
      });
      expect(widths.doc).toBeLessThanOrEqual(widths.view);
      expect(widths.box).toBeGreaterThan(widths.boxView);
    } finally {
      await dropVersionsAfter("size-guide", since);
    }
  });
});
