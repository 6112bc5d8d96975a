import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { freePort, ROOT as root, send } from "../helpers/own-server";
import { E2E_DB_PATH } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// SIGTERM during a running order: a server of its own (one process, a copy of the
// e2e database, a free port) gets SIGTERM while an order's request is half sent. It stops
// taking connections, finishes that order (also through a second SIGTERM), checkpoints the WAL
// and exits 0.

test("SIGTERM while an order is being placed: the order completes, new connections are refused, exit 0 with the WAL checkpointed", async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-sigterm-"));
  const dbFile = path.join(dir, "shop.db");
  const source = new Database(E2E_DB_PATH, { readonly: true });
  await source.backup(dbFile);
  source.close();
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/index.ts"), path.join(root, "build/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: dbFile,
      UPLOAD_DIR: path.join(dir, "uploads"),
      BACKUP_DIR: path.join(dir, "backups"),
      SESSION_SECRET: "sigterm-secret-sigterm-secret",
      LOG_LEVEL: "info",
      // The copied database holds every order the suite placed from this address this hour.
      ORDER_LIMIT_PER_HOUR: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  server.stdout!.on("data", (c) => (log += c));
  server.stderr!.on("data", (c) => (log += c));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    for (let i = 0; ; i++) {
      const ok = await send({ port }, "GET", "/healthz", {}).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 100) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const product = new Database(dbFile, { readonly: true })
      .prepare("SELECT id FROM products WHERE total_stock > 0 AND has_color_variations = 0 AND has_variations = 0 LIMIT 1")
      .get() as { id: number };
    const added = await send({ port }, "POST", "/api/cart", { "Content-Type": "application/json" }, JSON.stringify({ productId: product.id, quantity: 1 }));
    expect(added.status).toBe(201);
    const cookie = String(added.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
    const email = uniqueEmail("sigterm");
    const body = JSON.stringify({
      email,
      status: "unpaid",
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
      useLoyaltyPoints: false,
    });

    // Half of the order's body now, SIGTERM, the rest later.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/orders",
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Cookie: cookie },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 40));
      setTimeout(() => {
        server.kill("SIGTERM");
        // A process group's SIGTERM can reach a process twice (supervisor and cluster primary):
        // the second one must not end it while it drains.
        setTimeout(() => server.kill("SIGTERM"), 150);
        setTimeout(async () => {
          // Stopped taking connections while the order is still open.
          const refused = await send({ port }, "GET", "/healthz", {}).then(
            () => false,
            (e: NodeJS.ErrnoException) => e.code === "ECONNREFUSED",
          );
          expect(refused).toBe(true);
          req.end(body.slice(40));
        }, 700);
      }, 300);
    });
    const done = await answer;
    expect(done.status, done.body).toBe(201);
    const { id } = JSON.parse(done.body) as { id: number };
    expect(await exited).toBe(0);
    expect(log).toContain('"msg":"stopped"');
    expect(!existsSync(`${dbFile}-wal`) || statSync(`${dbFile}-wal`).size === 0).toBe(true);
    const db = new Database(dbFile, { readonly: true });
    expect(db.prepare("SELECT email, status FROM orders WHERE id = ?").get(id)).toEqual({ email, status: "unpaid" });
    db.close();
    // Every request was logged as one JSON line with its id, and nothing personal.
    const lines = log.split("\n").filter((l) => l.includes('"msg":"request"'));
    expect(lines.some((l) => l.includes('"route":"/api/orders"') && l.includes('"status":201'))).toBe(true);
    expect(log).not.toContain("Loom Street");
    expect(log).not.toContain(cookie.split("=")[1]!);
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
