// Runs after `npm install` (package.json "postinstall"). Server-side route matching in
// @remix-run/router 1.x recompiles every route's path to a RegExp, and flattens and ranks the
// whole route tree, on every match: with this shop's ~90 routes (pages and the /api calls) that
// was about a fifth of the CPU of a page request (tests/bench). Upstream has proposed the same
// caches (remix-run/react-router PRs #14864, #14866, #12098); until a release has them, this
// patches the CommonJS build the server loads (the browser bundle is left alone):
//   - compilePath: results memoized by (path, caseSensitive, end); the RegExp has no g flag and
//     its params list is only read, so sharing them is safe;
//   - matchRoutesImpl: flattened, ranked branches memoized per routes array (a WeakMap), which
//     is the server's fixed route tree; a new array (a new build) gets its own entry.
// Idempotent; if the code it expects is not there (another version), it says so and changes nothing.
const fs = require("node:fs");
const path = require("node:path");

const MARK = "/* doll-boutique: route matching caches */";
let file;
try {
  file = require.resolve("@remix-run/router/dist/router.cjs.js", { paths: [path.resolve(__dirname, "..")] });
} catch {
  console.warn("patch-remix-router: @remix-run/router is not installed; nothing to patch");
  process.exit(0);
}
const source = fs.readFileSync(file, "utf8");
if (source.includes(MARK)) {
  console.log("patch-remix-router: already patched");
  process.exit(0);
}

const COMPILE = "function compilePath(path, caseSensitive, end) {";
const FLATTEN = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
if (source.split(COMPILE).length !== 2 || source.split(FLATTEN).length !== 2) {
  console.warn(`patch-remix-router: ${file} is not the expected version; left unpatched (matching stays correct, only slower)`);
  process.exit(0);
}

const patched = source
  .replace(
    COMPILE,
    `${MARK}
const compiledPaths = new Map();
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
  )
  .replace(
    FLATTEN,
    `  let branches = rankedBranches.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
`,
  )
  .replace("function matchRoutesImpl(routes, locationArg, basename, allowPartial) {", "const rankedBranches = new WeakMap();\nfunction matchRoutesImpl(routes, locationArg, basename, allowPartial) {");
fs.writeFileSync(file, patched);
console.log(`patch-remix-router: patched ${path.relative(process.cwd(), file)}`);
