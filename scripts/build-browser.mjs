// Builds the storefront's browser module (app/browser/main.ts), the only JavaScript of every
// shopper's page (lean pages: app/lib/lean-page.ts). Run by `npm run build` after `remix build`,
// and by the development server (server/dev.ts) after each of `remix dev`'s builds: writes
// public/build/shop-<hash>.js (served with the rest of /build, immutable), the chunks it loads on
// demand (PayPal's SDK loader on the payment page), and public/build/browser.json, which the
// server reads to put <script type="module" src> on those pages (app/lib/browser-module.server.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outdir = path.join(root, "public/build");
/** Builds the module and writes its manifest; resolves with the module's URL path. */
export async function buildBrowserModule() {
  const result = await build({
    entryPoints: { shop: path.join(root, "app/browser/main.ts") },
    bundle: true,
    splitting: true,
    format: "esm",
    target: ["es2020", "chrome90", "safari14", "firefox90"],
    minify: true,
    outdir,
    entryNames: "[name]-[hash]",
    chunkNames: "shop-chunk-[hash]",
    alias: { "~": path.join(root, "app") },
    metafile: true,
    logLevel: "warning",
  });
  const output = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint);
  if (!output) throw new Error("esbuild wrote no entry");
  const src = `/build/${path.basename(output[0])}`;
  writeFileSync(path.join(outdir, "browser.json"), `${JSON.stringify({ src })}\n`);
  console.log(`browser module: ${src} (${output[1].bytes} bytes)`);
  return src;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildBrowserModule();
