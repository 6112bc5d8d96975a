import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { addFromProductPage, confirmAndSubmit, expectToast, jsOff, SLUGS, visit } from "../helpers/browser";
import { withFileLock } from "../helpers/lock";
import { uniqueEmail } from "../helpers/session";

// The owner's Shipping zones card, and the free-shipping nudge in the cart, the drawer and at
// checkout, with JavaScript on and off. The zones are shop-wide: each test holds the zones' lock
// and puts them back through the shop's own admin API, so a zone of this test's (Iceland, which
// no other test ships to) never outlives it.

type Zone = Record<string, unknown> & { name: string; countries: string[] };

async function zonesOf(request: APIRequestContext): Promise<Zone[]> {
  const res = await request.get("/api/admin/shipping-zones");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { zones: Zone[] }).zones;
}

async function putZones(request: APIRequestContext, zones: Zone[]): Promise<void> {
  expect((await request.put("/api/admin/shipping-zones", { data: { zones } })).status()).toBe(200);
}

/** Runs `fn` holding the zones' lock, and puts the zones back as they were afterwards. */
async function withZones(request: APIRequestContext, fn: (zones: Zone[]) => Promise<void>) {
  await withFileLock("shipping-zones", async () => {
    const original = await zonesOf(request);
    try {
      await fn(original);
    } finally {
      await putZones(request, original);
    }
  });
}

function zoneCard(page: Page, name: string) {
  return page.locator("#shipping-zones details.zone", { has: page.locator("summary", { hasText: new RegExp(`^${name}`) }) });
}

test("the Shipping zones card adds a zone, refuses a country of another zone on its field, and deletes it", async ({ page, loginAsAdmin }, testInfo) => {
  const admin = await loginAsAdmin({ page, email: uniqueEmail("zones-admin") });
  await withZones(admin.request, async (original) => {
    await visit(page, testInfo, "/admin?tab=settings");
    const card = page.locator("#shipping-zones");
    await expect(card.getByRole("heading", { name: "Shipping zones" })).toBeVisible();
    await expect(card.locator("details.zone:not(.zone-new)")).toHaveCount(original.length);
    await expect(zoneCard(page, "North America").locator("summary")).toContainText("United States");

    await card.locator("details.zone-new > summary").click();
    const add = card.locator("details.zone-new form");
    await add.getByLabel("Zone name").fill("Iceland");
    await add.getByLabel("Countries").fill("iceland");
    await add.getByLabel("Standard price (USD)").fill("12,50");
    await add.getByLabel("Large-item price (USD)").fill("20");
    await add.getByLabel("Free shipping from (USD, optional)").fill("200");
    await add.getByRole("button", { name: "Add Zone" }).click();
    await expectToast(page, "Shipping zone added", "Iceland");
    const iceland = zoneCard(page, "Iceland");
    await expect(iceland.locator("summary")).toHaveText("Iceland Iceland · $12.50, large items $20.00 · free from $200.00");
    expect((await zonesOf(admin.request)).find((z) => z.name === "Iceland")).toMatchObject({ countries: ["IS"], standardPrice: "12.50" });

    // Poland is another zone's: the field says so and nothing is saved.
    await iceland.locator("summary").click();
    await iceland.getByLabel("Countries").fill("IS, PL");
    await iceland.getByRole("button", { name: "Save Zone" }).click();
    await expect(zoneCard(page, "Iceland").locator(".field-error")).toHaveText("Poland (PL) is already in the zone Poland: take it out of that zone first");
    await expect(zoneCard(page, "Iceland").getByLabel("Countries")).toHaveAttribute("aria-invalid", "true");
    expect((await zonesOf(admin.request)).find((z) => z.name === "Iceland")!.countries).toEqual(["IS"]);

    await confirmAndSubmit(page, testInfo, () => zoneCard(page, "Iceland").getByRole("button", { name: "Delete the zone Iceland" }).click(), /^Yes, delete/);
    await expectToast(page, "Shipping zone deleted", "Iceland");
    await expect(zoneCard(page, "Iceland")).toHaveCount(0);
    expect((await zonesOf(admin.request)).map((z) => z.name)).toEqual(original.map((z) => z.name));
  });
});

test("below a zone's threshold the cart, the drawer and checkout say how much more ships free, and follow the country", async ({
  page,
  loginAsAdmin,
}, testInfo) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("zones-nudge-admin") });
  await withZones(admin.request, async (original) => {
    const iceland = {
      name: "Iceland",
      countries: ["IS"],
      standardPrice: "12.00",
      largePrice: "20.00",
      freeShippingFrom: "1000.00",
      shipped: true,
      message: null,
    };
    await putZones(admin.request, [...original, iceland]);

    await addFromProductPage(page, testInfo, SLUGS.inStock);
    await visit(page, testInfo, "/checkout");
    const shipping = page.getByRole("region", { name: "Shipping Information" });
    await expect(shipping.getByTestId("free-shipping-nudge")).toHaveCount(0);
    await page.getByLabel("Country").selectOption("IS");
    if (jsOff(testInfo)) {
      // Without JavaScript the button beside the figures asks for them.
      await page.getByRole("button", { name: "Update shipping" }).click();
      await expect(page.getByLabel("Country")).toHaveValue("IS");
      await expect(page.locator(".field-error")).toHaveCount(0);
    } else {
      await expect(page.getByRole("button", { name: "Update shipping" })).toHaveCount(0);
    }
    const nudge = shipping.getByTestId("free-shipping-nudge");
    await expect(nudge).toHaveText(/^Free shipping from \$1,000\.00\. Add \$\d+\.\d{2} more$/);
    await expect(page.getByTestId("summary-shipping")).toHaveText("$12.00");
    const missing = (await nudge.textContent())!.match(/Add (\$\d+\.\d{2})/)![1];

    // The cart and the drawer follow the country chosen.
    await visit(page, testInfo, "/cart");
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(summary.getByTestId("free-shipping-nudge")).toHaveText(`Free shipping from $1,000.00. Add ${missing} more`);
    await expect(summary).toContainText("Shipping to Iceland; you choose the country at checkout.");
    await expect(page.locator("details.cart-drawer").getByTestId("free-shipping-nudge")).toHaveText(`Free shipping from $1,000.00. Add ${missing} more`);

    // Back at checkout, another country: its zone has no threshold, so no nudge.
    await visit(page, testInfo, "/checkout");
    await expect(page.getByLabel("Country")).toHaveValue("IS");
    await page.getByLabel("Country").selectOption("US");
    if (jsOff(testInfo)) await page.getByRole("button", { name: "Update shipping" }).click();
    await expect(page.getByTestId("summary-shipping")).toHaveText("$8.00");
    await expect(shipping.getByTestId("free-shipping-nudge")).toHaveCount(0);
  });
});
