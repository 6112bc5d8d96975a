import { expect, type Page, test } from "@playwright/test";
import { jsOff, notifications, SLUGS, visit } from "../helpers/browser";

// Keyboard use: the skip link, a visible focus indicator and a name on every control reached by
// Tab (JavaScript on and off), and F8 to reach the notifications (JavaScript on).

interface Focused {
  tag: string;
  name: string;
  visible: boolean;
  indicator: boolean;
}

/** What has focus now: its accessible name (simplified), whether it is on screen, and whether focus shows. */
async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const text = (node: Element | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
    const labelledBy = el.getAttribute("aria-labelledby");
    const labels = "labels" in el ? [...((el as HTMLInputElement).labels ?? [])].map((l) => text(l)).join(" ") : "";
    const imgAlt = [...el.querySelectorAll("img[alt]")].map((i) => i.getAttribute("alt")).join(" ");
    const name = (
      el.getAttribute("aria-label") ||
      (labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => text(document.getElementById(id)))
            .join(" ")
        : "") ||
      labels ||
      (el instanceof HTMLInputElement && ["submit", "button"].includes(el.type) ? el.value : "") ||
      (el.tagName === "SUMMARY" || el.tagName === "A" || el.tagName === "BUTTON" ? text(el) || imgAlt : "") ||
      el.getAttribute("title") ||
      (el.tagName === "MAIN" || el.getAttribute("tabindex") === "-1" ? "(container)" : "")
    ).trim();
    const shows = (node: Element | null) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== "none" && node !== el.parentElement?.parentElement);
    };
    // The indicator may be drawn on the element, on a wrapper (:focus-within) or on the
    // chip right after a visually hidden input (input:focus-visible + span).
    const indicator = shows(el) || shows(el.parentElement) || shows(el.parentElement?.parentElement ?? null) || shows(el.nextElementSibling);
    const box = el.getBoundingClientRect();
    const visible = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight + window.scrollY;
    return { tag: el.tagName.toLowerCase(), name, visible, indicator };
  });
}

async function tabThrough(page: Page, steps: number): Promise<Focused[]> {
  const seen: Focused[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (f) seen.push(f);
  }
  return seen;
}

test("the skip link is the first stop and moves focus to the main content", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box, "the skip link is shown when focused").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect((await focused(page))!.indicator).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement))).toBe(true);
});

for (const path of ["/", `/product/${SLUGS.withColors}`, "/login"]) {
  test(`every control reached by Tab on ${path} has a name and a visible focus indicator`, async ({ page }, testInfo) => {
    await visit(page, testInfo, path);
    const stops = await tabThrough(page, 30);
    expect(stops.length).toBeGreaterThan(10);
    const unnamed = stops.filter((s) => !s.name).map((s) => s.tag);
    expect(unnamed, "controls without an accessible name").toEqual([]);
    const hidden = stops.filter((s) => !s.indicator).map((s) => `${s.tag} "${s.name}"`);
    expect(hidden, "controls without a visible focus indicator").toEqual([]);
    const offscreen = stops.filter((s) => !s.visible).map((s) => `${s.tag} "${s.name}"`);
    expect(offscreen, "focus never lands on something invisible").toEqual([]);
  });
}

test("Escape closes an open header menu and puts focus back on its summary", async ({ page }, testInfo) => {
  await visit(page, testInfo, "/");
  const menu = page.locator("nav[aria-label=Main] details.mega");
  const summary = menu.locator("summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "All Products" })).toBeFocused();
  if (jsOff(testInfo)) {
    // Without JavaScript the summary closes it.
    await summary.focus();
    await page.keyboard.press("Enter");
  } else {
    await page.keyboard.press("Escape");
    await expect(summary).toBeFocused();
  }
  await expect(menu).not.toHaveAttribute("open");
});

test("F8 moves focus to the notifications region", async ({ page }, testInfo) => {
  await visit(page, testInfo, `/product/${SLUGS.inStock}`);
  const region = notifications(page);
  await expect(region).toHaveAttribute("role", "region");
  await expect(region).toHaveAttribute("tabindex", "-1");
  await expect(region).toHaveAttribute("aria-label", "Notifications (F8)");
  if (jsOff(testInfo)) {
    // Without JavaScript there is no key listener: the region is still a labelled landmark in
    // reading order, and a notification from the server shows inside it.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(region.getByText("Added to cart")).toBeVisible();
    return;
  }
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(region.getByText("Added to cart")).toBeVisible();
  // Focus is elsewhere (the cart drawer opened after adding): F8 brings it to the notification.
  await expect(region).not.toBeFocused();
  await page.keyboard.press("F8");
  await expect(region).toBeFocused();
  expect((await focused(page))!.indicator).toBe(true);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Dismiss notification" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(region.locator('.toast[data-state="open"]')).toHaveCount(0);
});
