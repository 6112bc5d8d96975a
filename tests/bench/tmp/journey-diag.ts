/**
 * The slow-phone journey: Debian's Chromium (JavaScript off, or on) as a slow phone, set through
 * the DevTools protocol: about 400 kbit/s each way, 400 ms round trip and a CPU 4× slower, with a
 * cold cache (a new browser context per run). From a product page to 'Order Confirmed!' through
 * the PayPal emulator's approval page, with the same clicks whether JavaScript is on or off; the
 * time is wall-clock from the first request to the confirmation.
 *
 * Run on its own against a running shop (with the PayPal emulator): tests/bench/journey-cli.ts.
 */
import { chromium, type Locator, type Page } from "playwright-core";
import { MESSAGES } from "../../../app/domain/cart/messages";
import { CHROMIUM } from "../harness";

const ADDED = MESSAGES.added.description;

/** A seeded product without colours or variations (db/seed/data.ts), so Add to Cart needs no choice. */
export const JOURNEY_SLUG = "cream-cable-knit-sweater";

export const THROTTLE = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 } as const;

/** Targets: both runs under 10 s; JavaScript saves page loads (on ≤ 0.9 × off in time) for little weight (≤ 1.2 × in bytes). */
export const JOURNEY_MAX_MS = 10_000;
export const JS_TIME_RATIO_MAX = 0.9;
export const JS_BYTES_RATIO_MAX = 1.2;

export const THROTTLE_TEXT = `${THROTTLE.kbitPerSecond} kbit/s, ${THROTTLE.latencyMs} ms latency, ${THROTTLE.cpuSlowdown}× CPU slowdown, cold cache`;

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
  /** Where the journey ended: the order's confirmation page (its token included for a guest). */
  confirmationUrl: string;
  throttle: typeof THROTTLE;
  javaScript: boolean;
}

/**
 * Waits until the locator's first match is attached (and visible unless `attached` is asked), checking every 10 ms.
 * Playwright's own waitFor backs off to a check every 500 ms, which would add up to half a second to a step
 * at random; a plain DOM check works whether the page's own scripts run or not.
 */
async function waitFor(locator: Locator, state: "visible" | "attached" = "visible"): Promise<void> {
  const deadline = Date.now() + 60_000;
  const first = locator.first();
  // A check that meets a navigation in flight counts as not yet.
  const met = () => (state === "visible" ? first.isVisible() : first.count().then((n) => n > 0)).catch(() => false);
  while (!(await met())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(locator)} to be ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits for the page to show this text. */
async function expectText(page: Page, text: string): Promise<void> {
  await waitFor(page.getByText(text, { exact: false }));
}

/**
 * The shopper's clicks are the same with and without JavaScript: Add to Cart, the cart drawer's
 * Checkout, the checkout form, Pay with PayPal, Approve. Without JavaScript, Add to Cart posts
 * and the product page comes back (the drawer then opens natively, a <details>); with it, the
 * browser module adds the line in place and opens the drawer, and the other steps go through
 * whatever the module does on those pages.
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
    if (process.env.FETCHTEST) {
      await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*/checkout", requestStage: "Response" }] });
      cdp.on("Fetch.requestPaused", async (e: any) => {
        console.log(`    PAUSED ${e.request.method} ${e.request.url} type=${e.resourceType} purpose=${e.request.headers["Sec-Purpose"] ?? e.request.headers["sec-purpose"]} status=${e.responseStatusCode}`);
        await cdp.send("Fetch.continueResponse", { requestId: e.requestId });
      });
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    const urls = new Map<string, string>();
    const t0 = performance.now();
    const started0 = new Map<string, number>();
    cdp.on("Network.responseReceived", (e: any) => { if (e.response.url.includes("/checkout")) console.log(`    resp ${e.response.url} fromPrefetch=${e.response.fromPrefetchCache} timing=${JSON.stringify(e.response.timing && {send: e.response.timing.sendStart, recv: e.response.timing.receiveHeadersEnd})}`); });
    cdp.on("Network.loadingFinished", (e: any) => { const s0 = started0.get(e.requestId); if (s0 !== undefined) console.log(`    duration ${(e.timestamp - s0).toFixed(3)} s for ${urls.get(e.requestId)}`); });
    cdp.on("Network.requestWillBeSent", (e: any) => { started0.set(e.requestId, e.timestamp); });
    cdp.on("Network.requestWillBeSent", (e: any) => { urls.set(e.requestId, e.request.method + " " + e.request.url.replace(base, "")); console.log(`    ${((performance.now()-t0)/1000).toFixed(2)} -> ${e.request.method} ${e.request.url.replace(base,"").slice(0,90)}`); });
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number; requestId: string }) => {
      console.log(`    ${((performance.now()-t0)/1000).toFixed(2)} <- ${(event.encodedDataLength/1000).toFixed(1)} KB ${urls.get(event.requestId)?.slice(0,90)}`);
      bytes += event.encodedDataLength;
      requests++;
    });

    const steps: JourneyStep[] = [];
    const started = performance.now();
    let stepStart = started;
    let stepBytes = 0;
    const done = (name: string) => {
      const now = performance.now();
      console.log(`  == ${name} ${((now-t0)/1000).toFixed(2)}`);
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
      await waitFor(page.locator('.toast-region[data-js="on"]'), "attached");
    }
    await addForm.getByRole("button", { name: "Add to Cart" }).click();
    await expectText(page, ADDED);
    const drawer = page.locator("details.cart-drawer");
    // The module opens the drawer with the new line; without it the shopper opens it (no request).
    if (javaScript) await waitFor(page.locator("details.cart-drawer[open]"), "attached");
    else await drawer.locator("summary").click();
    done("add to cart");
    if (process.env.THINK) { await page.waitForTimeout(Number(process.env.THINK)); done("think"); }

    await drawer.getByRole("link", { name: "Checkout", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/checkout", { waitUntil: "load", timeout: 60_000 });
    done("the drawer's Checkout");

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
    await waitFor(page.getByRole("button", { name: "Approve" }));
    done("go to PayPal");

    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(new RegExp(`/order/${orderId}/confirmation`), { waitUntil: "load", timeout: 60_000 });
    await waitFor(page.getByRole("heading", { name: "Order Confirmed!" }));
    done("approve and see 'Order Confirmed!'");

    const totalMs = Math.round(performance.now() - started);
    const confirmationUrl = page.url();
    await context.close();
    return { productSlug, totalMs, totalBytes: bytes, requests, steps, orderId, confirmationUrl, throttle: THROTTLE, javaScript };
  } finally {
    await browser.close();
  }
}

