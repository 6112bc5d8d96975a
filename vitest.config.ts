import path from "node:path";
import { defineConfig } from "vitest/config";

const TESTS = ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"];
// Components render into a DOM; everything else (domain, lib, routes called directly) runs in plain Node.
const DOM_TESTS = ["tests/unit/components/**/*.test.{ts,tsx}", "tests/unit/browser/**/*.test.{ts,tsx}", "tests/integration/**/*.test.tsx"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    globals: true,
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: { name: "node", include: TESTS, exclude: DOM_TESTS, environment: "node", setupFiles: ["tests/setup/per-file.ts"] },
      },
      {
        extends: true,
        test: { name: "dom", include: DOM_TESTS, environment: "jsdom", setupFiles: ["tests/setup/per-file.ts", "tests/setup/jest-dom.ts"] },
      },
    ],
  },
});
