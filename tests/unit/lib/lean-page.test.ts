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
  it("isLeanPath is false exactly for the routes whose handle is HYDRATED_PAGE (the admin area)", () => {
    const hydrated: string[] = [];
    const lean: string[] = [];
    for (const file of readdirSync(ROUTES)) {
      if (!file.endsWith(".tsx")) continue;
      const example = examplePath(file);
      if (!example) continue;
      const source = readFileSync(path.join(ROUTES, file), "utf8");
      (/export const handle = HYDRATED_PAGE;/.test(source) ? hydrated : lean).push(example);
    }
    expect(hydrated.length).toBeGreaterThan(3);
    for (const p of hydrated) expect(isLeanPath(p), p).toBe(false);
    for (const p of lean) expect(isLeanPath(p), p).toBe(true);
    expect(lean).toEqual(expect.arrayContaining(["/", "/cart", "/checkout", "/login", "/account", "/product/x", "/withdrawal"]));
    expect(isLeanPath("/administrator-notes")).toBe(true);
  });

  it("a match with hydrate:true makes the page hydrated; any other page is lean", () => {
    expect(isLeanMatch([{ handle: undefined }, { handle: { hydrate: true } }])).toBe(false);
    expect(isLeanMatch([{ handle: undefined }, { handle: { other: 1 } }])).toBe(true);
    expect(isLeanMatch([])).toBe(true);
  });
});
