/**
 * npm run bench — load-tests the production build on a seeded 100k-product database.
 *
 *   npm run bench                      # 3 rounds of 10 s per route at 20 connections
 *   BENCH_DURATION=2 BENCH_ROUNDS=1 npm run bench     # smoke run
 *
 * Each route is measured BENCH_ROUNDS times (default 3), the routes taking turns, and the table
 * shows the median of its runs (every run is printed and kept in results.json). Every page and
 * search run sits between two runs of the floor, which its ratio to the floor is taken against.
 * Optional: BENCH_PRODUCTS (default 100000), BENCH_SKIP_BUILD=1 (reuse build/),
 * BENCH_GZIP=1 (send Accept-Encoding: gzip, so the server compresses every response),
 * BENCH_CPU_PROF=<dir> (run the server with --cpu-prof; the .cpuprofile lands in <dir> on exit).
 *
 * Steps: build, seed a temporary database, start the shop's server (as `npm start` runs it) on 127.0.0.1, measure each route
 * with autocannon, print a table (and tests/bench/results.json), time the search domain
 * function in-process, then stop the server and delete everything it made, also on failure or
 * Ctrl-C. Exits non-zero when a step fails or a route answers anything but 2xx under load.
 * Targets are printed as PASS/MISS and never fail the run.
 *
 *   npm run bench -- --compare-unpatched   # what the diffs in patches/ buy (docs/decisions/remix-patches.md)
 *
 * serves the same build twice, with the patched packages and with pristine copies
 * (tests/bench/unpatched.ts), and measures the floor (/about) and the product page on both, the
 * two servers taking turns in every round; it prints req/s and p99 side by side and writes
 * tests/bench/unpatched-results.json.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { readProducts } from "../../app/domain/catalogue/products.server";
import { openDatabase } from "../../app/lib/sqlite.server";
import { seededRandom } from "../../db/seed/random";
import { pageJavaScript } from "../e2e/helpers/page-javascript";
import { buildApp, get, getJson, removeOnExit, ROOT, runScript, seedSite, startNbp, startPaypal, startServer, step, tail } from "./harness";
import { compareJourneys, JOURNEY_RUNS, JOURNEY_SLUG, printComparison, printJourney, runSlowJourneys, THROTTLE_TEXT, type Target } from "./journey";
import { measureShopperPages, printPageJs } from "./page-js";
import { makeUnpatchedRoot } from "./unpatched";

const RESULTS_FILE = path.join(ROOT, "tests/bench/results.json");
const UNPATCHED_RESULTS_FILE = path.join(ROOT, "tests/bench/unpatched-results.json");
const STATIC_DIR = path.join(ROOT, "public/__bench");
const STATIC_PATH = "/__bench/product.html";
/** The catalogue's sort and filters on the largest scale: price order, in stock, a colour (3: red). */
const FILTERED_PATH = "/shop/1-4-scale?sort=price-asc&inStock=1&color=3";

const DURATION = positiveNumber("BENCH_DURATION", 10);
/** Each route is measured this many times, the routes taking turns; the table shows the medians. */
const ROUNDS = Math.round(positiveNumber("BENCH_ROUNDS", 3));
const WARMUP = Math.min(3, Math.max(1, Math.round(DURATION * 0.3)));
const PRODUCTS = positiveNumber("BENCH_PRODUCTS", 100_000);
const CONNECTIONS = 20;
const LOAD_HEADERS: Record<string, string> = process.env.BENCH_GZIP === "1" ? { "accept-encoding": "gzip" } : {};

const SEARCH_RUNS = 500;
const SEARCH_WARMUP = 50;

// Targets: printed next to the numbers, never a reason to fail.
const PAGE_FLOOR_RATIO = 0.7;
const PAGE_MAX_P99_MS = 100;
const SEARCH_FLOOR_RATIO = 0.5;
const SEARCH_MAX_P95_MS = 20;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

function gzipBytes(body: string | Buffer): number {
  return gzipSync(body, { level: 6 }).length;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "-";
}

function pct(ratio: number): string {
  return Number.isFinite(ratio) ? `${Math.round(ratio * 100)}%` : "-";
}

function kb(bytes: number | null): string {
  return bytes === null ? "-" : `${(bytes / 1024).toFixed(1)} KB`;
}

// ---------------------------------------------------------------------------------------------
// What to request.

interface ProductSummary {
  slug: string;
  title: string;
}

interface Catalogue {
  productCount: number;
  largestCategory: { slug: string; name: string; productCount: number };
  products: ProductSummary[];
}

