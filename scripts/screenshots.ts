// Takes screenshots of pages with JavaScript on and off: [SHOT_COOKIE=name=value] tsx scripts/screenshots.ts <baseUrl> <outDir> <path...>
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/chromium";

const [base = "http://127.0.0.1:3000", out = "/tmp/shots", ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const js of [true, false]) {
  for (const width of [1280, 360]) {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: width > 400 ? 900 : 740 } });
    // SHOT_COOKIE="name=value" signs the pages in (e.g. a __session cookie taken from a login call).
    const shotCookie = process.env.SHOT_COOKIE;
    if (shotCookie) {
      const [name, ...rest] = shotCookie.split("=");
      await context.addCookies([{ name: name!, value: rest.join("="), url: base }]);
    }
    const page = await context.newPage();
    for (const p of paths.length ? paths : ["/"]) {
      await page.goto(base + p);
      const name = `${p.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}-${js ? "js" : "nojs"}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(path.join(out, name));
    }
    await context.close();
  }
}
await browser.close();
