import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import Database from "better-sqlite3";
import { openDatabase } from "../../../app/lib/sqlite.server";
import { STORAGE_FAULT_TEXT } from "../../../app/lib/storage-fault";
import { startPaypalEmulator, type PaypalEmulator } from "../../../tools/paypal-emulator";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { type OwnServer, send, startOwnServer } from "../helpers/own-server";

// The real server (a build, one process, a copy of the e2e database) taken down hard: `kill -9`
// while PayPal is capturing and while orders are being placed, then started again on the same
// database; and the same server on a database that refuses every write. Each has a PayPal
// emulator of its own. What PayPal failing does to the payment code is in
// tests/integration/faults/, as are the SMTP server going down and SQLite's own refusals.

test.describe.configure({ mode: "serial" });

const PAYPAL = { clientId: "faults-e2e-client", clientSecret: "faults-e2e-secret" };
const ADDRESS = { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" };

let emulator: PaypalEmulator;
let server: OwnServer;

test.beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, ...PAYPAL });
  server = await startOwnServer({
    DEMO: "1",
    PAYPAL_MODE: "emulator",
    PAYPAL_API_BASE: emulator.url,
    PAYPAL_CLIENT_ID: PAYPAL.clientId,
    PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
    ORDER_LIMIT_PER_HOUR: "100000",
    JOBS: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await emulator?.close();
});

/** One read-only look at the server's database. */
function look<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(server.dbFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

async function product(stock: number): Promise<number> {
  const db = openDatabase(server.dbFile);
  try {
    const slug = uniqueSlug("faults");
    return (await makeProduct(db, { title: `Faults ${slug}`, slug, description: "Made for a fault test.", priceCents: 1500, stock, image: false })).id;
  } finally {
    await db.destroy();
  }
}

async function control(path: string, body?: unknown) {
  const res = await fetch(`${emulator.url}/__emulator/${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
}

/** A guest with a cart of `quantity` × the product, as a browser keeps it (the session cookie). */
async function guest(productId: number, quantity = 1): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${server.port}` });
  expect((await api.post("/api/cart", { data: { productId, quantity } })).status()).toBe(201);
  return api;
}

const ORDER = { status: "unpaid", shippingAddress: ADDRESS, useLoyaltyPoints: false, customerMessage: null, agreeToTerms: true };
const placeOrder = (api: APIRequestContext, email: string) => api.post("/api/orders", { data: { ...ORDER, email } });

test("kill -9 while PayPal captures: after the restart the buyer's next visit records the capture PayPal made, once", async () => {
  const productId = await product(5);
  const api = await guest(productId, 2);
  try {
    const placed = await placeOrder(api, "faults-capture@example.com");
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: number; confirmationToken: string; total: string };
    const started = await api.post("/api/paypal/order", { data: { amount: order.total, currency: "USD", intent: "CAPTURE" } });
    const paypalOrderId = ((await started.json()) as { id: string }).id;
    await control(`approve/${paypalOrderId}`);
    await control("hold-capture", { orderId: paypalOrderId });

    // The buyer pays; the shop holds the stock and asks PayPal, and dies before PayPal answers.
    const capturing = api.post(`/api/paypal/order/${paypalOrderId}/capture`).catch((error: Error) => error);
    await expect.poll(() => emulator.state.heldCaptures.get(paypalOrderId)?.length ?? 0).toBe(1);
    expect(look((db) => db.prepare("SELECT stock FROM products WHERE id = ?").get(productId))).toEqual({ stock: 3 });
    await server.kill();
    expect((await capturing) instanceof Error).toBe(true);

    // PayPal finishes the capture: the buyer's money is taken, the shop has no record of it.
    await control("release-capture", { orderId: paypalOrderId });
    expect(emulator.state.orders.get(paypalOrderId)!.status).toBe("COMPLETED");
    expect(look((db) => db.prepare("SELECT status, stock_reserved AS reserved FROM orders WHERE id = ?").get(order.id))).toEqual({
      status: "unpaid",
      reserved: 1,
    });

    await server.restart();
    // PayPal's return page sends the buyer to the payment page: it finds the capture and records it.
    const page = await api.get(`/order/${order.id}/payment?token=${encodeURIComponent(order.confirmationToken)}`);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(`/order/${order.id}/confirmation`);
    const after = look((db) => ({
      order: db.prepare("SELECT status, paypal_order_id AS paypalOrderId FROM orders WHERE id = ?").get(order.id),
      stock: db.prepare("SELECT stock FROM products WHERE id = ?").get(productId),
      mails: db.prepare("SELECT count(*) AS n FROM outbox WHERE event_key = ?").get(`order-paid:${order.id}`),
    }));
    expect(after).toEqual({ order: { status: "paid", paypalOrderId }, stock: { stock: 3 }, mails: { n: 1 } });
    const captures = [...emulator.state.orders.values()]
      .filter((o) => o.purchase_units[0]?.reference_id === String(order.id))
      .flatMap((o) => o.purchase_units[0]?.payments?.captures ?? []);
    expect(captures).toHaveLength(1);
    // Paying again is refused: the order is paid.
    const again = await api.post("/api/paypal/order", { data: { amount: order.total, currency: "USD", intent: "CAPTURE" } });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect(captures).toHaveLength(1);
  } finally {
    await api.dispose();
  }
});