export interface Target {
  text: string;
  pass: boolean;
}

export interface JourneyComparison {
  offUnder: Target;
  onUnder: Target;
  timeRatio: number;
  bytesRatio: number;
  time: Target;
  bytes: Target;
  pass: boolean;
}

/** The slow-phone targets for a JS-off and a JS-on run of the journey. */
export function compareJourneys(off: JourneyResult, on: JourneyResult): JourneyComparison {
  const under = (j: JourneyResult): Target => ({ pass: j.totalMs < JOURNEY_MAX_MS, text: `<${JOURNEY_MAX_MS / 1000} s` });
  const timeRatio = on.totalMs / off.totalMs;
  const bytesRatio = on.totalBytes / off.totalBytes;
  const time = { pass: timeRatio <= JS_TIME_RATIO_MAX, text: `JS on ≤ ${JS_TIME_RATIO_MAX} × JS off in time` };
  const bytes = { pass: bytesRatio <= JS_BYTES_RATIO_MAX, text: `JS on ≤ ${JS_BYTES_RATIO_MAX} × JS off in bytes` };
  const offUnder = under(off);
  const onUnder = under(on);
  return { offUnder, onUnder, timeRatio, bytesRatio, time, bytes, pass: offUnder.pass && onUnder.pass && time.pass && bytes.pass };
}

const mark = (t: Target) => `${t.pass ? "PASS" : "FAIL"} (${t.text})`;

/** The steps of one run, then its total. */
export function printJourney(label: string, j: JourneyResult): void {
  for (const s of j.steps) console.log(`  ${s.name.padEnd(40)} ${(s.ms / 1000).toFixed(1).padStart(5)} s  ${(s.bytes / 1000).toFixed(1).padStart(6)} KB`);
  console.log(
    `slow-phone journey (${label}, ${THROTTLE_TEXT}): ${(j.totalMs / 1000).toFixed(1)} s, ${(j.totalBytes / 1000).toFixed(1)} KB in ${j.requests} requests`,
  );
}

export function printComparison(c: JourneyComparison): void {
  console.log(`JS off under ${JOURNEY_MAX_MS / 1000} s: ${mark(c.offUnder)}`);
  console.log(`JS on under ${JOURNEY_MAX_MS / 1000} s: ${mark(c.onUnder)}`);
  console.log(`time JS on / JS off: ${c.timeRatio.toFixed(2)} — ${mark(c.time)}`);
  console.log(`bytes JS on / JS off: ${c.bytesRatio.toFixed(2)} — ${mark(c.bytes)}`);
}
