import { gzipSync } from "node:zlib";

/**
 * How much of the shop's JavaScript a page makes the browser load before it is interactive:
 * every `<script src>`, every `<link rel="modulepreload">`, the imports of inline module scripts
 * (Remix's hydrated pages), and the static imports of all of those, followed file by file. An
 * `import("…")` loads on demand and is not counted. Bytes are gzip at zlib's default level 6, the
 * level of the server's compression middleware. Used by tests/e2e/api/budgets.spec.ts and
 * `npm run bench` (tests/bench/bench.ts), so the test and the table count the same way.
 */

/** Every shopper's page: at most this many gzipped bytes of JavaScript (KB = 1000 B). */
export const LEAN_JS_BUDGET_BYTES = 25_000;

/** The storefront's browser module and the chunks esbuild splits from it (scripts/build-browser.mjs). */
const SHOP_MODULE = /^\/build\/shop-[\w-]+\.js$/;

export interface PageJavaScript {
  /** The files, in the order they were found: paths for the page's own origin, full URLs for others. */
  files: string[];
  /** Their gzip bytes, summed. */
  gzipBytes: number;
}

/** Loads one script; the page's origin and any other. */
export type ScriptLoader = (url: string) => Promise<string | Buffer>;

export function gzipBytes(body: string | Buffer): number {
  return gzipSync(body, { level: 6 }).length;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "").replace(/&amp;/g, "&") : null;
}

const JS_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** The static imports of a module's code (`import … from "x"`, `import "x"`, `export … from "x"`), resolved against its URL. */
export function staticImports(code: string, fileUrl: string): string[] {
  // Only URL-like specifiers ("./x.js", "/build/x.js", "https://…"): a word "import" inside a string is not an import.
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*["']((?:\.{1,2}\/|\/|https?:\/\/)[^"'\s]*)["']/g)].map((m) => m[1]!);
  return specifiers.map((s) => new URL(s, fileUrl).href);
}

/** The scripts an HTML page loads up front, as absolute URLs: script src, modulepreload, inline modules' imports. */
export function entryScripts(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = m[1]!;
    const type = (attribute(tag, "type") ?? "").toLowerCase();
    if (!JS_TYPES.has(type)) continue;
    const src = attribute(tag, "src");
    if (src) found.push(new URL(src, pageUrl).href);
    else if (type === "module") found.push(...staticImports(m[2]!, pageUrl));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (href && rel.includes("modulepreload")) found.push(new URL(href, pageUrl).href);
  }
  return [...new Set(found)];
}

/** The page's JavaScript: its entry scripts and everything they import statically, with their gzip bytes. */
export async function pageJavaScript(html: string, pageUrl: string, load: ScriptLoader): Promise<PageJavaScript> {
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  let bytes = 0;
  const queue = entryScripts(html, pageUrl);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await load(url);
    bytes += gzipBytes(code);
    queue.push(...staticImports(code.toString(), url));
  }
  const files = [...seen].map((url) => (new URL(url).origin === origin ? new URL(url).pathname : url));
  return { files, gzipBytes: bytes };
}

/**
 * Why a page is not lean, or [] when it is: it loads nothing but the shop's module (and its
 * split chunks) from its own origin, within LEAN_JS_BUDGET_BYTES.
 */
export function leanProblems(js: PageJavaScript): string[] {
  const problems: string[] = [];
  const others = js.files.filter((f) => !SHOP_MODULE.test(f));
  if (others.length > 0) problems.push(`loads more than the shop's module: ${others.join(", ")}`);
  if (!js.files.some((f) => SHOP_MODULE.test(f))) problems.push("does not load the shop's module");
  if (js.gzipBytes > LEAN_JS_BUDGET_BYTES) problems.push(`${js.gzipBytes} B of gzipped JavaScript, over ${LEAN_JS_BUDGET_BYTES} B`);
  return problems;
}

/** A script loader over HTTP (Node's fetch); the answer must be 200. */
export function fetchLoader(init?: RequestInit): ScriptLoader {
  return async (url) => {
    const response = await fetch(url, init);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
}
