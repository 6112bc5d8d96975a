import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { type Answer, ROOT, send, startOwnServer, type OwnServer } from "../helpers/own-server";
import { uniqueEmail } from "../helpers/session";

// deploy/Caddyfile, run by Debian's caddy in front of a shop of the test's own (TRUST_PROXY=1,
// on loopback), as docs/deploy.md sets it up: the same file, with the test's values in Caddy's
// environment. Clients are told apart by their own loopback addresses (127.0.0.2, .3, .4), which
// is the address Caddy sees and forwards.

const CADDY = "/usr/bin/caddy";
const E2E_UPLOADS = path.join(ROOT, "tests/.tmp/uploads");

// One Caddy and one shop for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

/** A free port in 3550-3570 (the range this suite's Caddy may use). */
async function freePortInRange(taken: number[] = []): Promise<number> {
  for (let port = 3550; port <= 3570; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 3550-3570 for Caddy");
}

let shop: OwnServer;
let caddy: ChildProcess;
let caddyLog = "";
let caddyHome: string;
let httpsPort: number;
let httpPort: number;
let rootCa: string;
let photo: string;

/** A request to Caddy over HTTPS, trusting only Caddy's own local CA, from the given loopback address. */
function viaCaddy(from: string, method: string, p: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        port: httpsPort,
        localAddress: from,
        ca: rootCa,
        method,
        path: p,
        headers: { ...headers, ...(body !== undefined ? { "Content-Length": Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  if (!existsSync(CADDY)) {
    throw new Error(`${CADDY} is missing: this test runs Debian's caddy (apt-get install caddy; .ci/run installs it).`);
  }
  httpsPort = await freePortInRange();
  httpPort = await freePortInRange([httpsPort]);
  shop = await startOwnServer({ TRUST_PROXY: "1", APP_URL: `https://127.0.0.1:${httpsPort}` });
  const uploads = path.join(shop.dir, "uploads");
  mkdirSync(path.join(uploads, "products"), { recursive: true });
  const sample = readdirSync(path.join(E2E_UPLOADS, "products")).find((f) => /\.(webp|jpg|png)$/.test(f));
  if (!sample) throw new Error(`no product photo in ${E2E_UPLOADS}/products (the e2e seed writes them)`);
  photo = sample;
  copyFileSync(path.join(E2E_UPLOADS, "products", photo), path.join(uploads, "products", photo));

  // Caddy's data (its local CA, certificates) and config go to a folder of the test's own, and
  // its root is never installed into the system's trust store (skip_install_trust in the file).
  caddyHome = mkdtempSync(path.join(os.tmpdir(), "shop-caddy-"));
  caddy = spawn(CADDY, ["run", "--adapter", "caddyfile", "--config", path.join(ROOT, "deploy/Caddyfile")], {
    cwd: caddyHome,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOME: caddyHome,
      XDG_DATA_HOME: path.join(caddyHome, "data"),
      XDG_CONFIG_HOME: path.join(caddyHome, "config"),
      SHOP_SITE: "127.0.0.1",
      CADDY_TLS: "internal",
      CADDY_ADMIN: "off",
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_GLOBAL_OPTIONS: "default_bind 127.0.0.1",
      SHOP_UPSTREAM: `127.0.0.1:${shop.port}`,
      SHOP_DIR: ROOT,
      UPLOAD_DIR: uploads,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  caddy.stdout!.on("data", (c) => (caddyLog += c));
  caddy.stderr!.on("data", (c) => (caddyLog += c));
  const rootFile = path.join(caddyHome, "data/caddy/pki/authorities/local/root.crt");
  for (let i = 0; ; i++) {
    if (existsSync(rootFile)) {
      rootCa = readFileSync(rootFile, "utf8");
      const up = await viaCaddy("127.0.0.1", "GET", "/healthz").then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
    }
    if (caddy.exitCode !== null || i > 100) throw new Error(`Caddy did not start:\n${caddyLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((resolve) => caddy.once("exit", resolve));
    caddy.kill("SIGTERM");
    await exited;
  }
  await shop?.stop();
  if (caddyHome) rmSync(caddyHome, { recursive: true, force: true });
});

const wrongPassword = (email: string, i: number) => JSON.stringify({ email, password: `not-the-password-${i}` });

test("through Caddy, two clients have separate sign-in limits, and a client's own X-Forwarded-For counts for nothing", async () => {
  const email = uniqueEmail("caddy-limits");
  const json = { "Content-Type": "application/json" };
  // Client A (127.0.0.2) uses up the five tries for this e-mail from its address.
  for (let i = 0; i < 5; i++) expect((await viaCaddy("127.0.0.2", "POST", "/api/auth/login", json, wrongPassword(email, i))).status).toBe(401);
  const blocked = await viaCaddy("127.0.0.2", "POST", "/api/auth/login", json, wrongPassword(email, 5));
  expect(blocked.status).toBe(429);
  expect(JSON.parse(blocked.body).message).toMatch(/Too many failed sign-in attempts/);
  // Client B (127.0.0.3) still has its own.
  expect((await viaCaddy("127.0.0.3", "POST", "/api/auth/login", json, wrongPassword(email, 6))).status).toBe(401);
  // A claims to be B: Caddy writes the address it saw, so A stays blocked.
  expect((await viaCaddy("127.0.0.2", "POST", "/api/auth/login", { ...json, "X-Forwarded-For": "127.0.0.3" }, wrongPassword(email, 7))).status).toBe(429);
  expect((await viaCaddy("127.0.0.2", "POST", "/api/auth/login", { ...json, "X-Forwarded-For": "127.0.0.3, 127.0.0.3" }, wrongPassword(email, 8))).status).toBe(
    429,
  );
  // C claims to be A: it is not caught in A's limit, it counts as itself.
  expect((await viaCaddy("127.0.0.4", "POST", "/api/auth/login", { ...json, "X-Forwarded-For": "127.0.0.2" }, wrongPassword(email, 9))).status).toBe(401);

  const db = new Database(shop.dbFile, { readonly: true });
  const rows = db.prepare("SELECT ip, count(*) AS n FROM login_attempts WHERE email = ? GROUP BY ip ORDER BY ip").all(email);
  db.close();
  expect(rows).toEqual([
    { ip: "127.0.0.2", n: 5 },
    { ip: "127.0.0.3", n: 1 },
    { ip: "127.0.0.4", n: 1 },
  ]);
});

test("Caddy answers HTTPS only: plain HTTP is redirected to https://", async () => {
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port: httpPort, path: "/shop" }, resolve).on("error", reject);
  });
  answer.resume();
  expect(answer.statusCode).toBe(308);
  expect(answer.headers.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/shop$/);
});

test("Caddy serves the build's assets and product photos with the shop's own cache and security headers", async () => {
  const build = path.join(ROOT, "public/build");
  const asset = readdirSync(build).find((f) => f.endsWith(".js"));
  expect(asset).toBeTruthy();
  for (const p of [`/build/${asset}`, `/uploads/products/${photo}`]) {
    const direct = await send({ port: shop.port }, "GET", p);
    const proxied = await viaCaddy("127.0.0.2", "GET", p);
    expect(direct.status, p).toBe(200);
    expect(proxied.status, p).toBe(200);
    // Caddy and express name JavaScript's type differently; both are JavaScript.
    const type = (h: http.IncomingHttpHeaders) => String(h["content-type"]).split(";")[0]!.replace("application/javascript", "text/javascript");
    expect(type(proxied.headers), p).toBe(type(direct.headers));
    for (const name of ["cache-control", "x-content-type-options", "x-frame-options", "content-security-policy", "referrer-policy"]) {
      expect(proxied.headers[name], `${p} ${name}`).toBe(direct.headers[name]);
    }
    expect(proxied.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(proxied.body).toBe(direct.body);
  }
  // Anything else under /uploads/ goes to the shop, which decides.
  expect((await viaCaddy("127.0.0.2", "GET", "/uploads/products/missing.json")).status).toBe(404);
});

test("Caddy answers 413 to a body declared over the shop's limit, as the shop does, and passes one within it", async () => {
  const json = { "Content-Type": "application/json" };
  const limit = 1024 * 1024;
  const within = JSON.stringify({ productId: 1, quantity: 1, note: "x".repeat(limit - 200) });
  const over = JSON.stringify({ productId: 1, quantity: 1, note: "x".repeat(limit + 10) });
  const small = await viaCaddy("127.0.0.5", "POST", "/api/cart", json, within);
  expect(small.status).not.toBe(413);
  // The shop answered it (every answer of the shop has its request id).
  expect(small.headers["x-request-id"]).toBeTruthy();

  const big = await viaCaddy("127.0.0.5", "POST", "/api/cart", json, over);
  const shops = await send({ port: shop.port }, "POST", "/api/cart", json, over);
  expect(big.status).toBe(413);
  expect(big.headers["x-request-id"]).toBeUndefined();
  expect(JSON.parse(big.body)).toEqual(JSON.parse(shops.body));
  expect(big.headers["content-type"]).toBe(shops.headers["content-type"]);
  // A page's form gets a page.
  const form = await viaCaddy("127.0.0.5", "POST", "/login", { "Content-Type": "application/x-www-form-urlencoded" }, `email=${"x".repeat(limit)}`);
  expect(form.status).toBe(413);
  expect(form.headers["content-type"]).toMatch(/^text\/html/);
  expect(form.body).toContain("The request is too large.");
  // A script that asks for JSON gets JSON there too, as from the shop (app/lib/wants-json.ts).
  const scripted = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  const script = await viaCaddy("127.0.0.5", "POST", "/login", scripted, `email=${"x".repeat(limit)}`);
  const shopsScript = await send({ port: shop.port }, "POST", "/login", scripted, `email=${"x".repeat(limit)}`);
  expect(script.status).toBe(413);
  expect(script.headers["content-type"]).toBe(shopsScript.headers["content-type"]);
  expect(JSON.parse(script.body)).toEqual(JSON.parse(shopsScript.body));
});

test("Caddy passes a review's photos to the shop on both of the form's doors, up to its own 31 MiB limit", async () => {
  // A signed-in customer, so that the shop reads the whole post before it answers (she bought nothing: 403).
  const json = { "Content-Type": "application/json" };
  const account = JSON.stringify({ email: uniqueEmail("caddy-review"), password: "review-photos-9", firstName: "Rita", lastName: "View" });
  const registered = await viaCaddy("127.0.0.6", "POST", "/api/auth/register", json, account);
  expect(registered.status).toBe(201);
  const cookie = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const db = new Database(shop.dbFile, { readonly: true });
  const product = db.prepare("SELECT id, slug FROM products ORDER BY id LIMIT 1").get() as { id: number; slug: string };
  db.close();
  // A 3 MB photo, three times the limit of every other form.
  const part = (name: string, value: string, file = "") =>
    `--x\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n${value}\r\n`;
  const body =
    part("intent", "review-write") + part("rating", "5") + part("text", "Lovely") + part("photos", "x".repeat(3 * 1024 * 1024), "phone.jpg") + "--x--\r\n";
  const multipart = { "Content-Type": "multipart/form-data; boundary=x", Cookie: cookie, Accept: "application/json" };
  for (const door of [`/api/products/${product.id}/reviews`, `/product/${product.slug}`]) {
    const passed = await viaCaddy("127.0.0.6", "POST", door, multipart, body);
    // The shop read it and answered (every answer of the shop has its request id): not a buyer.
    expect(passed.status, door).toBe(403);
    expect(passed.headers["x-request-id"], door).toBeTruthy();
    // Declared over the review limit: Caddy answers, the shop never sees it.
    const over = await viaCaddy("127.0.0.6", "POST", door, { ...multipart, "Content-Length": String(32 * 1024 * 1024) });
    expect(over.status, door).toBe(413);
    expect(over.headers["x-request-id"], door).toBeUndefined();
  }
  // The same paths keep 1 MiB for anything else, like every other path.
  const big = await viaCaddy("127.0.0.6", "POST", `/api/products/${product.id}/reviews`, json, `"${"x".repeat(2 * 1024 * 1024)}"`);
  expect(big.status).toBe(413);
});
