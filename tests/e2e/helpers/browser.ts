import { expect, type Locator, type Page, type Response, type TestInfo } from "@playwright/test";

/**
 * Shared helpers of the storefront browser tests (tests/e2e/browser). Every spec runs in the
 * "js-on" and "js-off" projects; `jsOff(testInfo)` is used only where the behaviour really differs.
 */

/** Storefront texts that several specs assert. */
export const TEXT = {
  removeQuestion: "Are you sure you want to remove this item from your cart?",
  clearQuestion: "Are you sure you want to clear your entire cart?",
  notEnoughStock: "Sorry, we don't have enough items in stock for your request.",
  added: { title: "Added to cart", description: "Item has been added to your cart successfully." },
  signInForFavorites: "Sign in to save favorites",
} as const;

/** Seeded products the tests rely on (db/seed/data.ts FIXED_SLUGS). Tests never change stock. */
export const SLUGS = {
  soldOut: "midnight-velvet-cape",
  lowStock: "linen-summer-apron",
  withColors: "rose-garden-tea-dress",
  withVariations: "classic-wool-coat",
  inStock: "cream-cable-knit-sweater",
  large: "doll-steamer-trunk",
} as const;

export function jsOff(testInfo: TestInfo): boolean {
  return testInfo.project.name === "js-off";
}

/**
 * With JavaScript on, waits until React has hydrated the document, so clicks go through the
 * fetcher forms and confirm() prompts instead of the plain-HTML fallbacks. The toast region
 * (the last element React renders) says data-js="on" once its effects ran; without that
 * attribute, React's expando keys on it (visible only in the page's main world) are the sign.
 */
export async function waitForHydration(page: Page, testInfo: TestInfo): Promise<void> {
  if (jsOff(testInfo)) return;
  await page.waitForFunction(() => {
    const region = document.querySelector(".toast-region");
    if (!region) return false;
    if (region.hasAttribute("data-js")) return region.getAttribute("data-js") === "on";
    return Object.keys(region).some((k) => k.startsWith("__reactProps"));
  });
}

/** Opens a page, checks the status and (with JS) waits for hydration. */
export async function visit(page: Page, testInfo: TestInfo, url: string, status = 200): Promise<Response> {
  const response = await page.goto(url);
  expect(response, `no response for ${url}`).not.toBeNull();
  expect(response!.status(), `status of ${url}`).toBe(status);
  await waitForHydration(page, testInfo);
  return response!;
}

/** The notification area (app/components/ui/toaster.tsx). */
export function notifications(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications (F8)" });
}

/** Asserts the visible notification's title (exact) and, when given, its text. */
export async function expectToast(page: Page, title: string | RegExp, description?: string): Promise<void> {
  const toast = notifications(page).locator(".toast");
  await expect(toast.locator(".toast-title")).toHaveText(title);
  if (description !== undefined) await expect(toast.locator(".toast-text")).toHaveText(description);
  await expect(toast).toBeVisible();
}

/** The cart icon's badge in the header. */
export function cartBadge(page: Page): Locator {
  return page.getByTestId("cart-count");
}

export function cartSummary(page: Page): Locator {
  return page.locator("details.cart-drawer > summary");
}

/** The Add to Cart form of the product page. */
export function addForm(page: Page): Locator {
  return page.locator("main form.add-form");
}

/**
 * Chooses an option on the product page by its accessible name: a colour swatch (a link to
 * ?color=, followed without JavaScript, in place with it) or a variation button (a radio).
 */
export async function chooseOption(page: Page, option: string): Promise<void> {
  const swatch = addForm(page).getByRole("link", { name: option, exact: true });
  if ((await swatch.count()) > 0) {
    await swatch.click();
    await expect(addForm(page).getByRole("link", { name: option, exact: true })).toHaveAttribute("aria-current", "true");
  } else await addForm(page).getByRole("radio", { name: option, exact: true }).check();
}

/**
 * Adds a product from its page with the preselected colour/variation (or `option`, the
 * accessible name of a colour swatch or variation button) and waits until the header counts it.
 */
export async function addFromProductPage(page: Page, testInfo: TestInfo, slug: string, option?: string): Promise<void> {
  await visit(page, testInfo, `/product/${slug}`);
  const before = (await cartBadge(page).count()) > 0 ? Number(await cartBadge(page).textContent()) : 0;
  if (option) await chooseOption(page, option);
  await addForm(page).getByRole("button", { name: "Add to Cart" }).click();
  await expect(cartBadge(page)).toHaveText(String(before + 1));
  // The product page's notification names the piece added (its own test: product-choice.spec.ts).
  await expectToast(page, TEXT.added.title);
}

/**
 * Answers the next remove/clear confirmation. With JavaScript it is window.confirm() (the
 * message is returned for assertions); without, the server shows a confirmation box on /cart
 * with the same question and a "Yes, …" button. `trigger` is the click that asks.
 */
export async function confirmCartChange(
  page: Page,
  testInfo: TestInfo,
  trigger: () => Promise<void>,
  question: string,
  yesButton: "Yes, remove" | "Yes, clear cart",
): Promise<void> {
  if (jsOff(testInfo)) {
    await trigger();
    const box = page.getByRole("alertdialog");
    await expect(page).toHaveURL(/\/cart\?confirm=/);
    await expect(box.locator("#confirm-title")).toHaveText(question);
    await box.getByRole("button", { name: yesButton }).click();
    return;
  }
  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await trigger();
  await expect.poll(() => messages).toEqual([`confirm: ${question}`]);
}

/** The page has no horizontal scroll at the current viewport width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, `scrollWidth ${scrollWidth} > viewport ${width} on ${page.url()}`).toBeLessThanOrEqual(width);
}

/** Clicks a button whose form asks first: confirm() with JavaScript, the server's "Yes, …" step without. */
export async function confirmAndSubmit(page: Page, testInfo: TestInfo, click: () => Promise<void>, yes: RegExp) {
  if (jsOff(testInfo)) {
    await click();
    await page.getByRole("alertdialog").getByRole("button", { name: yes }).click();
    return;
  }
  page.once("dialog", (dialog) => void dialog.accept());
  await click();
}
