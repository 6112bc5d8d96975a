import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, jsOff, visit, waitForHydration } from "../helpers/browser";

// Home page, header navigation, category pages, 404 pages, mobile layout and keyboard access.

test("home page shows the collections, the value blurbs and the footer links", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");

  await expect(page.getByRole("link", { name: "Little Stitches Atelier, home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText("Ready to ship worldwide within 1–3 business days");

  const latest = page.getByRole("region", { name: "Latest Collection" });
  await expect(latest.getByRole("heading", { level: 2 })).toHaveText("Latest Collection");
  await expect(latest.getByRole("article").first()).toBeVisible();

  const arrivals = page.getByRole("region", { name: "New Arrivals" });
  await expect(arrivals.getByRole("heading", { level: 2 })).toHaveText("New Arrivals");
  await expect(arrivals.getByRole("article")).toHaveCount(8);
  const viewAll = arrivals.getByRole("link", { name: "View All Products" });
  await expect(viewAll).toHaveCount(2);
  for (const link of await viewAll.all()) await expect(link).toHaveAttribute("href", "/shop");

  const values = page.getByRole("region", { name: "Why shop with us" });
  await expect(values.getByRole("heading", { level: 3 })).toHaveText(["Handcrafted quality", "Ships worldwide, tracked", "Trusted since 2010"]);
  await expect(values).toContainText("within 1–3 business days");
  // The reviews claim says where the reviews can be read (the owner edits both in the Pages tab).
  await expect(values).toContainText("Selling internationally since 2010, with over 4,000 orders and 2,000+ five-star reviews on our marketplace shop.");
  await expect(values.getByRole("link", { name: "on our marketplace shop" })).toHaveAttribute("href", /^https:\/\//);

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms-conditions");
  const contact = footer.getByRole("link", { name: /^Contact: / });
  await expect(contact).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
  const email = (await contact.getAttribute("href"))!.slice("mailto:".length);
  await expect(contact).toHaveText(`Contact: ${email}`);
  await expect(footer).toContainText(/© \d{4} Little Stitches Atelier/);

  await viewAll.first().click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
});

test("the Shop mega menu leads to a child category with breadcrumb, title and blurb", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const panel = nav.locator(".mega-panel");
  await expect(panel).toBeHidden();
  await nav.getByText("Shop", { exact: true }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/shop");
  // The seeded top-level categories, in their order (admin tests may add others to the shared e2e shop meanwhile).
  await expect(panel.locator(".mega-parent").first()).toBeVisible();
  const parents = (await panel.locator(".mega-parent").allTextContents()).map((t) => t.trim());
  expect(parents.filter((p) => ["1:4 Scale Dolls", "1:6 Scale Dolls", "Accessories"].includes(p))).toEqual([
    "1:4 Scale Dolls",
    "1:6 Scale Dolls",
    "Accessories",
  ]);

  const column = panel.locator(".mega-column").filter({ has: page.getByRole("link", { name: "1:4 Scale Dolls", exact: true }) });
  await column.getByRole("link", { name: "Dresses", exact: true }).click();

  await expect(page).toHaveURL(/\/shop\/1-4-dresses$/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Shop", "1:4 Scale Dolls", "Dresses"]);
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
  await expect(crumbs.getByRole("link", { name: "1:4 Scale Dolls" })).toHaveAttribute("href", "/shop/1-4-scale");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Dresses");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dresses");
  await expect(page.getByText("Browse our collection of Dresses for collectible dolls.")).toBeVisible();
  const cards = page.locator("main").getByRole("article");
  await expect(cards.getByRole("link", { name: "Rose Garden Tea Dress", exact: true })).toBeVisible();
  for (const category of await cards.locator(".card-category").allTextContents()) expect(category).toBe("Dresses");

  // Up the chain: the parent category page.
  await crumbs.getByRole("link", { name: "1:4 Scale Dolls" }).click();
  await expect(page).toHaveURL(/\/shop\/1-4-scale$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("1:4 Scale Dolls");
  await expect(page.getByText("Browse our collection of 1:4 Scale Dolls for collectible dolls.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Home", "Shop", "1:4 Scale Dolls"]);
});

test("menu, search, cards, breadcrumbs and footer links open the next page, each loaded as a document", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  // Every full page load is a document request; client-side navigations only fetch data.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Size Guide" }).click();
  await expect(page).toHaveURL(/\/size-guide$/);
  await expect(nav.getByRole("link", { name: "Size Guide" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "About" })).not.toHaveAttribute("aria-current", "page");

  const search = page.locator(".header-search").getByRole("searchbox", { name: "Search products" });
  await search.fill("tea dress");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=tea\+dress$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "tea dress"');

  await page.locator("main").getByRole("article").getByRole("link", { name: "Rose Garden Tea Dress", exact: true }).click();
  await expect(page).toHaveURL(/\/product\/rose-garden-tea-dress$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rose Garden Tea Dress");

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");

  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
  await waitForHydration(page, testInfo);

  await page.getByRole("contentinfo").getByRole("link", { name: "Size Guide" }).click();
  await expect(page).toHaveURL(/\/size-guide$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Every shopper's page is a lean page (app/lib/lean-page.ts) with no client router, so every
  // navigation loads a document, with JavaScript too.
  expect(documents).toEqual(["/size-guide", "/shop?search=tea+dress", "/product/rose-garden-tea-dress", "/shop", "/terms-conditions", "/size-guide"]);
});

test("an unknown category shows the 404 page", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/shop/no-such-category", 404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Category Not Found");
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
});

test("any unknown path shows Page Not Found with Go Home", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/this/page/does-not-exist", 404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  // The header and footer are still there.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("region", { name: "New Arrivals" })).toBeVisible();
});

test("the 404 page's Go Back returns to the page before (without JavaScript: to the shop)", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/about");
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await waitForHydration(page, testInfo);
  const back = page.getByRole("link", { name: "Go Back" });
  await expect(back).toHaveAttribute("href", "/shop");
  await back.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(jsOff(testInfo) ? /\/shop$/ : /\/about$/);
});

test("the first Tab focuses the Skip to content link, which moves to the main content", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute("href", "#main");
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test.describe("on a 360 px wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu opens with the categories and nothing scrolls sideways", async ({ page }, testInfo) => {
    await visit(page, testInfo, "/");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    const menu = page.locator("details.mobile-menu");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await menu.locator("summary").first().click();
    await expect(menu).toHaveAttribute("open", "");
    await expect(mobileNav).toBeVisible();
    await expect(menu.getByRole("search").getByRole("searchbox")).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/shop");
    for (const name of ["1:4 Scale Dolls", "1:6 Scale Dolls", "Accessories"]) {
      await expect(mobileNav.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(mobileNav.getByRole("link", { name: "Size Guide" })).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "About" })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // The categories are an accordion.
    const group = mobileNav.locator("details").filter({ hasText: "1:6 Scale Dolls" });
    const dresses = group.getByRole("link", { name: "Dresses", exact: true });
    await expect(dresses).toBeHidden();
    await group.getByText("1:6 Scale Dolls", { exact: true }).click();
    await expect(group.getByRole("link", { name: "All 1:6 Scale Dolls" })).toBeVisible();
    await dresses.click();
    await expect(page).toHaveURL(/\/shop\/1-6-dresses$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dresses");
    await expectNoHorizontalScroll(page);

    for (const url of ["/shop", "/product/rose-garden-tea-dress", "/cart", "/no-such-page"]) {
      await visit(page, testInfo, url, url === "/no-such-page" ? 404 : 200);
      await expectNoHorizontalScroll(page);
    }
  });
});
