import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { ROOT, send, startOwnServer } from "../helpers/own-server";

// The same-origin check is one step of the server's pipeline, in front of every route: no route
// action checks the Origin itself any more. This enumerates every route of the build that has an
// action and sends each write method from another origin through the real server (a copy of the
// e2e database, jobs off): every one is refused with the pipeline's 403 before Remix sees it, and
// the database is byte-for-byte the same afterwards.

/** The build's routes that have an action, as full URL patterns ("/api/cart/:itemId"). */
function routesWithActions(): string[] {
  const script = `
    const build = await import(${JSON.stringify(`${ROOT}/build/index.js`)});
    const full = (id) => { const r = build.routes[id]; if (!r) return ""; return [r.parentId ? full(r.parentId) : "", r.path ?? ""].filter(Boolean).join("/"); };
    const paths = Object.entries(build.routes).filter(([, r]) => typeof r.module.action === "function").map(([id]) => "/" + full(id));
    process.stdout.write(JSON.stringify(paths));`;
  // Importing the build starts nothing (no jobs, no server); it only needs settings that load.
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATABASE_PATH: ":memory:",
      SESSION_SECRET: "routes-only-routes-only-routes-only",
      APP_URL: "http://127.0.0.1:1",
      LOG_LEVEL: "silent",
    },
    encoding: "utf8",
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout.trim().split("\n").pop()!) as string[];
}

/** A concrete URL for a route pattern: every parameter becomes "1", a splat "x". */
function urlFor(pattern: string): string {
  return (
    pattern
      .replace(/\/:[^/]+/g, "/1")
      .replace(/\/\*$/, "/x")
      .replace(/\/[^/]+\?(?=\/|$)/g, "") || "/"
  );
}

function databaseDigest(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const hash = createHash("sha256");
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    for (const { name } of tables) {
      hash.update(name);
      for (const row of db.prepare(`SELECT * FROM "${name}"`).raw().iterate()) hash.update(JSON.stringify(row));
    }
    return hash.digest("hex");
  } finally {
    db.close();
  }
}

test("every route with an action refuses a write from another origin with the pipeline's 403 and changes nothing", async () => {
  test.setTimeout(180_000);
  const routes = routesWithActions();
  // The shop has some 80 write routes; a handful would mean the enumeration broke.
  expect(routes.length).toBeGreaterThan(40);
  const server = await startOwnServer({ JOBS: "off", WEB_CONCURRENCY: "1" });
  try {
    const before = databaseDigest(server.dbFile);
    const answers: string[] = [];
    for (const route of routes) {
      const url = urlFor(route);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        for (const [kind, headers, body] of [
          [
            "json",
            { "Content-Type": "application/json", Accept: "application/json" },
            JSON.stringify({ productId: 1, quantity: 1, intent: "clear", confirmed: "yes" }),
          ],
          ["form", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, "intent=clear&confirmed=yes&productId=1&quantity=1"],
        ] as const) {
          const res = await send({ port: server.port }, method, url, { ...headers, Origin: "http://evil.example" }, body);
          const refused = res.status === 403 && res.body.includes("Cross-site request refused") && res.headers["set-cookie"] === undefined;
          if (!refused) answers.push(`${method} ${url} (${kind}): ${res.status} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(answers).toEqual([]);
    // The refusals were logged as requests, so they did reach the server.
    expect(server.log()).toContain('"status":403');
    expect(databaseDigest(server.dbFile)).toBe(before);
  } finally {
    await server.stop();
  }
});
