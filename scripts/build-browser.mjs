// Builds the storefront's one browser module (app/browser/enhance.ts) for the lean catalogue
// pages (home, /shop, categories, search, product), which ship no React or Remix client code.
// Run by `npm run build` after `remix build`, and by the development server (server/dev.ts) after
// each of `remix dev`'s builds: writes public/build/enhance-<hash>.js (served with
// the rest of /build, immutable) and public/build/enhance.json, which the server reads to put
// <script type="module" src> on those pages (app/lib/browser-module.server.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outdir = path.join(root, "public/build");
/** Builds the module and writes its manifest; resolves with the module's URL path. */
export async function buildBrowserModule() {
  const result = await build({
    entryPoints: { enhance: path.join(root, "app/browser/enhance.ts") },
    bundle: true,
    format: "esm",
    target: ["es2020", "chrome90", "safari14", "firefox90"],
    minify: true,
    outdir,
    entryNames: "[name]-[hash]",
    alias: { "~": path.join(root, "app") },
    metafile: true,
    logLevel: "warning",
  });
  const output = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint);
  if (!output) throw new Error("esbuild wrote no entry");
  const src = `/build/${path.basename(output[0])}`;
  writeFileSync(path.join(outdir, "enhance.json"), `${JSON.stringify({ src })}\n`);
  console.log(`browser module: ${src} (${output[1].bytes} bytes)`);
  return src;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildBrowserModule();
