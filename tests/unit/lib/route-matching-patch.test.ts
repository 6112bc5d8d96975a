// @vitest-environment node
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// scripts/patch-remix-router.cjs (postinstall) memoizes route compilation in the server's
// @remix-run/router build. These checks fail if the patch is missing or changed matching.
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

describe("the patched route matching", () => {
  it("is installed in the build the server loads", () => {
    const file = require.resolve("@remix-run/router/dist/router.cjs.js");
    expect(readFileSync(file, "utf8")).toContain("/* doll-boutique: route matching caches */");
  });

  it("matches the same way on the first and every later call, per route tree", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "about", path: "about" },
          { id: "product", path: "product/:slug" },
          { id: "shop-index", path: "shop", index: true },
          { id: "category", path: "shop/:categorySlug" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    for (let round = 0; round < 3; round++) {
      expect(router.matchRoutes(routes, "/product/rose-dress")!.map((m) => m.route.id)).toEqual(["root", "product"]);
      expect(router.matchRoutes(routes, "/product/rose-dress")!.at(-1)!.params).toEqual({ slug: "rose-dress" });
      expect(router.matchRoutes(routes, "/shop/hats")!.at(-1)!.params).toEqual({ categorySlug: "hats" });
      expect(router.matchRoutes(routes, "/nowhere/at/all")!.at(-1)!.route.id).toBe("splat");
    }
    // Another tree with the same paths but different ids gets its own ranking.
    const other = [{ id: "r2", path: "/", children: [{ id: "about-2", path: "about" }] }];
    expect(router.matchRoutes(other, "/about")!.at(-1)!.route.id).toBe("about-2");
    expect(router.matchRoutes(routes, "/about")!.at(-1)!.route.id).toBe("about");
  });

  it("keeps case sensitivity and end matching apart in the compiled-path cache", () => {
    expect(router.matchPath("/about", "/ABOUT")).not.toBeNull();
    expect(router.matchPath({ path: "/about", caseSensitive: true }, "/ABOUT")).toBeNull();
    expect(router.matchPath({ path: "/shop", end: false }, "/shop/hats")).not.toBeNull();
    expect(router.matchPath({ path: "/shop", end: true }, "/shop/hats")).toBeNull();
  });
});
