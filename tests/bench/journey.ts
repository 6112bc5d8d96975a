/**
 * The slow-phone journey: Debian's Chromium (JavaScript off, or on) on a throttled network (about
 * 400 kbit/s each way and 400 ms round trip, set through the DevTools protocol), from a product
 * page to 'Order Confirmed!' through the PayPal emulator's approval page. Every step is a real
 * page load or form post; the time is wall-clock from the first request to the confirmation.
 */
import { chromium, type Page } from "playwright-core";
import { MESSAGES } from "../../app/domain/cart/messages";
import { CHROMIUM } from "./harness";

const ADDED = MESSAGES.added.description;

export const THROTTLE = { latencyMs: 400, kbitPerSecond: 400 } as const;

export interface JourneyStep {
  name: string;
  ms: number;
  /** Bytes the browser received in this step (encoded, as sent over the wire). */
  bytes: number;
}

export interface JourneyResult {
  productSlug: string;
  totalMs: number;
  totalBytes: number;
  requests: number;
  steps: JourneyStep[];
  orderId: number;
  throttle: typeof THROTTLE;
  javaScript: boolean;
}

/** Waits for the page to show this text (a plain DOM check: JavaScript is off only for the page's own scripts). */
async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ state: "visible", timeout: 60_000 });
}

/**
 * With `javaScript`, the product page's Add to Cart goes through the browser module (no page
 * load: the drawer opens with the line) and the cart and checkout pages hydrate with React.
 */
export async function runSlowJourney(base: string, productSlug: string, javaScript = false): Promise<JourneyResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.flags });
  try {
    const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const bytesPerSecond = (THROTTLE.kbitPerSecond * 1000) / 8;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    let bytes = 0;
    let requests = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests++;
    });

    const steps: JourneyStep[] = [];
    const started = performance.now();
    let stepStart = started;
    let stepBytes = 0;
    const done = (name: string) => {
      const now = performance.now();
      steps.push({ name, ms: Math.round(now - stepStart), bytes: bytes - stepBytes });
      stepStart = now;
      stepBytes = bytes;
    };

    await page.goto(`${base}/product/${productSlug}`, { waitUntil: "load", timeout: 60_000 });
    done("open the product page");

    const addForm = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Add to Cart" }) })
      .first();
    if (javaScript) {
      // The module must be running before the click, or the form posts as without JavaScript.
      await page.waitForSelector('.toast-region[data-js="on"]', { state: "attached", timeout: 60_000 });
    }
    await addForm.getByRole("button", { name: "Add to Cart" }).click();
    await expectText(page, ADDED);
    if (javaScript) await page.locator("details.cart-drawer[open]").waitFor({ state: "attached", timeout: 60_000 });
    done("add to cart");

    await page.goto(`${base}/cart`, { waitUntil: "load", timeout: 60_000 });
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout", { waitUntil: "load", timeout: 60_000 });
    done("cart, then checkout");

    await page.getByLabel("Email", { exact: true }).fill(`slow-phone-${Date.now()}@example.com`);
    await page.getByLabel("First Name").fill("Clara");
    await page.getByLabel("Last Name").fill("Bloom");
    await page.getByLabel("Address", { exact: true }).fill("12 Ribbon Lane");
    await page.getByLabel("City").fill("Lyon");
    await page.getByLabel("Postal Code").fill("69001");
    await page.getByLabel("Country").selectOption("FR");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Order & Proceed to Payment" }).click();
    await page.waitForURL(/\/order\/\d+\/payment/, { waitUntil: "load", timeout: 60_000 });
    const orderId = Number(/\/order\/(\d+)\/payment/.exec(page.url())![1]);
    done("create the order");

    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("button", { name: "Approve" }).waitFor({ timeout: 60_000 });
    done("go to PayPal");

    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(new RegExp(`/order/${orderId}/confirmation`), { waitUntil: "load", timeout: 60_000 });
    await page.getByRole("heading", { name: "Order Confirmed!" }).waitFor({ timeout: 60_000 });
    done("approve and see 'Order Confirmed!'");

    const totalMs = Math.round(performance.now() - started);
    await context.close();
    return { productSlug, totalMs, totalBytes: bytes, requests, steps, orderId, throttle: THROTTLE, javaScript };
  } finally {
    await browser.close();
  }
}
