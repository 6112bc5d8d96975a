/**
 * The slow-phone journey of `npm run bench` on its own, against a shop that is already running
 * with the PayPal emulator (the e2e server, `npm run demo`, …) and has the seeded sweater:
 *
 *   npx tsx tests/bench/journey-cli.ts http://localhost:3000            # JS off and on, taking turns, five runs each; the medians and the ratios
 *   npx tsx tests/bench/journey-cli.ts http://localhost:3000 --runs=1   # one run each
 *   npx tsx tests/bench/journey-cli.ts http://localhost:3000 --js=off   # one run, one mode
 *
 * Use the shop's own host name (`localhost` for `npm run demo`): posts from another origin are
 * refused. Every run buys one sweater, so a demo shop runs out after a dozen.
 * Prints the steps and the targets (tests/bench/journey.ts); writes nothing. Exits 1 when a run
 * fails, never because a target is missed.
 */
import { compareJourneys, JOURNEY_RUNS, JOURNEY_SLUG, printComparison, printJourney, runSlowJourney, runSlowJourneys, THROTTLE_TEXT } from "./journey";

const base = process.argv[2]?.replace(/\/$/, "");
const mode = process.argv.find((a) => a.startsWith("--js="))?.slice(5) ?? "both";
const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? JOURNEY_RUNS);
if (!base || !/^https?:\/\//.test(base) || !["on", "off", "both"].includes(mode) || !Number.isInteger(runs) || runs < 1) {
  console.error("usage: tsx tests/bench/journey-cli.ts <base URL> [--js=off|on|both] [--runs=N]");
  process.exit(2);
}

console.log(`slow-phone journey against ${base}: ${THROTTLE_TEXT}, /product/${JOURNEY_SLUG} → 'Order Confirmed!'`);
if (mode === "both") {
  const { off, on } = await runSlowJourneys(base, JOURNEY_SLUG, runs);
  printJourney("JS off", off.median, off.totalsMs);
  printJourney("JS on", on.median, on.totalsMs);
  printComparison(compareJourneys(off.median, on.median));
} else {
  const javaScript = mode === "on";
  printJourney(javaScript ? "JS on" : "JS off", await runSlowJourney(base, JOURNEY_SLUG, javaScript));
}