async function discover(base: string): Promise<Catalogue> {
  const categories = await getJson<{ slug: string; name: string; productCount: number }[]>(`${base}/api/categories`);
  const largestCategory = categories.reduce((a, b) => (b.productCount > a.productCount ? b : a));
  const { total } = await getJson<{ total: number }>(`${base}/api/products?limit=1`);
  // Five pages of 100 spread over the whole catalogue, not only the newest products.
  const lastPage = Math.max(1, Math.floor(total / 100));
  const pages = [...new Set([0, 1, 2, 3, 4].map((i) => 1 + Math.floor((i * (lastPage - 1)) / 4)))];
  const products: ProductSummary[] = [];
  for (const page of pages) {
    const body = await getJson<{ products: ProductSummary[] }>(`${base}/api/products?page=${page}&limit=100`);
    products.push(...body.products.map((p) => ({ slug: p.slug, title: p.title })));
  }
  if (products.length === 0) throw new Error("GET /api/products returned no products");
  return { productCount: total, largestCategory, products };
}

/** Words that really occur in product titles: single words first, then two-word pairs. */
function titleWords(products: ProductSummary[]): { words: string[]; pairs: string[] } {
  const wordCount = new Map<string, number>();
  const pairCount = new Map<string, number>();
  for (const { title } of products) {
    const words = title.toLowerCase().match(/[\p{L}]{3,}/gu) ?? [];
    for (const w of words) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
    for (let i = 0; i + 1 < words.length; i++) {
      const pair = `${words[i]} ${words[i + 1]}`;
      pairCount.set(pair, (pairCount.get(pair) ?? 0) + 1);
    }
  }
  const byCount = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  return { words: byCount(wordCount), pairs: byCount(pairCount) };
}

function searchPageTerms(words: string[], pairs: string[], count = 200): string[] {
  const singles = words.slice(0, Math.min(words.length, Math.ceil(count / 2)));
  return [...singles, ...pairs.slice(0, count - singles.length)];
}

/** Varied shopper input for the in-process search timing. */
function searchQueries(words: string[], pairs: string[], count: number): string[] {
  const rnd = seededRandom(0xbe5c);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const misspell = (w: string) => {
    const i = 1 + Math.floor(rnd() * Math.max(1, w.length - 2));
    switch (Math.floor(rnd() * 3)) {
      case 0:
        return w.slice(0, i) + w.slice(i + 1); // dropped letter
      case 1:
        return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1); // swapped letters
      default:
        return w.slice(0, i) + w[i - 1] + w.slice(i); // doubled letter
    }
  };
  const nonsense = ["zzyzx", "qwertyuiop", "xylophone", "submarine", "kumquat", "blorptastic", "wxyvq", "astronaut", "carburettor", "zebra"];
  const symbols = [
    (w: string) => `"${w}"`,
    (w: string) => `${w}*`,
    (w: string) => `-${w}`,
    (w: string) => `${w} OR ${pick(words)}`,
    (w: string) => `(${w}) AND`,
    (w: string) => `NEAR(${w} ${pick(words)})`,
    (w: string) => `${w}'s`,
    (w: string) => `${w} & ${pick(words)}`,
    (w: string) => `100% ${w}`,
    (w: string) => `title:${w}`,
    (w: string) => `${w.toUpperCase()}!!!`,
    (_: string) => `"'%_*^`,
    (w: string) => `  ${w}  ${pick(words)}  `,
    (w: string) => `${w} ✨ 💖`,
  ];
  const kinds: (() => string)[] = [
    () => pick(words),
    () => pick(pairs),
    () => `${pick(words)} ${pick(words)}`,
    () => pick(words).slice(0, 2 + Math.floor(rnd() * 3)), // prefix
    () => misspell(pick(words)),
    () => `${pick(nonsense)}${Math.floor(rnd() * 100)}`, // matches nothing
    () => pick(symbols)(pick(words)),
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!());
}

