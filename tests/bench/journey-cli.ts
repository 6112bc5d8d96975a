/**
 * The slow-phone journey of `npm run bench` on its own, against a shop that is already running
 * with the PayPal emulator (the e2e server, `npm run demo`, …) and has the seeded sweater:
 *
 *   npx tsx tests/bench/journey-cli.ts http://127.0.0.1:3000            # JS off, then JS on, and the ratios
 *   npx tsx tests/bench/journey-cli.ts http://127.0.0.1:3000 --js=off   # one run
 *
 * Prints the steps and the targets (tests/bench/journey.ts); writes nothing. Exits 1 when a run
 * fails, never because a target is missed.
 */
import { compareJourneys, JOURNEY_SLUG, printComparison, printJourney, runSlowJourney, THROTTLE_TEXT } from "./journey";

const base = process.argv[2]?.replace(/\/$/, "");
const mode = process.argv.find((a) => a.startsWith("--js="))?.slice(5) ?? "both";
if (!base || !/^https?:\/\//.test(base) || !["on", "off", "both"].includes(mode)) {
  console.error("usage: tsx tests/bench/journey-cli.ts <base URL> [--js=off|on|both]");
  process.exit(2);
}

console.log(`slow-phone journey against ${base}: ${THROTTLE_TEXT}, /product/${JOURNEY_SLUG} → 'Order Confirmed!'`);
const off = mode === "on" ? null : await runSlowJourney(base, JOURNEY_SLUG, false);
if (off) printJourney("JS off", off);
const on = mode === "off" ? null : await runSlowJourney(base, JOURNEY_SLUG, true);
if (on) printJourney("JS on", on);
if (off && on) printComparison(compareJourneys(off, on));
