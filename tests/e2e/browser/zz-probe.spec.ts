import { test, expect } from "@playwright/test";
test("probe", async ({ page }, testInfo) => {
  await page.goto("/product/rose-garden-tea-dress");
  const checked = await page.evaluate(() => (document.querySelector('input[name=colorId]:checked') as HTMLInputElement)?.value);
  console.log(testInfo.project.name, "checked", checked);
  await page.locator('input[name=colorId]:checked').evaluate((el: HTMLInputElement) => { el.checked = false; });
  console.log(testInfo.project.name, "after", await page.locator('input[name=colorId]:checked').count());
  const r = await page.request.get("/cart");
  console.log(r.status());
  console.log(await page.locator(".stock-line").textContent(), await page.locator("main").getByRole("list").count());
  console.log(await page.locator('.details').allTextContents());
  console.log(await page.locator('#related-title ~ ul > li').count());
});
