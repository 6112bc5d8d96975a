import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { buildAssets, publicFiles, YEAR_IMMUTABLE } from "../../../server/static-files";

// The server's static-file steps (server/static-files.ts), mounted as the pipeline mounts them.
let tmp: string;
let base: string;
let close: () => void;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  const pub = path.join(tmp, "public");
  mkdirSync(path.join(pub, "uploads/products/thumbs"), { recursive: true });
  mkdirSync(path.join(pub, "build"), { recursive: true });
  writeFileSync(path.join(pub, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(pub, "build/entry-ABC.js"), "export {}");
  writeFileSync(path.join(pub, "uploads/products/3f2a.jpg"), "jpeg");
  writeFileSync(path.join(pub, "uploads/products/thumbs/thumb-3f2a.jpg"), "thumb");
  writeFileSync(path.join(pub, "shop"), "a file without an extension");
  mkdirSync(path.join(pub, "uploads/reviews/thumbs"), { recursive: true });
  writeFileSync(path.join(pub, "uploads/reviews/9c1d.jpg"), "a pending review's photo");
  writeFileSync(path.join(pub, "uploads/reviews/thumbs/thumb-9c1d.jpg"), "its thumbnail");
  const app = express();
  app.use("/build", buildAssets(path.join(pub, "build")));
  app.use(publicFiles(pub));
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

describe("static files", () => {
  it("gives product images and their thumbnails a year-long immutable cache", async () => {
    for (const url of ["/uploads/products/3f2a.jpg", "/uploads/products/thumbs/thumb-3f2a.jpg"]) {
      const res = await fetch(base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe(YEAR_IMMUTABLE);
    }
  });

  it("gives the build's assets a year-long immutable cache", async () => {
    const res = await fetch(`${base}/build/entry-ABC.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(YEAR_IMMUTABLE);
  });

  it("gives other files in public/ an hour", async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("never serves review photos, however the path is spelled: the app's route decides who sees them", async () => {
    for (const url of [
      "/uploads/reviews/9c1d.jpg",
      "/uploads/reviews/thumbs/thumb-9c1d.jpg",
      "/uploads/reviews%2F9c1d.jpg",
      "/uploads/%72eviews/9c1d.jpg",
      "/uploads/Reviews/9c1d.jpg",
      "/uploads/products/%2E%2E/reviews/9c1d.jpg",
    ]) {
      const res = await fetch(base + url);
      expect(await res.text(), url).toMatch(/^page /);
    }
  });

  it("sends paths without a file extension (pages) straight on, without looking for a file", async () => {
    const res = await fetch(`${base}/shop`);
    expect(await res.text()).toBe("page /shop");
    const missing = await fetch(`${base}/uploads/products/none.jpg`);
    expect(await missing.text()).toBe("page /uploads/products/none.jpg");
  });
});