/** Title words with one letter dropped, swapped or doubled (5+ letters, so each is corrected when nothing matches as typed). */
function misspeltQueries(words: string[], count: number): string[] {
  const rnd = seededRandom(0x5e7e);
  const long = words.filter((w) => w.length >= 5);
  return Array.from({ length: count }, () => {
    const w = long[Math.floor(rnd() * long.length)]!;
    const i = 1 + Math.floor(rnd() * (w.length - 2));
    switch (Math.floor(rnd() * 3)) {
      case 0:
        return w.slice(0, i) + w.slice(i + 1);
      case 1:
        return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1);
      default:
        return w.slice(0, i) + "q" + w.slice(i);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring.

type Kind = "floor" | "limit" | "page" | "search" | "api";

interface RouteSpec {
  name: string;
  kind: Kind;
  /** Requested in turn, one per request, by all connections together. */
  paths: string[];
}

interface Weights {
  htmlGzip: number;
  jsGzip: number | null;
  cssGzip: number | null;
}

interface Run {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  warmupNon2xx: number;
}

/** A route's runs summed up: the Run fields are their medians (rates, latencies) or sums (counts). */
interface RouteResult extends RouteSpec, Weights, Run {
  /** Every run of the route, in order. */
  runs: Run[];
  floorRatio: number;
  limitRatio: number;
  target: Target | null;
}

/** Requests `paths` in turn on every connection, for `seconds` (or `{ amount }` requests in all). */
function load(base: string, paths: string[], seconds: number | { amount: number }): autocannon.Instance {
  let next = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    ...(typeof seconds === "number" ? { duration: seconds } : { amount: seconds.amount }),
    timeout: 30,
    headers: LOAD_HEADERS,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
}

let running = null as autocannon.Instance | null; // (the cast keeps TS from narrowing it to null in main's catch)

async function measureOnce(base: string, spec: RouteSpec, warmupSeconds: number): Promise<Run> {
  running = load(base, spec.paths, warmupSeconds);
  const warm = await running;
  running = load(base, spec.paths, DURATION);
  const result = await running;
  running = null;
  return {
    reqPerSec: result.requests.total / result.duration, // completed responses per second
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    warmupNon2xx: warm.non2xx + warm.errors,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One route's runs summed up: medians of the rates and latencies, sums of the failures. */
function summarize(spec: RouteSpec, runs: Run[]): Omit<RouteResult, keyof Weights | "floorRatio" | "limitRatio" | "target"> {
  const sum = (pick: (r: Run) => number) => runs.reduce((total, r) => total + pick(r), 0);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) for (const [code, n] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    ...spec,
    runs,
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
    warmupNon2xx: sum((r) => r.warmupNon2xx),
  };
}

/**
 * Measures the routes in rounds, each route once per round, and compares each page with the floor
 * runs just before and after it: the machine's speed drifts, so only neighbouring runs compare fairly.
 * A page's ratio to the floor is the median over its rounds.
 */
interface Rounds {
  runs: Map<RouteSpec, Run[]>;
  /** Per route, per round: the floor it is compared with. */
  floorAround: Map<RouteSpec, number[]>;
}

function bracketed(spec: RouteSpec): boolean {
  return spec.kind === "page" || spec.kind === "search";
}

async function measureRounds(base: string, specs: RouteSpec[], rounds: number): Promise<Rounds> {
  const runs = new Map(specs.map((spec) => [spec, [] as Run[]]));
  const floorAround = new Map(specs.map((spec) => [spec, [] as number[]]));
  const [floorSpec, ...others] = specs;
  const runOne = async (spec: RouteSpec, round: number, warmupSeconds: number, label = "") => {
    const run = await measureOnce(base, spec, warmupSeconds);
    runs.get(spec)!.push(run);
    console.log(
      `${`${spec.name} [${round}/${rounds}${label}]`.padEnd(64)} ${fmt(run.reqPerSec).padStart(6)} req/s  p50 ${fmt(run.p50Ms)} ms  p99 ${fmt(run.p99Ms)} ms  non-2xx ${run.non2xx}`,
    );
    return run;
  };
  for (let round = 1; round <= rounds; round++) {
    // The first run of a route warms it up for WARMUP s; later ones 1 s, to settle the connections.
    let floorBefore = (await runOne(floorSpec!, round, round === 1 ? WARMUP : 1)).reqPerSec;
    for (const spec of others) {
      await runOne(spec, round, round === 1 ? WARMUP : 1);
      if (!bracketed(spec)) {
        floorAround.get(spec)!.push(floorBefore);
        continue;
      }
      const floorAfter = (await runOne(floorSpec!, round, 1, `, after ${spec.name}`)).reqPerSec;
      floorAround.get(spec)!.push((floorBefore + floorAfter) / 2);
      floorBefore = floorAfter;
    }
  }
  return { runs, floorAround };
}

/** A route's ratio to the floor: the median over the rounds of its run against the floor measured around it. */
function floorRatioOf(spec: RouteSpec, measuredRounds: Rounds): number {
  if (spec.kind === "floor" && spec.paths[0] === "/about") return 1;
  const floors = measuredRounds.floorAround.get(spec)!;
  return median(measuredRounds.runs.get(spec)!.map((run, round) => run.reqPerSec / floors[round]!));
}

const assetSizes = new Map<string, Promise<number>>();

/** gzip sizes of one response and of the /build JS and the CSS its HTML references. */
async function pageWeights(base: string, urlPath: string, kind: Kind, init?: RequestInit): Promise<Weights> {
  const response = init ? await fetch(base + urlPath, init) : await get(base + urlPath);
  if (!response.ok) throw new Error(`GET ${urlPath} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (kind === "api") return { htmlGzip: gzipBytes(body), jsGzip: null, cssGzip: null };
  const html = body.toString("utf8");
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (href && rel.includes("stylesheet")) css.add(href);
  }
  // Counted as the budget test counts it: script src, modulepreload and their static imports.
  const js = await pageJavaScript(html, base + urlPath, async (url) => Buffer.from(await (await get(url)).arrayBuffer()));
  const sum = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) {
      const absolute = new URL(url, base).href;
      if (!assetSizes.has(absolute))
        assetSizes.set(
          absolute,
          get(absolute).then(async (r) => gzipBytes(Buffer.from(await r.arrayBuffer()))),
        );
      total += await assetSizes.get(absolute)!;
    }
    return total;
  };
  return { htmlGzip: gzipBytes(body), jsGzip: js.gzipBytes, cssGzip: await sum(css) };
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "").replace(/&amp;/g, "&") : null;
}

function routeTarget(r: { kind: Kind; floorRatio: number; p99Ms: number }): Target | null {
  if (r.kind === "page") {
    const pass = r.floorRatio >= PAGE_FLOOR_RATIO && r.p99Ms <= PAGE_MAX_P99_MS;
    return { pass, text: `≥${pct(PAGE_FLOOR_RATIO)} floor, p99≤${PAGE_MAX_P99_MS} ms` };
  }
  if (r.kind === "search") return { pass: r.floorRatio >= SEARCH_FLOOR_RATIO, text: `≥${pct(SEARCH_FLOOR_RATIO)} floor` };
  return null;
}

interface SearchTiming {
  runs: number;
  warmup: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanResults: number;
  target: Target;
}

async function timeSearch(dbPath: string, queries: string[]): Promise<SearchTiming> {
  const db = openDatabase(dbPath);
  try {
    for (let i = 0; i < SEARCH_WARMUP; i++) await readProducts(db, { search: queries[i % queries.length]!, offset: 0, limit: 12 });
    const times: number[] = [];
    let results = 0;
    for (const search of queries) {
      const started = performance.now();
      const { products } = await readProducts(db, { search, offset: 0, limit: 12 });
      times.push(performance.now() - started);
      results += products.length;
    }
    times.sort((a, b) => a - b);
    const p95Ms = percentile(times, 95);
    return {
      runs: times.length,
      warmup: SEARCH_WARMUP,
      p50Ms: percentile(times, 50),
      p95Ms,
      maxMs: times[times.length - 1]!,
      meanResults: results / times.length,
      target: { pass: p95Ms <= SEARCH_MAX_P95_MS, text: `p95≤${SEARCH_MAX_P95_MS} ms` },
    };
  } finally {
    await db.destroy();
  }
}

function fileSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

// ---------------------------------------------------------------------------------------------
// Output.

/** Every run's req/s; the floor, measured around every page, shows how many runs and their range. */
function runsCell(runs: Run[]): string {
  if (runs.length <= 1) return "";
  if (runs.length <= 5) return runs.map((run) => fmt(run.reqPerSec)).join(" ");
  const values = runs.map((run) => run.reqPerSec);
  return `${runs.length} runs, ${fmt(Math.min(...values))}–${fmt(Math.max(...values))}`;
}

function printTable(rows: RouteResult[]): void {
  const header = ["route", "req/s", "runs' req/s", "p50 ms", "p99 ms", "/floor", "/limit", "non-2xx", "HTML gz", "JS gz", "CSS gz", "target"];
  const body = rows.map((r) => [
    r.name,
    fmt(r.reqPerSec),
    runsCell(r.runs),
    fmt(r.p50Ms),
    fmt(r.p99Ms),
    pct(r.floorRatio),
    pct(r.limitRatio),
    String(r.non2xx + r.errors),
    kb(r.htmlGzip),
    kb(r.jsGzip),
    kb(r.cssGzip),
    r.target ? `${r.target.pass ? "PASS" : "MISS"} (${r.target.text})` : "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const leftAligned = new Set([0, 11]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of body) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const started = Date.now();
  const loadAverageAtStart = os.loadavg();
  console.log(
    `bench: ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s warm-up; ` +
      `node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}`,
  );

  await buildApp();
  const site = await seedSite("shop-bench-", PRODUCTS);
  const { dbPath, logFile, seedSeconds } = site;

  step("starting the PayPal emulator, the NBP stand-in and the shop's server");
  const services = { ...(await startPaypal()).env, ...(await startNbp()).env };
  const server = await startServer(site, services);
  const { base } = server;

  step("collecting slugs, categories and search terms");
  const catalogue = await discover(base);
  const { words, pairs } = titleWords(catalogue.products);
  const terms = searchPageTerms(words, pairs);
  console.log(
    `${catalogue.productCount} products; largest category "${catalogue.largestCategory.name}" (${catalogue.largestCategory.productCount}); ` +
      `${catalogue.products.length} product slugs; ${terms.length} search terms from ${words.length} title words`,
  );

  // The limit: the product page's HTML as a static file served by the same server.
  const productHtml = await (await get(`${base}/product/${catalogue.products[0]!.slug}`)).text();
  mkdirSync(STATIC_DIR, { recursive: true });
  removeOnExit(STATIC_DIR);
  writeFileSync(path.join(ROOT, "public", STATIC_PATH), productHtml);

  const specs: RouteSpec[] = [
    { name: "/about", kind: "floor", paths: ["/about"] },
    { name: "/", kind: "page", paths: ["/"] },
    { name: "/shop", kind: "page", paths: ["/shop"] },
    { name: `/shop/${catalogue.largestCategory.slug}`, kind: "page", paths: [`/shop/${catalogue.largestCategory.slug}`] },
    // Deep in the largest category: Load More past page 200 (pages 199..200 are shown).
    { name: `/shop/${catalogue.largestCategory.slug}?page=200`, kind: "page", paths: [`/shop/${catalogue.largestCategory.slug}?page=200`] },
    // A sorted, filtered scale category (docs/decisions/catalogue-filters.md), against the same goal as the other pages.
    { name: FILTERED_PATH, kind: "page", paths: [FILTERED_PATH] },
    { name: `/product/{${catalogue.products.length} slugs}`, kind: "page", paths: catalogue.products.map((p) => `/product/${p.slug}`) },
    { name: `/shop?search={${terms.length} terms}`, kind: "search", paths: terms.map((t) => `/shop?search=${encodeURIComponent(t)}`) },
    { name: "/api/products?page={1..200}", kind: "api", paths: Array.from({ length: 200 }, (_, i) => `/api/products?page=${i + 1}`) },
    { name: STATIC_PATH, kind: "limit", paths: [STATIC_PATH] },
    // The Polish pages (the same routes under /pl, with their złoty amounts) against the same goals.
    { name: "/pl", kind: "page", paths: ["/pl"] },
    { name: `/pl/shop/${catalogue.largestCategory.slug}?page=200`, kind: "page", paths: [`/pl/shop/${catalogue.largestCategory.slug}?page=200`] },
    { name: `/pl/product/{${catalogue.products.length} slugs}`, kind: "page", paths: catalogue.products.map((p) => `/pl/product/${p.slug}`) },
  ];
  // "/" and "/pl" are the home page, not a product or category page: they get no target.
  const targetKind = (spec: RouteSpec): Kind => (spec.paths[0] === "/" || spec.paths[0] === "/pl" ? "floor" : spec.kind);

  // One warm-up over every route together first (JIT, SQLite page cache, and each server
  // process's read cache: every path is requested six times, so each of the processes has seen
  // nearly every product and search of the rotation), then each route's own. What a cache miss
  // costs is measured on its own, in the "(no cache)" rows.
  const everyPath = specs.flatMap((spec) => spec.paths);
  step(`warm-up: all routes together, ${everyPath.length} paths × 6`);
  running = load(base, everyPath, { amount: everyPath.length * 6 });
  const warmAll = await running;
  running = null;
  if (warmAll.non2xx + warmAll.errors > 0) throw new Error(`${warmAll.non2xx} non-2xx and ${warmAll.errors} errors during the warm-up`);

  step(`load: ${specs.length} routes × ${ROUNDS} rounds × (warm-up + ${DURATION} s), the routes taking turns`);
  const measured: (ReturnType<typeof summarize> & Weights & { floorRatio: number; uncached?: boolean })[] = [];
  const cached = await measureRounds(base, specs, ROUNDS);
  for (const spec of specs) {
    const runs = cached.runs.get(spec)!;
    measured.push({ ...summarize(spec, runs), ...(await pageWeights(base, spec.paths[0]!, spec.kind)), floorRatio: floorRatioOf(spec, cached) });
  }
  step(`slow-phone journey: JavaScript off and on, ${JOURNEY_RUNS} runs each taking turns, ${THROTTLE_TEXT}, product page → 'Order Confirmed!'`);
  const journeys = await runSlowJourneys(base, JOURNEY_SLUG);
  const journey = journeys.off.median;
  const journeyJs = journeys.on.median;
  printJourney("JS off", journey, journeys.off.totalsMs);
  printJourney("JS on", journeyJs, journeys.on.totalsMs);
  const slowPhone = compareJourneys(journey, journeyJs);
  step("JavaScript of every shopper's page (gzip, KB = 1000 B)");
  const confirmation = new URL(journey.confirmationUrl);
  const pageJs = await measureShopperPages(base, { confirmationPage: `${confirmation.pathname}${confirmation.search}` });

  // The same pages again with the catalogue read cache off (CATALOGUE_CACHE=off): what a
  // shopper gets on a cache miss, right after any change to the database.
  step("the catalogue pages again with the read cache off (CATALOGUE_CACHE=off)");
  await server.stop();
  const uncachedServer = await startServer(site, { ...services, CATALOGUE_CACHE: "off" });
  const uncachedSpecs = specs
    .filter((spec) => spec.kind === "page" || spec.kind === "search" || spec.kind === "floor")
    .map((spec): RouteSpec => ({ ...spec, name: `${spec.name} (no cache)` }));
  const uncached = await measureRounds(uncachedServer.base, uncachedSpecs, 1);
  for (const spec of uncachedSpecs) {
    const runs = uncached.runs.get(spec)!;
    const weights = await pageWeights(uncachedServer.base, spec.paths[0]!, spec.kind);
    measured.push({ ...summarize(spec, runs), ...weights, floorRatio: floorRatioOf(spec, uncached), uncached: true });
  }
  await uncachedServer.stop();
  const floor = measured.find((r) => r.kind === "floor" && !r.uncached)!.reqPerSec;
  const limit = measured.find((r) => r.kind === "limit")!.reqPerSec;
  const rows: RouteResult[] = measured.map((r) => {
    const withRatios = { ...r, limitRatio: r.reqPerSec / limit };
    // The targets are for the server as it runs; the no-cache rows show what a miss costs.
    return { ...withRatios, target: r.uncached ? null : routeTarget({ ...withRatios, kind: targetKind(r) }) };
  });

  step(`in-process search: readProducts (listProducts without its cache) × ${SEARCH_RUNS} after ${SEARCH_WARMUP} warm-up`);
  const search = await timeSearch(dbPath, searchQueries(words, pairs, SEARCH_RUNS));
  step(`in-process search, misspelt words only (every query is corrected) × ${SEARCH_RUNS}`);
  const correctedSearch = await timeSearch(dbPath, misspeltQueries(words, SEARCH_RUNS));
  const database = { dbBytes: fileSize(dbPath), walBytes: fileSize(`${dbPath}-wal`) };
  const databaseMb = (database.dbBytes + database.walBytes) / 1024 / 1024;

  step("results");
  printTable(rows);
  console.log(
    `\nin-process search (readProducts, uncached, limit 12): p50 ${search.p50Ms.toFixed(2)} ms, p95 ${search.p95Ms.toFixed(2)} ms, ` +
      `max ${search.maxMs.toFixed(1)} ms over ${search.runs} queries — ${search.target.pass ? "PASS" : "MISS"} (${search.target.text})`,
  );
  console.log(
    `database: ${databaseMb.toFixed(1)} MB (db ${(database.dbBytes / 1048576).toFixed(1)} MB + wal ${(database.walBytes / 1048576).toFixed(1)} MB); seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `in-process search, misspelt words (correction every time): p50 ${correctedSearch.p50Ms.toFixed(2)} ms, p95 ${correctedSearch.p95Ms.toFixed(2)} ms, ` +
      `max ${correctedSearch.maxMs.toFixed(1)} ms, ${correctedSearch.meanResults.toFixed(1)} results on average — ${correctedSearch.target.pass ? "PASS" : "MISS"} (${correctedSearch.target.text})`,
  );
  console.log(`\nJavaScript per shopper's page (script src + modulepreload + their static imports, gzip):`);
  printPageJs(pageJs);
  console.log(`\nslow-phone journey, /product/${JOURNEY_SLUG} → 'Order Confirmed!' (${THROTTLE_TEXT}):`);
  console.log(
    `  JS off (median of ${JOURNEY_RUNS}): ${(journey.totalMs / 1000).toFixed(1)} s, ${(journey.totalBytes / 1000).toFixed(1)} KB in ${journey.requests} requests`,
  );
  console.log(
    `  JS on (median of ${JOURNEY_RUNS}):  ${(journeyJs.totalMs / 1000).toFixed(1)} s, ${(journeyJs.totalBytes / 1000).toFixed(1)} KB in ${journeyJs.requests} requests`,
  );
  printComparison(slowPhone);
  console.log(
    `floor = /about, limit = ${STATIC_PATH} (the product page's HTML as a static file); ` +
      `requests sent ${LOAD_HEADERS["accept-encoding"] ? "with" : "without"} Accept-Encoding: gzip`,
  );
  console.log(
    `req/s, p50 and p99: the medians of ${ROUNDS} runs per route, the routes taking turns ("(no cache)" rows: one run each); ` +
      "/floor: the median of each run's ratio to the floor measured around it (pages and search: the mean of the /about runs just before and just after; API and limit: the run before)",
  );
  console.log(
    "(no cache) rows: CATALOGUE_CACHE=off, what a page costs on a cache miss (right after a write); ratios are to the uncached floor, targets apply to the server as it runs",
  );

  const failures: string[] = [];
  for (const r of rows) {
    if (r.non2xx + r.errors > 0)
      failures.push(`${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts); status codes ${JSON.stringify(r.statusCodes)}`);
    if (r.warmupNon2xx > 0) failures.push(`${r.name}: ${r.warmupNon2xx} non-2xx or errors during warm-up`);
  }

  const report = {
    timestamp: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverageAtStart,
    productCount: catalogue.productCount,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    warmupSeconds: WARMUP,
    acceptEncodingGzip: Boolean(LOAD_HEADERS["accept-encoding"]),
    seedSeconds,
    largestCategory: catalogue.largestCategory,
    floorReqPerSec: floor,
    floorAround: Object.fromEntries([...cached.floorAround].filter(([spec]) => spec.kind !== "floor").map(([spec, floors]) => [spec.name, floors])),
    limitReqPerSec: limit,
    routes: rows.map((r) => ({
      route: r.name,
      kind: r.kind,
      catalogueCache: !(r as { uncached?: boolean }).uncached,
      distinctPaths: r.paths.length,
      runs: r.runs,
      reqPerSec: r.reqPerSec,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      requests: r.requests,
      floorRatio: r.floorRatio,
      limitRatio: r.limitRatio,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes: r.statusCodes,
      htmlGzipBytes: r.htmlGzip,
      jsGzipBytes: r.jsGzip,
      cssGzipBytes: r.cssGzip,
      target: r.target,
    })),
    inProcessSearch: search,
    inProcessSearchCorrected: correctedSearch,
    pageJavaScript: pageJs,
    slowPhoneJourney: { ...journey, runsTotalMs: journeys.off.totalsMs, target: slowPhone.offUnder },
    slowPhoneJourneyJs: { ...journeyJs, runsTotalMs: journeys.on.totalsMs, target: slowPhone.onUnder },
    slowPhoneComparison: slowPhone,
    database: { ...database, totalMb: databaseMb },
    failures,
    totalSeconds: (Date.now() - started) / 1000,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);

  if (failures.length > 0) {
    console.error(`\nFAILED:\n  ${failures.join("\n  ")}\nlast lines of the server log:\n${tail(logFile)}`);
    return 1;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// --compare-unpatched: the same build with and without the runtime diffs of patches/.

async function compareUnpatched(): Promise<number> {
  const loadAverageAtStart = os.loadavg();
  console.log(
    `bench --compare-unpatched: ${PRODUCTS} products, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per route and server; ` +
      `node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}`,
  );
  await buildApp();
  const site = await seedSite("shop-bench-", PRODUCTS);
  step("a root with the runtime packages unpatched (patches/ reversed on copies)");
  const unpatchedRoot = makeUnpatchedRoot();
  console.log(`${unpatchedRoot.root}: ${unpatchedRoot.packages.join(", ")} unpatched`);

  step("starting the PayPal emulator and both servers on the same database");
  const paypal = await startPaypal();
  const servers = [
    { name: "patched", server: await startServer(site, paypal.env) },
    { name: "unpatched", server: await startServer({ ...site, logFile: `${site.logFile}.unpatched` }, paypal.env, { unpatchedRoot: unpatchedRoot.root }) },
  ];
  const catalogue = await discover(servers[0]!.server.base);
  const specs: RouteSpec[] = [
    { name: "/about", kind: "floor", paths: ["/about"] },
    { name: `/product/{${catalogue.products.length} slugs}`, kind: "page", paths: catalogue.products.map((p) => `/product/${p.slug}`) },
  ];
  for (const { name, server } of servers) {
    step(`warm-up (${name}): both routes, every path × 6`);
    const everyPath = specs.flatMap((spec) => spec.paths);
    running = load(server.base, everyPath, { amount: everyPath.length * 6 });
    const warm = await running;
    running = null;
    if (warm.non2xx + warm.errors > 0) throw new Error(`${name}: ${warm.non2xx} non-2xx and ${warm.errors} errors during the warm-up`);
  }

  step(`load: ${specs.length} routes × 2 servers × ${ROUNDS} rounds, the servers taking turns (which goes first alternates)`);
  const runs = new Map<string, Run[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      for (const { name, server } of round % 2 ? servers : [...servers].reverse()) {
        const run = await measureOnce(server.base, spec, round === 1 ? WARMUP : 1);
        const key = `${spec.name} ${name}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
        console.log(
          `${`${spec.name} ${name} [${round}/${ROUNDS}]`.padEnd(48)} ${fmt(run.reqPerSec).padStart(6)} req/s  p50 ${fmt(run.p50Ms)} ms  p99 ${fmt(run.p99Ms)} ms  non-2xx ${run.non2xx}`,
        );
      }
    }
  }
  for (const { server } of servers) await server.stop();

  step("results (medians of the rounds)");
  const rows = specs.map((spec) => {
    const [patched, unpatched] = servers.map(({ name }) => summarize(spec, runs.get(`${spec.name} ${name}`)!));
    return { route: spec.name, patched: patched!, unpatched: unpatched! };
  });
  const header = ["route", "patched req/s", "unpatched req/s", "×", "patched p99 ms", "unpatched p99 ms", "patched runs", "unpatched runs"];
  const body = rows.map(({ route, patched, unpatched }) => [
    route,
    fmt(patched.reqPerSec),
    fmt(unpatched.reqPerSec),
    fmt(patched.reqPerSec / unpatched.reqPerSec, 2),
    fmt(patched.p99Ms),
    fmt(unpatched.p99Ms),
    patched.runs.map((r) => fmt(r.reqPerSec)).join(" "),
    unpatched.runs.map((r) => fmt(r.reqPerSec)).join(" "),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  for (const row of [header, widths.map((w) => "-".repeat(w)), ...body])
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "));
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (this machine is shared: compare the two columns, not runs on different days)`,
  );

  const failures = rows
    .flatMap(({ route, patched, unpatched }) => [
      { label: `${route} patched`, r: patched },
      { label: `${route} unpatched`, r: unpatched },
    ])
    .filter(({ r }) => r.non2xx + r.errors + r.warmupNon2xx > 0)
    .map(({ label, r }) => `${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.warmupNon2xx} in warm-ups; status codes ${JSON.stringify(r.statusCodes)}`);
  const strip = (r: ReturnType<typeof summarize>) => ({
    reqPerSec: r.reqPerSec,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    runs: r.runs,
    non2xx: r.non2xx,
    errors: r.errors,
  });
  writeFileSync(
    UNPATCHED_RESULTS_FILE,
    `${JSON.stringify(
      {
        timestamp: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg(),
        productCount: catalogue.productCount,
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        rounds: ROUNDS,
        unpatchedPackages: unpatchedRoot.packages,
        routes: rows.map(({ route, patched, unpatched }) => ({ route, patched: strip(patched), unpatched: strip(unpatched) })),
        failures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${path.relative(ROOT, UNPATCHED_RESULTS_FILE)}`);
  if (failures.length > 0) {
    console.error(`\nFAILED:\n  ${failures.join("\n  ")}\nlast lines of the server logs:\n${tail(site.logFile)}\n${tail(`${site.logFile}.unpatched`)}`);
    return 1;
  }
  return 0;
}

if (process.argv.includes("--compare-unpatched")) await runScript("bench --compare-unpatched", compareUnpatched, () => running?.stop());
else await runScript("bench", main, () => running?.stop());
