import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToString } from "react-dom/server";

// scripts/patch-remix.cjs (postinstall) adds caches to the server builds of @remix-run/router,
// @remix-run/react and react-router-dom, and gives the compiler one empty browser module for
// all .server imports. These checks fail if a patch is missing or if it changed what is matched
// or rendered (the e2e budgets test weighs the browser build).
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const routerServer = require("react-router-dom/server") as typeof import("react-router-dom/server");

const MARK = "/* doll-boutique: route caches */";

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
  it("are installed in the builds the server loads", () => {
    const files = [
      "@remix-run/router/dist/router.cjs.js",
      "@remix-run/react/dist/server.js",
      "react-router-dom/server.js",
      "@remix-run/dev/dist/compiler/plugins/emptyModules.js",
    ];
    for (const file of files) {
      expect(readFileSync(require.resolve(file), "utf8"), file).toContain(MARK);
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
          { id: "product", path: "product/:slug", loader: ({ params }: { params: { slug?: string } }) => ({ slug: params.slug }), Component: () => createElement(Page, { name: "product page" }) },
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
