import { readFileSync } from "node:fs";
import path from "node:path";

let cached: string | null | undefined;

/**
 * The URL of the storefront's browser module (/build/shop-<hash>.js), written by
 * scripts/build-browser.mjs at build time; null when there is none (tests without a build, dev).
 * Read once per process.
 */
export function getBrowserModuleSrc(): string | null {
  if (cached !== undefined) return cached;
  try {
    const manifest = JSON.parse(readFileSync(path.resolve("public/build/browser.json"), "utf8")) as { src?: unknown };
    cached = typeof manifest.src === "string" && /^\/build\/shop-[\w-]+\.js$/.test(manifest.src) ? manifest.src : null;
  } catch {
    cached = null;
  }
  return cached;
}
