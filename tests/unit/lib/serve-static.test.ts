import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

// scripts/serve-static.cjs tunes remix-serve's express.static("public") (scripts/serve.cjs).
const require = createRequire(import.meta.url);
// express has no type declarations here; this is the little of it the test uses.
type Handler = (req: { path: string }, res: { send: (body: string) => void }, next: () => void) => void;
interface Express {
  (): { use: (...args: unknown[]) => void; all: (path: string, handler: Handler) => void; listen: (port: number, host: string) => import("node:http").Server };
  static: (root: string, options?: { maxAge?: string; immutable?: boolean; setHeaders?: (res: unknown, file: string) => void }) => Handler;
}
const express = require("express") as Express;
const { tunePublicStatic, YEAR_IMMUTABLE } = require("../../../scripts/serve-static.cjs") as {
  tunePublicStatic: (e: Express, publicDir: string) => void;
  YEAR_IMMUTABLE: string;
};

let tmp: string;
let base: string;
let close: () => void;
const stats: string[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "serve-static-"));
  const pub = path.join(tmp, "public");
  mkdirSync(path.join(pub, "uploads/products/thumbs"), { recursive: true });
  writeFileSync(path.join(pub, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(pub, "uploads/products/3f2a.jpg"), "jpeg");
  writeFileSync(path.join(pub, "uploads/products/thumbs/thumb-3f2a.jpg"), "thumb");
  writeFileSync(path.join(pub, "shop"), "a file without an extension");
  tunePublicStatic(express, pub);
  const app = express();
  // The same two calls remix-serve makes: only the one for public/ is tuned.
  app.use("/build", express.static(path.join(pub, "build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(pub, { maxAge: "1h", setHeaders: (_res, file) => stats.push(file) }));
  app.all("*", (req, res) => {
    res.send(`page ${req.path}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("the tuned static middleware for public/", () => {
  it("gives product images and their thumbnails a year-long immutable cache", async () => {
    for (const url of ["/uploads/products/3f2a.jpg", "/uploads/products/thumbs/thumb-3f2a.jpg"]) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe(YEAR_IMMUTABLE);
    }
  });

  it("keeps remix-serve's one-hour lifetime, and the caller's own headers, for other files", async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(stats.some((file) => file.endsWith("favicon.svg"))).toBe(true);
  });

  it("sends paths without a file extension (pages) straight on, without looking for a file", async () => {
    const res = await fetch(`${base}/shop`);
    expect(await res.text()).toBe("page /shop");
    const missing = await fetch(`${base}/uploads/products/none.jpg`);
    expect(await missing.text()).toBe("page /uploads/products/none.jpg");
  });

  it("installs once", () => {
    const tuned = express.static;
    tunePublicStatic(express, path.join(tmp, "public"));
    expect(express.static).toBe(tuned);
  });
});
