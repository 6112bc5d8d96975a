// Runs after `npm install` (package.json "postinstall"). Remix 2's server render rebuilds and
// re-ranks the whole route tree on every request: with this shop's ~90 routes (pages and the
// /api calls) that was about a third of the CPU of a page request (tests/bench). Upstream has
// proposed the same caches (remix-run/react-router PRs #14864, #14866, #12098); until a release
// has them, this patches the CommonJS builds the server loads (the browser bundle is left alone):
//
//   1. @remix-run/router compilePath: results memoized by (path, caseSensitive, end); the RegExp
//      has no g flag and its params list is only read, so sharing them is safe.
//   2. @remix-run/router matchRoutesImpl: flattened, ranked branches memoized per routes array
//      (a WeakMap), so a fixed route tree is ranked once; a new array gets its own entry. Its
//      results are memoized per tree and pathname too (at most 2000, then it starts over), and
//      every call gets fresh match objects, so a caller that changes one changes no other.
//   3. @remix-run/react RemixServer: the server routes built from the build's manifest are kept
//      per manifest (a WeakMap) while the route modules are the same objects, instead of being
//      rebuilt for every request. Without this, 2 never hits for the render's own matching.
//   4. react-router-dom/server createStaticRouter: the data routes converted from those server
//      routes are kept per routes array (a WeakMap), for the same reason.
//   5. @remix-run/dev (the compiler): in the browser build every `.server` module a route or
//      component imports becomes an empty module, one per import path, and esbuild gave each
//      its own 112-byte chunk that every page preloaded (eight on the account page, 900 bytes
//      and eight requests, which on a slow phone cost more than their size). They all resolve
//      to one empty module now, so a page loads at most one.
//
// Nothing here changes what is matched or rendered: 3 and 4 reuse objects the static render only
// reads (no lazy routes on the server), and every request still gets its own matches, location,
// loader data and router state. Each patch is idempotent; if the code it expects is not there
// (another version), it says so and leaves that file unchanged (correct, only slower).
// tests/unit/lib/remix-patches.test.ts checks that every patch is installed and matching is unchanged.
const fs = require("node:fs");
const path = require("node:path");

const MARK = "/* doll-boutique: route caches */";
const root = path.resolve(__dirname, "..");

const patches = [
  {
    name: "@remix-run/router: compiled paths and ranked branches",
    file: "@remix-run/router/dist/router.cjs.js",
    replacements: [
      [
        "function compilePath(path, caseSensitive, end) {",
        `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + (caseSensitive ? "1" : "0") + (end === false ? "0" : "1");
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size < 5000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`,
      ],
      [
        "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);\n",
        `  let tree = rankedBranches.get(routes);
  if (tree === undefined) {
    let branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    tree = { branches, matched: new Map() };
    rankedBranches.set(routes, tree);
  }
  let branches = tree.branches;
  let decoded = decodePath(pathname);
  let memoKey = (allowPartial ? "1" : "0") + decoded;
  let memo = tree.matched.get(memoKey);
  if (memo !== undefined) return copyMatches(memo);
  let matches = null;
`,
      ],
      [
        "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n",
        `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (tree.matched.size >= 2000) tree.matched.clear();
  tree.matched.set(memoKey, matches);
  return copyMatches(matches);
}
function copyMatches(matches) {
  if (matches === null) return null;
  if (matches.length === 0) return [];
  let params = Object.assign({}, matches[matches.length - 1].params);
  return matches.map(match => Object.assign({}, match, { params }));
}
`,
      ],
      [
        "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
        "const rankedBranches = new WeakMap();\nfunction matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
      ],
    ],
  },
  {
    name: "@remix-run/react: server routes per build",
    file: "@remix-run/react/dist/server.js",
    replacements: [
      [
        "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
        `  let routes$1 = cachedServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
`,
      ],
      [
        "function RemixServer({",
        `const serverRoutesCache = new WeakMap();
function cachedServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
  if (isSpaMode) return routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  let cached = serverRoutesCache.get(manifestRoutes);
  if (cached && cached.future === future && sameModules(cached.routeModules, routeModules)) return cached.routes;
  let built = routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  serverRoutesCache.set(manifestRoutes, { routes: built, routeModules, future });
  return built;
}
function sameModules(a, b) {
  let keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return false;
  for (let key of keys) if (a[key] !== b[key]) return false;
  return true;
}
function RemixServer({`,
      ],
    ],
  },
  {
    name: "react-router-dom/server: data routes per route tree",
    file: "react-router-dom/server.js",
    replacements: [
      [
        "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n",
        `  let converted = convertedRoutes.get(routes);
  if (converted === undefined) {
    let manifest = {};
    converted = { dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest), manifest };
    convertedRoutes.set(routes, converted);
  }
  let { dataRoutes, manifest } = converted;
`,
      ],
      ["function createStaticRouter(routes, context, opts = {}) {", "const convertedRoutes = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {"],
    ],
  },
  {
    name: "@remix-run/dev: one empty module for all .server imports in the browser build",
    file: "@remix-run/dev/dist/compiler/plugins/emptyModules.js",
    replacements: [
      [
        `          return {
            path: args.path,
            namespace: "empty-module"
          };`,
        `          return {
            path: "server-only-module",
            namespace: "empty-module",
            sideEffects: false
          };`,
      ],
    ],
  },
];

let failed = false;
for (const patch of patches) {
  let file;
  try {
    file = require.resolve(patch.file, { paths: [root] });
  } catch {
    console.warn(`patch-remix: ${patch.file} is not installed; nothing to patch`);
    continue;
  }
  const source = fs.readFileSync(file, "utf8");
  if (source.includes(MARK)) {
    console.log(`patch-remix: ${patch.name}: already patched`);
    continue;
  }
  const missing = patch.replacements.filter(([from]) => source.split(from).length !== 2);
  if (missing.length > 0) {
    console.warn(`patch-remix: ${path.relative(root, file)} is not the expected version; left unpatched (correct, only slower)`);
    failed = true;
    continue;
  }
  let patched = source;
  for (const [from, to] of patch.replacements) patched = patched.replace(from, () => to);
  // The mark goes after 'use strict' (or at the top), so the file's directives still apply.
  patched = patched.includes("'use strict';\n") ? patched.replace("'use strict';\n", () => `'use strict';\n${MARK}\n`) : `${MARK}\n${patched}`;
  fs.writeFileSync(file, patched);
  console.log(`patch-remix: ${patch.name}: patched ${path.relative(root, file)}`);
}
if (failed) console.warn("patch-remix: some caches are not installed; the shop works, with slower page renders");
