import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLeanPath } from "~/lib/lean-page";

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

describe("isLeanPath: a page hydrates exactly when its path is in the admin area", () => {
  it.each([
    ["/", true],
    ["/cart", true],
    ["/checkout", true],
    ["/product/rose-garden-tea-dress", true],
    ["/no-such-page", true],
    ["/administrator-notes", true],
    ["/admin-logins", true],
    ["/admin", false],
    ["/admin/", false],
    ["/admin/orders/3", false],
    ["/admin/products/edit/1", false],
    ["/admin-login", false],
    // A 404 in the admin area is answered inside the admin's React app, as a link there would show it.
    ["/admin/no-such-page", false],
  ])("%s is lean: %s", (pathname, lean) => {
    expect(isLeanPath(pathname)).toBe(lean);
  });

  it("every admin page route is hydrated and every other page route is lean", () => {
    const pages = readdirSync(ROUTES)
      .filter((file) => file.endsWith(".tsx"))
      .flatMap((file) => {
        const example = examplePath(file);
        return example ? [{ file, example }] : [];
      });
    const hydrated = pages.filter((p) => !isLeanPath(p.example)).map((p) => p.file);
    expect(hydrated.length).toBeGreaterThan(3);
    expect(hydrated.every((file) => file.startsWith("admin"))).toBe(true);
    expect(pages.filter((p) => p.file.startsWith("admin")).map((p) => p.file)).toEqual(hydrated);
    expect(pages.filter((p) => isLeanPath(p.example)).map((p) => p.example)).toEqual(
      expect.arrayContaining(["/", "/cart", "/checkout", "/login", "/account", "/product/x", "/withdrawal"]),
    );
  });
});
