/**
 * npm run lighthouse — Lighthouse (npm) with Debian's Chromium on the home page, the shop and a
 * product page of the production build, with Lighthouse's default mobile settings (simulated
 * slow 4G and a 4× slower CPU). Prints the four scores per page and writes
 * tests/bench/lighthouse.json. Targets (100 in all four categories, LCP ≤ 1.8 s in
 * Lighthouse's simulated mobile profile) are printed as PASS/MISS and never fail the run.
 *
 * Optional: BENCH_SKIP_BUILD=1 (reuse build/).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildApp, CHROMIUM, ROOT, runScript, seedSite, startPaypal, startServer, step } from "./harness";

const RESULTS_FILE = path.join(ROOT, "tests/bench/lighthouse.json");
/** A seeded product with colours and several images (db/seed/data.ts). */
const PRODUCT_SLUG = "rose-garden-tea-dress";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
const MAX_LCP_MS = 1800;

interface PageScores {
  page: string;
  url: string;
  scores: Record<Category, number | null>;
  /** Largest Contentful Paint in the simulated mobile profile, in ms. */
  lcpMs: number | null;
  /** The audits that cost points, worst first, so a MISS says why. */
  failing: { category: Category; id: string; title: string; score: number | null; displayValue?: string }[];
  metrics: Record<string, string | undefined>;
}

async function audit(url: string, port: number): Promise<PageScores> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100)]),
  ) as Record<Category, number | null>;
  const failing: PageScores["failing"] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
      failing.push({ category, id: a.id, title: a.title, score: a.score, displayValue: a.displayValue });
    }
  }
  const metric = (id: string) => lhr.audits[id]?.displayValue;
  return {
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    page: new URL(url).pathname,
    url,
    scores,
    failing,
    metrics: {
      firstContentfulPaint: metric("first-contentful-paint"),
      largestContentfulPaint: metric("largest-contentful-paint"),
      totalBlockingTime: metric("total-blocking-time"),
      cumulativeLayoutShift: metric("cumulative-layout-shift"),
      speedIndex: metric("speed-index"),
    },
  };
}

async function main(): Promise<number> {
  await buildApp();
  const site = await seedSite("shop-lighthouse-");
  step("starting the PayPal emulator and the shop's server");
  const paypal = await startPaypal();
  const { base } = await startServer(site, paypal.env);

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM.executablePath, chromeFlags: CHROMIUM.flags });
  const pages: PageScores[] = [];
  try {
    for (const pagePath of ["/", "/shop", `/product/${PRODUCT_SLUG}`]) {
      step(`lighthouse ${pagePath} (mobile defaults)`);
      pages.push(await audit(base + pagePath, chrome.port));
    }
  } finally {
    chrome.kill();
  }

  step("results");
  const header = ["page", ...CATEGORIES];
  const rows = pages.map((p) => [p.page, ...CATEGORIES.map((c) => String(p.scores[c] ?? "-"))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  const misses: string[] = [];
  for (const p of pages) {
    for (const c of CATEGORIES) {
      const score = p.scores[c];
      if (score === null || score < TARGETS[c]) misses.push(`${p.page} ${c} ${score ?? "-"} < ${TARGETS[c]}`);
    }
    if (p.lcpMs === null || p.lcpMs > MAX_LCP_MS) misses.push(`${p.page} LCP ${p.lcpMs === null ? "-" : Math.round(p.lcpMs)} ms > ${MAX_LCP_MS} ms`);
    for (const f of p.failing) console.log(`  ${p.page} [${f.category}] ${f.title}${f.displayValue ? ` (${f.displayValue})` : ""}`);
  }
  console.log(`targets: ${misses.length === 0 ? "PASS" : `MISS: ${misses.join("; ")}`}`);

  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ timestamp: new Date().toISOString(), settings: "Lighthouse defaults: mobile, simulated throttling", targets: { ...TARGETS, maxLcpMs: MAX_LCP_MS }, pages, misses }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
  return 0;
}

await runScript("lighthouse", main);
