import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["./tests/e2e/summary-reporter.ts"]],
  use: {
    baseURL: E2E_URL,
    launchOptions: chromium,
    viewport: { width: 1280, height: 900 },
    trace: "off",
  },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    { name: "js-on", testMatch: "browser/**/*.spec.ts", use: { javaScriptEnabled: true } },
    { name: "js-off", testMatch: "browser/**/*.spec.ts", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "tsx tests/e2e/start-server.ts",
    url: `${E2E_URL}/about`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