test("kill -9 while orders are being placed: no order is half written, and each buyer places hers again once", async () => {
  const productId = await product(100);
  const target = () => ({ port: server.port });
  const json = { "Content-Type": "application/json", Accept: "application/json" };
  // Twenty guests with a cart each (their session cookie, as a browser keeps it).
  const buyers = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const cart = await send(target(), "POST", "/api/cart", json, JSON.stringify({ productId, quantity: 1 }));
      expect(cart.status).toBe(201);
      return { email: `faults-place-${i}@example.com`, cookie: String(cart.headers["set-cookie"]).split(";")[0]! };
    }),
  );
  const place = (b: { email: string; cookie: string }) =>
    send(target(), "POST", "/api/orders", { ...json, Cookie: b.cookie }, JSON.stringify({ ...ORDER, email: b.email })).then(
      (r) => r.status,
      () => 0,
    );
  const before = look((db) => (db.prepare("SELECT coalesce(max(id), 0) AS id FROM orders").get() as { id: number }).id);
  const answers = buyers.map(place);
  // Down as soon as the first buyer has her answer: the others' requests are cut off wherever they were.
  await Promise.race(answers);
  await server.kill();
  const statuses = await Promise.all(answers);
  expect(statuses.every((s) => s === 201 || s === 0)).toBe(true);
  expect(statuses.filter((s) => s === 0).length).toBeGreaterThan(0);

  await server.restart();
  const check = () =>
    look((db) => ({
      integrity: db.pragma("integrity_check", { simple: true }),
      orders: db
        .prepare("SELECT id, email, total_cents AS total, subtotal_cents AS subtotal, shipping_cents AS shipping FROM orders WHERE id > ?")
        .all(before) as {
        id: number;
        email: string;
        total: number;
        subtotal: number;
        shipping: number;
      }[],
      lines: db
        .prepare("SELECT order_id AS orderId, sum(unit_price_cents * quantity) AS cents FROM order_items WHERE order_id > ? GROUP BY order_id")
        .all(before) as {
        orderId: number;
        cents: number;
      }[],
    }));
  let seen = check();
  expect(seen.integrity).toBe("ok");
  // Every order that exists is whole: its lines add up to its subtotal, its total to lines and shipping.
  for (const o of seen.orders) {
    expect(seen.lines.find((l) => l.orderId === o.id)?.cents, `order #${o.id}`).toBe(o.subtotal);
    expect(o.total).toBe(o.subtotal + o.shipping);
  }
  expect(seen.orders.length).toBeGreaterThanOrEqual(statuses.filter((s) => s === 201).length);

  // Every buyer places her order again: the one that reached the database is used again, never a second.
  for (const b of buyers) expect(await place(b), b.email).toBe(201);
  seen = check();
  for (const b of buyers)
    expect(
      seen.orders.filter((o) => o.email === b.email),
      b.email,
    ).toHaveLength(1);
});

test.describe("a database that refuses every write", () => {
  let readOnly: OwnServer;
  test.beforeAll(async () => {
    readOnly = await startOwnServer({ DATABASE_READ_ONLY: "1", JOBS: "off" });
  });
  test.afterAll(async () => {
    await readOnly?.stop();
  });

  test("pages and the API still read; every write answers 503 with Retry-After, a calm page or {message}, never a stack", async () => {
    const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${readOnly.port}` });
    try {
      for (const path of ["/", "/shop", "/cart", "/about", "/api/products", "/healthz"]) expect((await api.get(path)).status(), path).toBe(200);
      const slug = ((await (await api.get("/api/products")).json()) as { products: { slug: string; id: number }[] }).products[0]!;
      expect((await api.get(`/product/${slug.slug}`)).status()).toBe(200);

      const apiWrite = await api.post("/api/cart", { data: { productId: slug.id, quantity: 1 } });
      expect(apiWrite.status()).toBe(503);
      expect(apiWrite.headers()["retry-after"]).toBe("60");
      expect(await apiWrite.json()).toEqual({ message: STORAGE_FAULT_TEXT.message });

      const form = { intent: "add", productId: String(slug.id), redirectTo: "/shop" };
      const page = await api.post("/cart", { form, headers: { Accept: "text/html" }, maxRedirects: 0 });
      expect(page.status()).toBe(503);
      expect(page.headers()["retry-after"]).toBe("60");
      const html = await page.text();
      expect(html).toContain(STORAGE_FAULT_TEXT.title);
      expect(html).not.toMatch(/SQLITE|readonly database|node_modules|at async/);

      const script = await api.post("/cart", { form, headers: { Accept: "application/json" } });
      expect(script.status()).toBe(503);
      expect(await script.json()).toEqual({ message: STORAGE_FAULT_TEXT.message });

      const signUp = await api.post("/login", {
        form: { intent: "signup", email: "faults-ro@example.com", password: "faults-read-only-9", firstName: "Ro", lastName: "Only" },
        headers: { Accept: "text/html" },
        maxRedirects: 0,
      });
      expect(signUp.status()).toBe(503);
      // The owner reads why in the log.
      expect(readOnly.log()).toContain("SQLITE_READONLY");
    } finally {
      await api.dispose();
    }
  });
});
