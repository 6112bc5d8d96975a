import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { readPatches } from "../../helpers/patches";

// The diffs in patches/ (applied by patch-package at postinstall, docs/decisions/remix-patches.md)
// add caches to the server builds of @remix-run/router, @remix-run/react and react-router-dom,
// and give the compiler one empty browser module for all .server imports. These checks fail if
// a diff is not in place or no longer matches its package, or if it changed what is matched or
// rendered (the e2e budgets test weighs the browser build).
const root = path.resolve(import.meta.dirname, "../../..");
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const routerServer = require("react-router-dom/server") as typeof import("react-router-dom/server");

const MARK = "/* doll-boutique: route caches */";
const patches = readPatches(root);
const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, string>;
};

const routes = () => [
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

describe("the Remix server patches", () => {
  it("are the four diffs under patches/, applied by patch-package at postinstall, which fails when one does not apply", () => {
    expect(patches.map((p) => p.name).sort()).toEqual(["@remix-run/dev", "@remix-run/react", "@remix-run/router", "react-router-dom"]);
    const postinstall = packageJson.scripts.postinstall!.split(/\s+/);
    expect(postinstall[0]).toBe("patch-package");
    expect(postinstall).toContain("--error-on-fail");
    // A release that still takes the diff fails too: its speed has to be measured again.
    expect(postinstall).toContain("--error-on-warn");
  });

  it.each(patches.map((p) => [p.fileName, p] as const))("%s names the installed version, pinned exactly in package.json", (_, patch) => {
    const installed = JSON.parse(readFileSync(require.resolve(`${patch.name}/package.json`), "utf8")) as { version: string };
    expect(installed.version).toBe(patch.version);
    const pins = [packageJson.dependencies[patch.name], packageJson.devDependencies[patch.name], packageJson.overrides?.[patch.name]].filter(Boolean);
    expect(pins.length, `${patch.name} is pinned in dependencies, devDependencies or overrides`).toBeGreaterThan(0);
    for (const pin of pins) expect(pin).toBe(patch.version);
  });

  it.each(patches.map((p) => [p.fileName, p] as const))("%s is in place in node_modules", (_, patch) => {
    expect(patch.files.length).toBeGreaterThan(0);
    for (const file of patch.files) {
      const installed = readFileSync(require.resolve(file.path), "utf8");
      expect(installed, file.path).toContain(MARK);
      for (const after of file.after) expect(installed, `${file.path}: a hunk of ${patch.fileName}`).toContain(after);
    }
  });

  it("match the same way on the first and every later call, per route tree", () => {
    const tree = routes();
    for (let round = 0; round < 3; round++) {
      expect(router.matchRoutes(tree, "/product/rose-dress")!.map((m) => m.route.id)).toEqual(["root", "product"]);
      expect(router.matchRoutes(tree, "/product/rose-dress")!.at(-1)!.params).toEqual({ slug: "rose-dress" });
      expect(router.matchRoutes(tree, "/product/blue-coat")!.at(-1)!.params).toEqual({ slug: "blue-coat" });
      expect(router.matchRoutes(tree, "/shop/hats")!.at(-1)!.params).toEqual({ categorySlug: "hats" });
      expect(router.matchRoutes(tree, "/nowhere/at/all")!.at(-1)!.route.id).toBe("splat");
      expect(router.matchRoutes(tree, "/about", "/base")).toBeNull();
      expect(router.matchRoutes(tree, "/base/about", "/base")!.at(-1)!.route.id).toBe("about");
    }
    // Another tree with the same paths but different ids gets its own ranking and results.
    const other = [{ id: "r2", path: "/", children: [{ id: "about-2", path: "about" }] }];
    expect(router.matchRoutes(other, "/about")!.at(-1)!.route.id).toBe("about-2");
    expect(router.matchRoutes(tree, "/about")!.at(-1)!.route.id).toBe("about");
  });

  it("give every call its own match objects, so changing one result changes no later one", () => {
    const tree = routes();
    const first = router.matchRoutes(tree, "/product/rose-dress")!;
    (first[1]!.params as Record<string, string>).slug = "changed";
    first[1]!.pathname = "/changed";
    first.pop();
    const second = router.matchRoutes(tree, "/product/rose-dress")!;
    expect(second).toHaveLength(2);
    expect(second[1]!.params).toEqual({ slug: "rose-dress" });
    expect(second[1]!.pathname).toBe("/product/rose-dress");
    // Within one result, every match shares the params, as unpatched matching does.
    expect(second[0]!.params).toBe(second[1]!.params);
  });

  it("keep case sensitivity and end matching apart in the compiled-path cache", () => {
    expect(router.matchPath("/about", "/ABOUT")).not.toBeNull();
    expect(router.matchPath({ path: "/about", caseSensitive: true }, "/ABOUT")).toBeNull();
    expect(router.matchPath({ path: "/shop", end: false }, "/shop/hats")).not.toBeNull();
    expect(router.matchPath({ path: "/shop", end: true }, "/shop/hats")).toBeNull();
  });

  it("reuse a route tree's data routes across static renders, and still render each request's own page", async () => {
    const Page = ({ name }: { name: string }) => createElement("p", null, name);
    const tree = [
      {
        id: "root",
        path: "/",
        children: [
          {
            id: "product",
            path: "product/:slug",
            loader: ({ params }: { params: { slug?: string } }) => ({ slug: params.slug }),
            Component: () => createElement(Page, { name: "product page" }),
          },
          { id: "about", path: "about", Component: () => createElement(Page, { name: "about page" }) },
        ],
      },
    ];
    const handler = routerServer.createStaticHandler(tree);
    const render = async (url: string) => {
      const context = await handler.query(new Request(`http://shop.test${url}`));
      if (context instanceof Response) throw new Error("unexpected response");
      const staticRouter = routerServer.createStaticRouter(handler.dataRoutes, context);
      const html = renderToString(createElement(routerServer.StaticRouterProvider, { router: staticRouter, context, hydrate: false }));
      return { staticRouter, html };
    };
    const product = await render("/product/rose-dress");
    const about = await render("/about");
    expect(product.html).toContain("product page");
    expect(about.html).toContain("about page");
    expect(about.html).not.toContain("product page");
    expect(about.staticRouter.routes).toBe(product.staticRouter.routes);
    expect(product.staticRouter.state.matches.at(-1)!.params).toEqual({ slug: "rose-dress" });
    expect(about.staticRouter.state.matches.at(-1)!.route.id).toBe("about");
  });
});
