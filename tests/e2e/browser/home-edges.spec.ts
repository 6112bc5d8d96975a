import { type Locator, type Page } from "@playwright/test";
import { makeProduct, makeUser, uniqueSlug } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { visit } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// The home page on the seeded shop: its two product rows never show the same piece, and its count of
// five-star reviews is the one the reviews page shows.

const productLinks = async (region: Locator) =>
  new Set(await region.locator('a[href^="/product/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("?")[0]!)));

test("Latest Collection and New Arrivals never show the same piece", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  const latest = await productLinks(page.getByRole("region", { name: "Latest Collection" }));
  const arrivals = await productLinks(page.getByRole("region", { name: "New Arrivals" }));
  expect(latest.size).toBeGreaterThan(0);
  expect(arrivals.size).toBeGreaterThan(0);
  expect([...arrivals].filter((href) => latest.has(href))).toEqual([]);
});

async function countOn(page: Page, url: string): Promise<number> {
  await page.goto(url);
  return Number(await page.getByTestId("five-star-count").getAttribute("data-count"));
}

test("the home's count of five-star reviews is the reviews page's; the owner's claim of reviews elsewhere says where they are", async ({ page }, testInfo) => {
  // A five-star review and a four-star one, approved: only the first is counted.
  const db = e2eDb();
  const user = await makeUser(db, { email: uniqueEmail("five-star") });
  for (const rating of [5, 4]) {
    const product = await makeProduct(db, { title: `Rated ${rating} Piece`, slug: uniqueSlug(`rated-${rating}`), image: false });
    await db
      .insertInto("reviews")
      .values({
        product_id: product.id,
        user_id: user.id,
        rating,
        title: `Rated ${rating}`,
        body: "Lovely stitching.",
        status: "approved",
        author_name: "Ada L.",
      })
      .execute();
  }

  await visit(page, testInfo, "/");
  const values = page.getByRole("region", { name: "Why shop with us" });
  await expect(values.getByRole("link", { name: "2,000+ five-star reviews" })).toHaveCount(0);
  await expect(values.getByRole("link", { name: "on our marketplace shop" })).toHaveAttribute("href", /^https:\/\//);
  const link = page.getByTestId("five-star-count");
  await expect(link).toHaveText(/^Five-star reviews in this shop: [\d,]+$/);
  await expect(link).toHaveAttribute("href", "/reviews");

  // Other tests add reviews meanwhile: the two pages agree when read one after the other.
  await expect(async () => {
    const home = await countOn(page, "/");
    const reviews = await countOn(page, "/reviews");
    expect(home).toBeGreaterThan(0);
    expect(reviews).toBe(home);
    await expect(page.getByTestId("five-star-count")).toHaveText(`Five-star reviews: ${home.toLocaleString("en-US")}`);
  }).toPass({ timeout: 15_000 });
});
