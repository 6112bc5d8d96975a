import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { entryScripts, leanProblems, LEAN_JS_BUDGET_BYTES, pageJavaScript, staticImports } from "../../e2e/helpers/page-javascript";

// The count behind the 25 KB budget (tests/e2e/api/budgets.spec.ts) and the bench's table, on a
// fake build: it must follow static imports, skip import(), and refuse what is not lean.

const PAGE = "http://shop.test/cart";

/** A fake /build folder: path → code. */
function loaderOf(files: Record<string, string>) {
  const requested: string[] = [];
  const load = async (url: string) => {
    requested.push(url);
    const { origin, pathname } = new URL(url);
    const code = origin === "http://shop.test" ? files[pathname] : files[url];
    if (code === undefined) throw new Error(`no such file ${url}`);
    return code;
  };
  return { load, requested };
}

const gz = (s: string) => gzipSync(s, { level: 6 }).length;
/** Code that gzips to at least `bytes`: random base64 (six bits a character) of 4/3 × that length. */
const incompressible = (bytes: number) => `const x="${randomBytes(bytes).toString("base64")}";`;

describe("pageJavaScript", () => {
  it("counts the module and its static imports, not what it imports on demand", async () => {
    const files = {
      "/build/shop-AAA.js": 'import{a}from"./shop-chunk-BBB.js";import"./shop-chunk-CCC.js";a(()=>import("./shop-chunk-PAYPAL.js"));',
      "/build/shop-chunk-BBB.js": "export const a=f=>f;",
      "/build/shop-chunk-CCC.js": 'window.x="import";window.y="from";',
      "/build/shop-chunk-PAYPAL.js": incompressible(40_000),
    };
    const { load, requested } = loaderOf(files);
    const js = await pageJavaScript('<html><script type="module" src="/build/shop-AAA.js" nonce="n"></script></html>', PAGE, load);
    expect(js.files).toEqual(["/build/shop-AAA.js", "/build/shop-chunk-BBB.js", "/build/shop-chunk-CCC.js"]);
    expect(js.gzipBytes).toBe(gz(files["/build/shop-AAA.js"]) + gz(files["/build/shop-chunk-BBB.js"]) + gz(files["/build/shop-chunk-CCC.js"]));
    expect(requested).not.toContain("http://shop.test/build/shop-chunk-PAYPAL.js");
    expect(leanProblems(js)).toEqual([]);
  });

  it("counts a hydrated page's modulepreload links, inline module imports and their chunks, and refuses it", async () => {
    const html = [
      '<link rel="modulepreload" href="/build/entry.client-E.js"/>',
      '<link rel="stylesheet" href="/build/app.css"/>',
      '<script type="module">import "/build/manifest-M.js"; import * as route0 from "/build/root-R.js"; window.r = route0;</script>',
      '<script type="application/ld+json">{"a":"import \\"/build/nothing.js\\""}</script>',
    ].join("");
    const { load } = loaderOf({
      "/build/entry.client-E.js": `import{r}from"/build/_shared/chunk-REACT.js";${incompressible(12_000)}`,
      "/build/manifest-M.js": "window.__remixManifest={};",
      "/build/root-R.js": 'import{r}from"/build/_shared/chunk-REACT.js";export default r;',
      "/build/_shared/chunk-REACT.js": `export const r=1;${incompressible(20_000)}`,
    });
    const js = await pageJavaScript(html, PAGE, load);
    expect(js.files.sort()).toEqual(["/build/_shared/chunk-REACT.js", "/build/entry.client-E.js", "/build/manifest-M.js", "/build/root-R.js"]);
    expect(js.gzipBytes).toBeGreaterThan(LEAN_JS_BUDGET_BYTES);
    const problems = leanProblems(js);
    expect(problems).toContain("does not load the shop's module");
    expect(problems).toContainEqual(expect.stringMatching(/^loads more than the shop's module: /));
    expect(problems).toContain(`${js.gzipBytes} B of gzipped JavaScript, over ${LEAN_JS_BUDGET_BYTES} B`);
  });

  it("refuses the shop's module alone once it passes 25 KB gzipped", async () => {
    const { load } = loaderOf({ "/build/shop-BIG.js": incompressible(26_000) });
    const js = await pageJavaScript("<script type=module src=/build/shop-BIG.js></script>", PAGE, load);
    expect(js.files).toEqual(["/build/shop-BIG.js"]);
    expect(leanProblems(js)).toEqual([`${js.gzipBytes} B of gzipped JavaScript, over 25000 B`]);
  });

  it("names another origin's script, such as PayPal's SDK", async () => {
    const { load } = loaderOf({ "/build/shop-AAA.js": "", "https://www.paypal.com/sdk/js?client-id=x": "" });
    const js = await pageJavaScript(
      `<script type="module" src='/build/shop-AAA.js'></script><script src="https://www.paypal.com/sdk/js?client-id=x&amp;currency=USD"></script>`,
      PAGE,
      async (url) => (url.startsWith("https://www.paypal.com/") ? "" : load(url)),
    );
    expect(js.files).toEqual(["/build/shop-AAA.js", "https://www.paypal.com/sdk/js?client-id=x&currency=USD"]);
    expect(leanProblems(js)).toEqual(["loads more than the shop's module: https://www.paypal.com/sdk/js?client-id=x&currency=USD"]);
  });
});

describe("entryScripts and staticImports", () => {
  it("resolve relative and absolute specifiers against the file that holds them", () => {
    expect(staticImports('import{a}from"./x.js";export*from"../y.js";import"/build/z.js";import("./lazy.js")', "http://shop.test/build/sub/m.js")).toEqual([
      "http://shop.test/build/sub/x.js",
      "http://shop.test/build/y.js",
      "http://shop.test/build/z.js",
    ]);
  });

  it("takes script src of any JavaScript type and modulepreload among several rel tokens", () => {
    const html = '<script src="/a.js"></script><script type="text/plain" src="/b.js"></script><link href="/c.js" rel="preload modulepreload">';
    expect(entryScripts(html, PAGE)).toEqual(["http://shop.test/a.js", "http://shop.test/c.js"]);
  });
});
