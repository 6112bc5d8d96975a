// npm run bench:orders: how many orders per second one node takes through the whole checkout.
// Builds (unless BENCH_SKIP_BUILD=1), seeds a temporary demo shop, starts the PayPal emulator
// and the production server (`npm start`'s server/index.ts, one process per core), then runs
// ORDERS_CONCURRENCY guests (default 8) for ORDERS_SECONDS (default 20) that each, again and
// again: add a product to a new cart, place the order, create the PayPal order, approve it at
// the emulator, and complete the payment (capture). Prints orders per second and the checkout's
// latency, checks that the database holds exactly that many paid orders, and writes
// tests/bench/orders-results.json.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { buildApp, ROOT, runScript, seedSite, startPaypal, startServer, step } from "./harness";

const CONCURRENCY = Number(process.env.ORDERS_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.ORDERS_SECONDS ?? 20);

interface Guest {
  cookie: string;
}

async function call(base: string, guest: Guest, method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", ...(guest.cookie ? { Cookie: guest.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (setCookie) guest.cookie = setCookie.split(";")[0]!;
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

function expectStatus(step: string, got: { status: number; json: unknown }, want: number) {
  if (got.status !== want) throw new Error(`${step}: ${got.status} ${JSON.stringify(got.json)}`);
}

/** One guest's whole checkout; returns its duration in ms. */
async function checkout(base: string, paypalUrl: string, productId: number, n: number): Promise<number> {
  const started = performance.now();
  const guest: Guest = { cookie: "" };
  expectStatus("add to cart", await call(base, guest, "POST", "/api/cart", { productId, quantity: 1 }), 201);
  const placed = await call(base, guest, "POST", "/api/orders", {
    email: `bench-${process.pid}-${n}@example.com`,
    status: "unpaid",
    shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
    useLoyaltyPoints: false,
  });
  expectStatus("place order", placed, 201);
  const order = placed.json as { id: number };
  const created = await call(base, guest, "POST", "/api/paypal/order", { orderId: order.id, currency: "USD", intent: "CAPTURE" });
  expectStatus("PayPal order", created, 200);
  const paypalId = (created.json as { id: string }).id;
  const approved = await fetch(`${paypalUrl}/__emulator/approve/${paypalId}`, { method: "POST" });
  await approved.arrayBuffer();
  if (approved.status !== 200) throw new Error(`approve: ${approved.status}`);
  expectStatus(
    "complete payment",
    await call(base, guest, "POST", `/api/orders/${order.id}/complete-payment`, { paypalOrderId: paypalId, status: "paid" }),
    200,
  );
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

await runScript("bench:orders", async () => {
  await buildApp();
  const site = await seedSite("orders-bench");
  // Plenty of stock, so every checkout can succeed.
  const db = new Database(site.dbPath);
  db.exec("UPDATE products SET stock = 1000000, total_stock = 1000000 WHERE has_color_variations = 0 AND has_variations = 0");
  const products = (
    db.prepare("SELECT id FROM products WHERE has_color_variations = 0 AND has_variations = 0 AND is_large = 0 ORDER BY id").all() as { id: number }[]
  ).map((p) => p.id);
  db.close();
  const paypal = await startPaypal();
  const server = await startServer(site, { ...paypal.env, ORDER_LIMIT_PER_HOUR: "100000000", JOBS: "off" });
  step(
    `${CONCURRENCY} guests checking out for ${SECONDS} s against ${server.base} (${os.availableParallelism()} cores, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "one per core"})`,
  );

  // Warm-up: one checkout per guest.
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => checkout(server.base, paypal.url, products[i % products.length]!, -1 - i)));
  const latencies: number[] = [];
  let n = 0;
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, g) => {
      while (performance.now() < deadline) {
        const i = n++;
        try {
          latencies.push(await checkout(server.base, paypal.url, products[(g + i) % products.length]!, i));
        } catch (error) {
          failures++;
          if (failures <= 3) console.error(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const loadAverage = os.loadavg().map((l) => Math.round(l * 10) / 10);
  await server.stop();

  const check = new Database(site.dbPath, { readonly: true });
  const paid = (
    check.prepare("SELECT count(*) AS n FROM orders WHERE status = 'paid' AND email LIKE 'bench-%' AND email NOT LIKE 'bench-%--%'").get() as { n: number }
  ).n;
  check.close();
  latencies.sort((a, b) => a - b);
  const result = {
    measuredAt: new Date().toISOString(),
    cores: os.availableParallelism(),
    /** The machine's load average (1, 5, 15 min) as the run ended: other work on the machine shows here. */
    loadAverage,
    concurrency: CONCURRENCY,
    seconds: Math.round(elapsed * 10) / 10,
    orders: latencies.length,
    failures,
    ordersPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    httpRequestsPerSecond: Math.round(((latencies.length * 4) / elapsed) * 10) / 10,
    checkoutMs: { p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)), max: Math.round(latencies.at(-1) ?? 0) },
    paidOrdersInDatabase: paid,
  };
  console.log("\n| orders | seconds | orders/s | p50 ms | p95 ms | failures |");
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| ${result.orders} | ${result.seconds} | ${result.ordersPerSecond} | ${result.checkoutMs.p50} | ${result.checkoutMs.p95} | ${result.failures} |`,
  );
  writeFileSync(path.join(ROOT, "tests/bench/orders-results.json"), `${JSON.stringify(result, null, 2)}\n`);
  if (failures > 0 || paid < latencies.length) {
    console.error(`${failures} checkouts failed; ${paid} paid orders in the database for ${latencies.length} completed checkouts`);
    return 1;
  }
  return 0;
});
