/**
 * The slow-phone journey: Debian's Chromium (JavaScript off, or on) as a slow phone, set through
 * the DevTools protocol: about 400 kbit/s each way, 400 ms round trip and a CPU 4× slower, with a
 * cold cache (a new browser context per run). From a product page to 'Order Confirmed!' through
 * the PayPal emulator's approval page, with the same clicks whether JavaScript is on or off; the
 * time is wall-clock from the first request to the confirmation, less the shopper's pause on the
 * open drawer (DRAWER_READING_MS, the same in both modes). One run varies by up to a second
 * with the machine's load, so each mode runs several times, taking turns, and its median run counts.
 *
 * Run on its own against a running shop (with the PayPal emulator): tests/bench/journey-cli.ts.
 */
import { chromium, type Locator, type Page } from "playwright-core";
import { CART_TOAST_TEXT } from "../../app/domain/cart/texts";
import { CHROMIUM } from "./harness";

const ADDED = CART_TOAST_TEXT.added.title;

/** A seeded product without colours or variations (db/seed/data.ts), so Add to Cart needs no choice. */
export const JOURNEY_SLUG = "cream-cable-knit-sweater";

export const THROTTLE = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 } as const;

/** Targets: both runs under 10 s; JavaScript saves page loads (on ≤ 0.9 × off in time) for little weight (≤ 1.2 × in bytes). */
export const JOURNEY_MAX_MS = 10_000;
export const JS_TIME_RATIO_MAX = 0.9;
export const JS_BYTES_RATIO_MAX = 1.2;

/**
 * The shopper reads the open cart drawer before she taps Checkout. The pause is the same with and
 * without JavaScript and is not counted. With JavaScript the browser fetches the checkout page
 * meanwhile (speculation rules, browser/behaviors/prefetch.ts); DevTools' throttling does not
 * reach those fetches, so each run works out what the page would take on the throttled line and
 * the comparison fails unless the pause is longer: the figure is then what a slow phone shows.
 */
export const DRAWER_READING_MS = 1500;

/** Response headers on the wire, on top of the body DevTools reports for a prefetched page. */
const HEADER_BYTES = 600;

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
  /** The pause on the open drawer, left out of totalMs. */
  pausedMs: number;
  /** The checkout page came from the browser's prefetch: how long it would have taken on the throttled line. */
  prefetchedCheckout: { throttledMs: number } | null;
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
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    // DevTools reports a prefetched page twice, when it is fetched and when the navigation takes
    // it (both marked fromPrefetchCache): it crossed the line once.
    const prefetchedUrls = new Set<string>();
    const fromPrefetch = new Set<string>();
    cdp.on("Network.responseReceived", (event: { requestId: string; response: { url: string; fromPrefetchCache?: boolean } }) => {
      if (!event.response.fromPrefetchCache) return;
      if (prefetchedUrls.has(event.response.url)) fromPrefetch.add(event.requestId);
      else prefetchedUrls.add(event.response.url);
    });
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
      if (fromPrefetch.has(event.requestId)) return;
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
      await waitFor(page.locator('.toast-region[data-js="on"]'), "attached");
    }
    await addForm.getByRole("button", { name: "Add to Cart" }).click();
    await expectText(page, ADDED);
    const drawer = page.locator("details.cart-drawer");
    // The module opens the drawer with the new line; without it the shopper opens it (no request).
    if (javaScript) await waitFor(page.locator("details.cart-drawer[open]"), "attached");
    else await drawer.locator("summary").click();
    done("add to cart");
    await page.waitForTimeout(DRAWER_READING_MS);
    const pausedMs = Math.round(performance.now() - stepStart);
    stepStart = performance.now();

    await drawer.getByRole("link", { name: "Checkout", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/checkout", { waitUntil: "load", timeout: 60_000 });
    done("the drawer's Checkout");
    // The prefetch's own timing is real (unthrottled): its server time counts, then the line's
    // latency and the bytes at its rate.
    const delivery = javaScript
      ? await page.evaluate(() => {
          const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType?: string };
          return { type: entry.deliveryType ?? "", bodyBytes: entry.encodedBodySize, serverMs: Math.max(0, entry.responseStart - entry.requestStart) };
        })
      : { type: "", bodyBytes: 0, serverMs: 0 };
    const prefetchedCheckout =
      delivery.type === "navigational-prefetch"
        ? { throttledMs: Math.round(THROTTLE.latencyMs + delivery.serverMs + ((delivery.bodyBytes + HEADER_BYTES) * 8) / THROTTLE.kbitPerSecond) }
        : null;

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

    const totalMs = Math.round(performance.now() - started - pausedMs);
    const confirmationUrl = page.url();
    await context.close();
    return { productSlug, totalMs, totalBytes: bytes, requests, steps, orderId, confirmationUrl, throttle: THROTTLE, javaScript, pausedMs, prefetchedCheckout };
  } finally {
    await browser.close();
  }
}

