import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLeanMatch, isLeanPath } from "~/lib/lean-page";

const ROUTES = path.resolve(import.meta.dirname, "../../../app/routes");

/** An example URL path for a flat-route file name ("shop.$categorySlug.tsx" → "/shop/x"). */
function examplePath(file: string): string | null {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "_index") return "/";
  if (name.includes("[") || name === "$") return null;
  const segments = name
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => (s.startsWith("$") ? "x" : s.replace(/_$/, "")));
  return `/${segments.join("/")}`;
}

describe("lean pages", () => {
  it("isLeanPath names exactly the routes whose handle is LEAN_PAGE", () => {
    const lean: string[] = [];
    const hydrated: string[] = [];
    for (const file of readdirSync(ROUTES)) {
      if (!file.endsWith(".tsx")) continue;
      const example = examplePath(file);
      if (!example) continue;
      const source = readFileSync(path.join(ROUTES, file), "utf8");
      (/export const handle = LEAN_PAGE;/.test(source) ? lean : hydrated).push(example);
      if (/export const handle = LEAN_PAGE;/.test(source)) expect(source, file).toContain("export const clientLoader = loadAsDocument;");
    }
    expect(lean.sort()).toEqual(["/", "/product/x", "/shop", "/shop/x"]);
    for (const p of lean) expect(isLeanPath(p), p).toBe(true);
    for (const p of hydrated) expect(isLeanPath(p), p).toBe(false);
    expect(isLeanPath("/shop/x/y")).toBe(false);
  });

  it("a match with hydrate:false makes the page lean", () => {
    expect(isLeanMatch([{ handle: undefined }, { handle: { hydrate: false } }])).toBe(true);
    expect(isLeanMatch([{ handle: undefined }, { handle: { other: 1 } }])).toBe(false);
  });
});
