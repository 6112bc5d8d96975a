import { expect, test } from "../fixtures";
import { uniqueEmail } from "../helpers/session";

// Operations over HTTP: security headers on every answer, the request id, /healthz,
// and the CSV exports' door.

test.describe("security headers", () => {
  test("a page: CSP with a fresh nonce that its inline scripts carry, nosniff, referrer policy, no framing", async ({ request }) => {
    const first = await request.get("/about");
    const second = await request.get("/about");
    const csp = first.headers()["content-security-policy"]!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|paypal/);
    // A shopper's page: its one script (the browser module) carries the nonce.
    const html = await first.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !attrs.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // A hydrated admin page has inline scripts (Remix's context): each carries that page's nonce.
    const admin = await request.get("/admin-login");
    const adminNonce = /script-src 'self' 'nonce-([^']+)'/.exec(admin.headers()["content-security-policy"]!)?.[1];
    const inline = [...(await admin.text()).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${adminNonce}"`);
    expect(first.headers()).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
    // The e2e shop runs on http: no HSTS.
    expect(first.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("JSON, files, errors and 404s carry them too, each header once", async ({ request }) => {
    for (const path of ["/api/products?limit=1", "/favicon.svg", "/no-such-page", "/api/orders/999999", "/healthz"]) {
      const res = await request.get(path);
      const headers = res.headersArray();
      const once = (name: string) => headers.filter((h) => h.name.toLowerCase() === name).length;
      expect(once("content-security-policy"), path).toBe(1);
      expect(once("x-content-type-options"), path).toBe(1);
      expect(once("referrer-policy"), path).toBe(1);
      expect(res.headers()["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await request.get("/api/products?limit=1")).headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("the request id: a fresh one per request; a well-formed one from a proxy is kept, a hostile one replaced", async ({ request }) => {
    const a = (await request.get("/about")).headers()["x-request-id"];
    const b = (await request.get("/about")).headers()["x-request-id"];
    expect(a).not.toBe(b);
    expect((await request.get("/about", { headers: { "X-Request-Id": "edge-1234" } })).headers()["x-request-id"]).toBe("edge-1234");
    for (const bad of ['x"} {"level":60', "<script>", "a".repeat(65)]) {
      expect((await request.get("/about", { headers: { "X-Request-Id": bad } })).headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

test.describe("GET /healthz", () => {
  test("to anyone, only whether the shop and its database are up", async ({ request, loginAsCustomer }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
    const customer = await loginAsCustomer({ email: uniqueEmail("health-customer") });
    expect(await (await customer.request.get("/healthz")).json()).toEqual({ status: "ok", db: "ok" });
    await customer.request.dispose();
  });

  test("to an admin session, the database, last backup, outbox, free disk and replication; nothing secret", async ({ loginAsAdmin }) => {
    const admin = await loginAsAdmin({ email: uniqueEmail("health-admin") });
    const res = await admin.request.get("/healthz");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: "ok",
      db: "ok",
      lastBackupAt: body.lastBackupAt === null ? null : expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      outboxPending: expect.any(Number),
      disk: { freeBytes: expect.any(Number) },
      // The e2e server runs without LITESTREAM_REPLICA_URL.
      replication: { configured: false },
    });
    expect(body.disk.freeBytes).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/sqlite|secret|\/tmp|\.tmp/i);
    await admin.request.dispose();
  });
});

test.describe("CSV exports over HTTP", () => {
  test("403 for a visitor and a customer; a CSV download for the admin", async ({ request, loginAsAdmin, loginAsCustomer }) => {
    expect((await request.get("/admin/orders.csv")).status()).toBe(403);
    expect((await request.get("/admin/users.csv")).status()).toBe(403);
    const customer = await loginAsCustomer({ email: uniqueEmail("csv-customer") });
    expect((await customer.request.get("/admin/orders.csv")).status()).toBe(403);
    const body = await (await customer.request.get("/admin/users.csv")).json();
    expect(body).toEqual({ message: expect.any(String) });
    await customer.request.dispose();
    const admin = await loginAsAdmin({ email: uniqueEmail("csv-admin") });
    const res = await admin.request.get("/admin/orders.csv?status=paid&from=2020-01-01");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toMatch(/attachment; filename="orders-/);
    expect((await res.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((await res.text()).split("\n")[0]).toContain("Order,Placed at,Status,E-mail");
    await admin.request.dispose();
  });
});