/** Runs per mode: on a busy 2-core machine one run varies by a second; the median of five holds to a tenth or two. */
export const JOURNEY_RUNS = 5;

export interface JourneyRuns {
  /** The run with the median total: its steps and bytes are the ones printed and compared. */
  median: JourneyResult;
  /** Every run's total, in the order they ran. */
  totalsMs: number[];
}

/**
 * The journey `runs` times with JavaScript off and on, taking turns (off, on, off, on, …) so a
 * busy moment of the machine touches both alike; each mode is represented by its median run.
 * Every run buys one piece of `productSlug`.
 */
export async function runSlowJourneys(base: string, productSlug: string, runs = JOURNEY_RUNS): Promise<{ off: JourneyRuns; on: JourneyRuns }> {
  const off: JourneyResult[] = [];
  const on: JourneyResult[] = [];
  for (let i = 0; i < runs; i++) {
    off.push(await runSlowJourney(base, productSlug, false));
    on.push(await runSlowJourney(base, productSlug, true));
  }
  const median = (list: JourneyResult[]): JourneyRuns => ({
    median: [...list].sort((a, b) => a.totalMs - b.totalMs)[Math.floor(list.length / 2)]!,
    totalsMs: list.map((j) => j.totalMs),
  });
  return { off: median(off), on: median(on) };
}

export interface Target {
  text: string;
  pass: boolean;
}

export interface JourneyComparison {
  offUnder: Target;
  onUnder: Target;
  /** The drawer pause is longer than a prefetched checkout page would take on the throttled line. */
  reading: Target;
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
  const needed = on.prefetchedCheckout?.throttledMs ?? 0;
  const reading = {
    pass: needed < DRAWER_READING_MS,
    text: `the ${DRAWER_READING_MS} ms on the drawer cover the prefetched checkout page on the throttled line (${needed} ms)`,
  };
  return { offUnder, onUnder, reading, timeRatio, bytesRatio, time, bytes, pass: offUnder.pass && onUnder.pass && reading.pass && time.pass && bytes.pass };
}

const mark = (t: Target) => `${t.pass ? "PASS" : "FAIL"} (${t.text})`;

/** The steps of one run, then its total (and every run's total when there were several). */
export function printJourney(label: string, j: JourneyResult, totalsMs?: number[]): void {
  for (const s of j.steps) console.log(`  ${s.name.padEnd(40)} ${(s.ms / 1000).toFixed(1).padStart(5)} s  ${(s.bytes / 1000).toFixed(1).padStart(6)} KB`);
  console.log(
    `slow-phone journey (${label}, ${THROTTLE_TEXT}): ${(j.totalMs / 1000).toFixed(1)} s, ${(j.totalBytes / 1000).toFixed(1)} KB in ${j.requests} requests` +
      ` (not counting ${(j.pausedMs / 1000).toFixed(1)} s on the open drawer${j.prefetchedCheckout ? "; the checkout page came from the prefetch" : ""})`,
  );
  if (totalsMs && totalsMs.length > 1) console.log(`  the median of ${totalsMs.length} runs: ${totalsMs.map((ms) => (ms / 1000).toFixed(1)).join(" s, ")} s`);
}

export function printComparison(c: JourneyComparison): void {
  console.log(`JS off under ${JOURNEY_MAX_MS / 1000} s: ${mark(c.offUnder)}`);
  console.log(`JS on under ${JOURNEY_MAX_MS / 1000} s: ${mark(c.onUnder)}`);
  console.log(`drawer pause: ${mark(c.reading)}`);
  console.log(`time JS on / JS off: ${c.timeRatio.toFixed(2)} — ${mark(c.time)}`);
  console.log(`bytes JS on / JS off: ${c.bytesRatio.toFixed(2)} — ${mark(c.bytes)}`);
}
