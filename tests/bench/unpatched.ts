/**
 * The same project without the runtime diffs of patches/ (docs/decisions/remix-patches.md), for
 * `npm run bench -- --compare-unpatched`: a temporary root whose entries are links to this one
 * (the same build, public/, scripts), except node_modules, where every package is a link too but
 * the patched ones, which are copies with their diffs reversed. The server runs there with
 * --preserve-symlinks, so every import resolves inside the temporary root and finds the copies.
 * The shared node_modules is only read.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { readPatches } from "../helpers/patches";
import { makeTempDir, PRESERVE_SYMLINKS, ROOT } from "./harness";

/** The compiler's diff changes the browser build, which both servers share: it is measured by the page budgets, not here. */
const BUILD_TIME = new Set(["@remix-run/dev"]);
const MARK = "/* doll-boutique: route caches */";

export function makeUnpatchedRoot(): { root: string; packages: string[] } {
  const root = makeTempDir("shop-unpatched-");
  const patches = readPatches(ROOT).filter((patch) => !BUILD_TIME.has(patch.name));
  const copied = new Set(patches.map((patch) => patch.name));

  for (const entry of readdirSync(ROOT)) {
    if (entry !== "node_modules" && entry !== ".git") symlinkSync(path.join(ROOT, entry), path.join(root, entry));
  }
  const modules = path.join(ROOT, "node_modules");
  const linkOrCopy = (name: string) => {
    const from = path.join(modules, name);
    const to = path.join(root, "node_modules", name);
    if (copied.has(name)) cpSync(from, to, { recursive: true });
    else symlinkSync(from, to);
  };
  mkdirSync(path.join(root, "node_modules"));
  for (const entry of readdirSync(modules)) {
    if (!entry.startsWith("@")) {
      linkOrCopy(entry);
      continue;
    }
    mkdirSync(path.join(root, "node_modules", entry));
    for (const member of readdirSync(path.join(modules, entry))) linkOrCopy(`${entry}/${member}`);
  }

  // Only the runtime diffs go into the folder patch-package reverses.
  const patchDir = path.join(root, ".runtime-patches");
  mkdirSync(patchDir);
  for (const patch of patches) cpSync(path.join(ROOT, "patches", patch.fileName), path.join(patchDir, patch.fileName));
  const patchPackage = path.join(ROOT, "node_modules/.bin/patch-package");
  const reversed = spawnSync(patchPackage, ["--reverse", "--patch-dir", ".runtime-patches", "--error-on-fail"], { cwd: root, encoding: "utf8" });
  if (reversed.status !== 0) throw new Error(`patch-package --reverse failed:\n${reversed.stdout}${reversed.stderr}`);
  for (const patch of patches) {
    for (const file of patch.files) {
      if (readFileSync(path.join(root, "node_modules", file.path), "utf8").includes(MARK)) throw new Error(`${file.path} is still patched`);
    }
  }
  assertResolvesInside(root, [...copied]);
  return { root, packages: [...copied] };
}

/** Fails unless a server started in `root` with PRESERVE_SYMLINKS, and the packages it loads, import the unpatched copies. */
function assertResolvesInside(root: string, packages: string[]): void {
  // From the build (ESM) and from inside @remix-run/server-runtime, which imports the router itself.
  const script = `
    const { createRequire } = require("node:module");
    const path = require("node:path");
    const from = [path.join(process.cwd(), "build/index.js"), path.join(process.cwd(), "node_modules/@remix-run/server-runtime/dist/index.js")];
    const out = {};
    for (const file of from) for (const name of ${JSON.stringify(packages)}) out[file + " -> " + name] = createRequire(file).resolve(name);
    console.log(JSON.stringify(out));`;
  const result = spawnSync(process.execPath, [...PRESERVE_SYMLINKS.split(" "), "-e", script], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`resolving the unpatched packages failed:\n${result.stderr}`);
  const resolved = JSON.parse(result.stdout) as Record<string, string>;
  for (const [what, file] of Object.entries(resolved)) {
    if (!file.startsWith(path.join(root, "node_modules") + path.sep)) throw new Error(`${what} resolves outside the unpatched root: ${file}`);
  }
}
