// @vitest-environment node
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../app/domain/auth/password.server";
import { getRevenueSeries } from "../../app/domain/orders/reports.server";
import { listShippingZones } from "../../app/domain/shipping/zones.server";
import { variantFileName, variantSlots } from "../../app/lib/images";
import { type DB, openDatabase } from "../../app/lib/sqlite.server";
import { seedDemo } from "../../db/seed";
import { addBusinessDays, DEMO_CUSTOMER_PASSWORD, type DemoYearSummary, seedDemoYear } from "../../db/seed/demo-year";
import { type Customer, type DemoContext, type PlannedOrder } from "../../db/seed/demo-year/context";
import { collectOwedPoints, noteOwed, points, takeBackEarned } from "../../db/seed/demo-year/ledger";
import { hasDemoMarker } from "../../db/seed/demo-marker";
import { copyTemplate, newDbFile, rowCounts } from "../helpers/db";
import { makeProduct, makeUser } from "../helpers/kit";
import { runDir } from "../helpers/run-dir";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const YEAR_AGO = new Date(NOW.getTime() - 365 * 864e5).toISOString();
const dir = path.join(runDir(), `demo-year-${randomBytes(6).toString("hex")}`);
const uploadDir = path.join(dir, "uploads");

const TABLES = [
  "users",
  "orders",
  "order_items",
  "order_events",
  "loyalty_events",
  "refunds",
  "withdrawals",
  "payment_attempts",
  "activity_log",
  "reviews",
  "review_photos",
  "products",
  "product_images",
] as const;

let db: DB;
let first: DemoYearSummary;
let second: DemoYearSummary;
let countsAfterFirst: Record<string, number>;
let countsAfterSecond: Record<string, number>;

const counts = () => rowCounts(db, TABLES);

function onDisk(url: string): string {
  return path.join(uploadDir, url.replace(/^\/uploads\//, ""));
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  db = openDatabase(path.join(dir, "shop.db"));
  await seedDemo(db, { uploadDir, adminEmail: "admin@example.com", adminPassword: "admin12345", shopEmail: "hello@example.com", now: NOW, demo: true });
  first = await seedDemoYear(db, { uploadDir, now: NOW });
  countsAfterFirst = await counts();
  second = await seedDemoYear(db, { uploadDir, now: NOW });
  countsAfterSecond = await counts();
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("the demo year", () => {
  it("runs once: a second run on a shop with orders adds and changes nothing", () => {
    expect(first.skipped).toBe(false);
    expect(second.skipped).toBe(true);
    expect(countsAfterSecond).toEqual(countsAfterFirst);
  });

  it("gives every product, the made-to-order pieces too, a net weight for the customs declaration", async () => {
    const missing = await db.selectFrom("products").select("title").where("weight_grams", "is", null).execute();
    expect(missing).toEqual([]);
  });

  it("has about 250 orders in every status a parcel goes through", async () => {
    expect(countsAfterFirst.orders).toBeGreaterThanOrEqual(240);
    expect(countsAfterFirst.orders).toBeLessThanOrEqual(260);
    const rows = await db.selectFrom("orders").select(["status"]).execute();
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ["unpaid", "unpaidcancelled", "paid", "processing", "cancel_request", "shipped", "delivered", "returned", "cancelled"]) {
      expect(statuses, status).toContain(status);
    }
    const guests = await db.selectFrom("orders").select("id").where("user_id", "is", null).execute();
    expect(guests.length).toBeGreaterThan(5);
  });

  it("adds up every order: items at the products' prices, the shipping of its country's zone, less the loyalty discount", async () => {
    const settings = await db.selectFrom("settings").select(["key", "value"]).execute();
    const zones = await listShippingZones(db);
    const loyalty = JSON.parse(settings.find((s) => s.key === "loyalty_config")!.value) as {
      discountExchange: { pointsRequired: number; discountAmount: number };
    };
    const orders = await db.selectFrom("orders").selectAll().execute();
    const items = await db
      .selectFrom("order_items as i")
      .innerJoin("products as p", "p.id", "i.product_id")
      .select(["i.order_id", "i.unit_price_cents", "i.quantity", "i.title", "p.title as productTitle", "p.price_cents", "p.is_large", "i.returned_quantity"])
      .execute();
    let discounted = 0;
    for (const o of orders) {
      const lines = items.filter((i) => i.order_id === o.id);
      expect(lines.length, `order ${o.id}`).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.unit_price_cents).toBe(line.price_cents);
        expect(line.title).toBe(line.productTitle);
        expect(line.returned_quantity).toBeLessThanOrEqual(line.quantity);
      }
      expect(o.subtotal_cents).toBe(lines.reduce((s, l) => s + l.unit_price_cents * l.quantity, 0));
      const zone = zones.find((z) => z.countries.includes(o.shipping_country))!;
      expect(o.shipping_zone, `order ${o.id}`).toBe(zone.name);
      expect(o.shipping_cents).toBe(lines.some((l) => l.is_large === 1) ? zone.largeCents : zone.standardCents);
      expect(o.total_cents).toBe(o.subtotal_cents + o.shipping_cents - o.loyalty_discount_cents);
      if (o.loyalty_discount_cents > 0) {
        discounted++;
        expect(o.loyalty_discount_cents).toBe(loyalty.discountExchange.discountAmount * 100);
        expect(o.loyalty_points_used).toBe(loyalty.discountExchange.pointsRequired);
        expect(o.user_id).not.toBeNull();
      } else expect(o.loyalty_points_used).toBe(0);
    }
    expect(discounted).toBeGreaterThan(0);
  });

  it("keeps each order's timestamps, payment, tracking and history in step with its status", async () => {
    const orders = await db.selectFrom("orders").selectAll().execute();
    const events = await db.selectFrom("order_events").selectAll().orderBy("id").execute();
    const paidLike = ["paid", "processing", "cancel_request", "shipped", "delivered", "returned", "cancelled"];
    for (const o of orders) {
      const history = events.filter((e) => e.order_id === o.id);
      for (const e of history) expect(e.created_at >= o.created_at, `event of order ${o.id}`).toBe(true);
      const times = history.map((e) => e.created_at);
      expect(times, `order ${o.id} history in time order`).toEqual([...times].sort());
      if (paidLike.includes(o.status)) {
        expect(o.paid_at! > o.created_at).toBe(true);
        expect(o.paypal_order_id).toMatch(/^[A-Z0-9]{17}$/);
        expect(o.paypal_capture_id).toMatch(/^[A-Z0-9]{17}$/);
        const paid = history.find((e) => e.type === "paid");
        expect(paid?.amount_cents).toBe(o.total_cents);
        expect(paid?.message).toContain(o.paypal_capture_id!);
      } else {
        expect(o.paid_at).toBeNull();
        expect(o.paypal_capture_id).toBeNull();
      }
      if (["shipped", "delivered", "returned"].includes(o.status)) {
        expect(o.tracking_number).toMatch(/^[A-Z]{2}\d{9}PL$/);
        expect(o.shipped_at! > o.paid_at!).toBe(true);
        expect(history.find((e) => e.type === "shipped")?.message).toContain(o.tracking_number!);
        expect(o.review_requested_at).not.toBeNull();
      } else {
        expect(o.shipped_at).toBeNull();
      }
      if (o.status === "delivered" || o.status === "returned") expect(o.delivered_at! > o.shipped_at!).toBe(true);
      else expect(o.delivered_at).toBeNull();
      if (o.status === "unpaidcancelled") expect(history.map((e) => e.type)).toEqual(["expired"]);
      if (o.status === "unpaid") expect(NOW.getTime() - Date.parse(o.created_at)).toBeLessThan(72 * 3600e3);
    }
  });

  it("refunds cancelled orders in full and returned items at their price, with the returned quantity recorded", async () => {
    const orders = await db.selectFrom("orders").selectAll().where("status", "in", ["cancelled", "returned"]).execute();
    const refunds = await db.selectFrom("refunds").selectAll().execute();
    const items = await db.selectFrom("order_items").selectAll().execute();
    expect(orders.length).toBeGreaterThan(2);
    for (const o of orders) {
      const mine = refunds.filter((r) => r.order_id === o.id);
      expect(mine).toHaveLength(1);
      const refund = mine[0]!;
      expect(refund.status).toBe("COMPLETED");
      expect(refund.capture_id).toBe(o.paypal_capture_id);
      if (o.status === "cancelled") {
        expect(refund.kind).toBe("cancel");
        expect(refund.amount_cents).toBe(o.total_cents);
        expect(o.points_awarded).toBe(0);
        expect(o.points_taken).toBe(0);
      } else {
        expect(refund.kind).toBe("return");
        const [line] = JSON.parse(refund.restock!) as Array<{ orderItemId: number; quantity: number }>;
        const item = items.find((i) => i.id === line!.orderItemId)!;
        expect(item.order_id).toBe(o.id);
        expect(item.returned_quantity).toBe(line!.quantity);
        const lineTotal = item.unit_price_cents * item.quantity;
        expect(refund.amount_cents).toBe(lineTotal - Math.round((o.loyalty_discount_cents * lineTotal) / o.subtotal_cents));
        expect(refund.amount_cents).toBeLessThanOrEqual(o.total_cents);
      }
    }
    const withdrawals = await db.selectFrom("withdrawals").selectAll().execute();
    expect(withdrawals.length).toBeGreaterThanOrEqual(1);
    for (const w of withdrawals) {
      const o = orders.find((x) => x.id === w.order_id)!;
      expect(o).toBeDefined();
      expect(w.handled_at! >= w.received_at).toBe(true);
    }
  });

  it("gives every customer a loyalty history whose running balance never dips below zero and ends at her points", async () => {
    const users = await db.selectFrom("users").selectAll().where("is_admin", "=", 0).execute();
    const events = await db.selectFrom("loyalty_events").selectAll().orderBy("id").execute();
    expect(users.length).toBeGreaterThanOrEqual(35);
    let withHistory = 0;
    for (const u of users) {
      const mine = events.filter((e) => e.user_id === u.id);
      let balance = 0;
      for (const e of mine) {
        balance += e.points;
        expect(e.points_after, `user ${u.id} event ${e.id}`).toBe(balance);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(e.created_at >= u.created_at).toBe(true);
      }
      expect(u.loyalty_points).toBe(balance);
      if (mine.length > 0) withHistory++;
      expect(u.email).toMatch(/@example\.(com|org|net)$/);
      expect(u.email_verified_at).not.toBeNull();
    }
    expect(withHistory).toBeGreaterThan(25);
    // Each paid order's points are earned once; a discount spends its points once.
    const orders = await db.selectFrom("orders").selectAll().where("user_id", "is not", null).execute();
    for (const o of orders) {
      const mine = events.filter((e) => e.order_id === o.id);
      expect(mine.filter((e) => e.event_type === "order_gain").length).toBe(o.paid_at ? (o.points_to_earn! > 0 ? 1 : 0) : 0);
      expect(mine.filter((e) => e.event_type === "order_spend").length).toBe(o.loyalty_points_used > 0 ? 1 : 0);
    }
    // The password hash was made once and works for every demo customer.
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1);
    expect(await verifyPassword(DEMO_CUSTOMER_PASSWORD, users[0]!.password_hash!)).toBe(true);
  });

  it("settles points as the shop does: what a clawback could not take stays owed, paid only from points that come back", async () => {
    const users = await db.selectFrom("users").selectAll().where("is_admin", "=", 0).execute();
    const orders = await db.selectFrom("orders").selectAll().execute();
    const events = await db.selectFrom("loyalty_events").selectAll().orderBy("id").execute();
    for (const u of users) {
      expect(u.loyalty_points, `user ${u.id}`).toBe(events.filter((e) => e.user_id === u.id).reduce((s, e) => s + e.points, 0));
    }
    for (const o of orders) {
      expect(o.points_owed, `order ${o.id} owes`).toBeGreaterThanOrEqual(0);
      if (o.points_owed > 0) expect(["cancelled", "returned"], `order ${o.id}`).toContain(o.status);
      // Its history adds up to what it still holds: the points it earned and kept, plus what it
      // still owes (taken from nobody yet), less the discount's points it has not given back.
      const net = events.filter((e) => e.order_id === o.id).reduce((s, e) => s + e.points, 0);
      expect(net, `order ${o.id} history`).toBe(o.user_id === null ? 0 : o.points_awarded + o.points_owed - o.points_taken);
    }
    // So her balance less her debts is her rewards plus what her orders leave behind (docs/decisions/points-settlement.md).
    for (const u of users) {
      const mine = orders.filter((o) => o.user_id === u.id);
      const rewards = events.filter((e) => e.user_id === u.id && e.order_id === null).reduce((s, e) => s + e.points, 0);
      const owed = mine.reduce((s, o) => s + o.points_owed, 0);
      expect(u.loyalty_points - owed, `user ${u.id}`).toBe(rewards + mine.reduce((s, o) => s + o.points_awarded - o.points_taken, 0));
    }
    // A debt is paid only right after a cancelled order's discount points come back, oldest order first, never more than came back.
    const owedLine = /^Points withdrawn: still owed by order #(\d+)$/;
    for (const [i, e] of events.entries()) {
      if (!owedLine.test(e.description)) continue;
      expect(e.description).toBe(`Points withdrawn: still owed by order #${e.order_id}`);
      let k = i - 1;
      while (owedLine.test(events[k]!.description)) k--;
      const back = events[k]!;
      expect(back.description, `event ${e.id}`).toMatch(/^Points returned: order #\d+ cancelled$/);
      expect([back.user_id, back.created_at]).toEqual([e.user_id, e.created_at]);
      const run = events.slice(k + 1, i + 1);
      expect(run.reduce((s, x) => s - x.points, 0)).toBeLessThanOrEqual(back.points);
      expect(run.map((x) => x.order_id)).toEqual(run.map((x) => x.order_id!).sort((a, b) => a - b));
    }
  });

  it("settles the decision's example as the shop does: A cancelled leaves 5 owed, B cancelled pays them from its discount's points", () => {
    const ctx = { orders: [], ledger: { loyaltyEvents: [], orderEvents: [] } } as unknown as DemoContext;
    const c = { id: 1, email: "a@example.com", balance: 5 } as Customer;
    const order = (id: number) => ({ id, customer: c, pointsOwed: 0 }) as PlannedOrder;
    const [a, b] = [order(1), order(2)];
    ctx.orders.push(a, b);
    points(ctx, c, 1, "order_gain", "Earned on order #1", 50, 1);
    points(ctx, c, 2, "order_spend", "Discount on order #2", -20, 2);
    points(ctx, c, 3, "order_gain", "Earned on order #2", 10, 2);
    // As the replay cancels a paid order: the discount's points back, debts paid from them, the earned ones taken.
    expect(takeBackEarned(ctx, a, c, 4, 50, "Points withdrawn: order #1 cancelled")).toEqual({ taken: 45, owed: 5 });
    noteOwed(ctx, a, 4, 5);
    points(ctx, c, 5, "other", "Points returned: order #2 cancelled", 20, 2);
    collectOwedPoints(ctx, c, 5, 20, b);
    expect(takeBackEarned(ctx, b, c, 5, 10, "Points withdrawn: order #2 cancelled")).toEqual({ taken: 10, owed: 0 });
    expect([c.balance, a.pointsOwed, b.pointsOwed]).toEqual([5, 0, 0]);
    expect(ctx.ledger.loyaltyEvents.map((e) => [e.description, e.points, e.points_after])).toContainEqual(["Points withdrawn: still owed by order #1", -5, 15]);
    expect(ctx.ledger.orderEvents.map((e) => [e.order_id, e.message])).toEqual([
      [1, "5 loyalty points could not be taken back: the customer has spent them. They are taken from the next points that come back to her."],
      [1, "5 loyalty points it still owed taken back: the points of order #2 came back."],
    ]);
  });

  it("takes reviews only from buyers of a shipped or delivered order of that product, once each", async () => {
    const reviews = await db.selectFrom("reviews").selectAll().execute();
    expect(reviews.length).toBeGreaterThan(30);
    const statuses = reviews.map((r) => r.status);
    expect(statuses.filter((s) => s === "pending").length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === "hidden").length).toBe(1);
    expect(reviews.some((r) => r.reply !== null)).toBe(true);
    const bought = await db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select(["o.id as orderId", "o.user_id as userId", "i.product_id as productId", "o.status", "o.shipped_at as shippedAt"])
      .where("o.status", "in", ["shipped", "delivered"])
      .execute();
    const users = await db.selectFrom("users").select(["id", "first_name", "last_name"]).execute();
    const pairs = new Set<string>();
    for (const r of reviews) {
      const key = `${r.user_id}:${r.product_id}`;
      expect(pairs.has(key)).toBe(false);
      pairs.add(key);
      const order = bought.find((b) => b.orderId === r.order_id && b.userId === r.user_id && b.productId === r.product_id);
      expect(order, `review ${r.id}`).toBeDefined();
      expect(r.created_at > order!.shippedAt!).toBe(true);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      const user = users.find((u) => u.id === r.user_id)!;
      expect(r.author_name.startsWith(`${user.first_name} `)).toBe(true);
      expect(r.author_name).toMatch(/ \p{Lu}\.$/u);
    }
    const approved = reviews.filter((r) => r.status === "approved");
    expect(approved.filter((r) => r.rating >= 4).length / approved.length).toBeGreaterThan(0.8);
  });

  it("keeps the products' review counts and rating sums as the triggers count the approved reviews", async () => {
    const products = await db.selectFrom("products").select(["id", "review_count", "rating_sum"]).execute();
    const reviews = await db.selectFrom("reviews").select(["product_id", "rating", "status"]).execute();
    for (const p of products) {
      const approved = reviews.filter((r) => r.product_id === p.id && r.status === "approved");
      expect(p.review_count).toBe(approved.length);
      expect(p.rating_sum).toBe(approved.reduce((s, r) => s + r.rating, 0));
    }
    expect(products.filter((p) => p.review_count > 0).length).toBeGreaterThan(10);
  });

  it("writes the review photos and their thumbnails", async () => {
    const photos = await db.selectFrom("review_photos").selectAll().execute();
    expect(photos.length).toBeGreaterThan(5);
    for (const photo of photos) {
      const file = path.basename(photo.image_url);
      expect(photo.image_url).toBe(`/uploads/reviews/${file}`);
      expect(photo.thumb_url).toBe(`/uploads/reviews/thumbs/thumb-${file}`);
      expect(existsSync(onDisk(photo.image_url))).toBe(true);
      expect(existsSync(onDisk(photo.thumb_url))).toBe(true);
    }
    const meta = await sharp(onDisk(photos[0]!.image_url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", photos[0]!.width, photos[0]!.height]);
  });

  it("tags photos with the colour they show, in the product's own colours, with thumbnails and WebP widths", async () => {
    const images = await db.selectFrom("product_images").selectAll().where("color_id", "is not", null).execute();
    const options = await db.selectFrom("product_colors").select(["product_id", "color_id"]).execute();
    expect(new Set(images.map((i) => i.product_id)).size).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      expect(options.some((o) => o.product_id === image.product_id && o.color_id === image.color_id)).toBe(true);
      const file = onDisk(image.image_url);
      expect(existsSync(file)).toBe(true);
      expect(existsSync(path.join(path.dirname(file), "thumbs", `thumb-${path.basename(file)}`))).toBe(true);
      for (const { slot } of variantSlots(image.width!)) {
        expect(existsSync(path.join(path.dirname(file), "w", variantFileName(path.basename(file), slot)))).toBe(true);
      }
    }
  });

  it("offers made-to-order pieces, and orders of them carry the lead time and a ship date in business days", async () => {
    const products = await db.selectFrom("products").selectAll().where("made_to_order", "=", 1).execute();
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const p of products) {
      expect(p.lead_time_days).toBeGreaterThanOrEqual(14);
      expect(p.lead_time_days).toBeLessThanOrEqual(35);
      expect(p.stock).toBe(0);
      const images = await db.selectFrom("product_images").select("image_url").where("product_id", "=", p.id).execute();
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(existsSync(onDisk(image.image_url))).toBe(true);
    }
    expect(products.some((p) => p.made_to_order_cap !== null)).toBe(true);
    expect(products.some((p) => p.is_personalised === 1)).toBe(true);

    const lines = await db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .innerJoin("products as p", "p.id", "i.product_id")
      .select([
        "o.id",
        "o.created_at",
        "o.expected_ship_date",
        "o.status",
        "i.made_to_order",
        "i.lead_time_days",
        "p.lead_time_days as productLead",
        "p.made_to_order as productMade",
      ])
      .where("i.made_to_order", "=", 1)
      .execute();
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(line.productMade).toBe(1);
      expect(line.lead_time_days).toBe(line.productLead);
      const lead = Math.max(...lines.filter((l) => l.id === line.id).map((l) => l.lead_time_days!));
      expect(line.expected_ship_date).toBe(addBusinessDays(new Date(line.created_at), lead));
    }
    // Some are being made right now, so the owner sees what ships when, no more than a capped piece allows.
    const today = NOW.toISOString().slice(0, 10);
    const open = lines.filter((l) => ["paid", "processing"].includes(l.status) && l.expected_ship_date! > today);
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (const p of products.filter((x) => x.made_to_order_cap !== null)) {
      const openOfCapped = await db
        .selectFrom("order_items as i")
        .innerJoin("orders as o", "o.id", "i.order_id")
        .select("o.id")
        .where("i.product_id", "=", p.id)
        .where("o.status", "in", ["paid", "processing", "cancel_request"])
        .execute();
      expect(openOfCapped.length).toBeLessThanOrEqual(p.made_to_order_cap!);
    }
  });

  it("the command refuses a real shop (production without DEMO=1) in one line and writes nothing", () => {
    const target = path.join(runDir(), `real-shop-${randomBytes(4).toString("hex")}.db`);
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/demo-year.ts"], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATABASE_PATH: target, SESSION_SECRET: "s".repeat(32), APP_URL: "https://shop.test" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual(["The demo year failed: a real shop (NODE_ENV=production without DEMO=1) gets no made-up history"]);
    expect(existsSync(target)).toBe(false);
  });

  it("goes only into a database with the demo marker: a real shop's without orders yet gets nothing, from the library or the command", async () => {
    const file = copyTemplate(newDbFile("live"));
    const live = openDatabase(file);
    try {
      await makeUser(live, { email: "owner@little-stitches.test", isAdmin: true });
      await makeProduct(live);
      const before = await rowCounts(live, TABLES);
      await expect(seedDemoYear(live, { uploadDir, now: NOW })).rejects.toThrow(/a real shop gets no made-up history: this database carries no demo marker/);
      // The deploy guide's `ops` shell: no NODE_ENV (which Remix's types say is always there), no DEMO.
      const ops = { PATH: process.env.PATH ?? "", DATABASE_PATH: file, UPLOAD_DIR: uploadDir, BACKUP_DIR: path.join(dir, "backups") };
      const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/demo-year.ts"], {
        env: ops as unknown as NodeJS.ProcessEnv,
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(/^The demo year failed: a real shop gets no made-up history: this database carries no demo marker/),
      ]);
      expect(await rowCounts(live, TABLES)).toEqual(before);
    } finally {
      await live.destroy();
    }
    // The demo seed wrote the marker into this file's database.
    expect(await hasDemoMarker(db)).toBe(true);
  });

  it("counts business days without weekends", () => {
    expect(addBusinessDays(new Date("2026-11-27T10:00:00Z"), 1)).toBe("2026-11-30"); // Friday → Monday
    expect(addBusinessDays(new Date("2026-11-23T10:00:00Z"), 10)).toBe("2026-12-07");
  });

  it("logs the owner's work in the activity log, in time order", async () => {
    const rows = await db.selectFrom("activity_log").selectAll().orderBy("id").execute();
    const kinds = new Set(rows.map((r) => r.kind));
    for (const kind of ["order.ship", "order.deliver", "order.cancel", "order.return", "product.create", "product.update", "admin.signin"]) {
      expect(kinds, kind).toContain(kind);
    }
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort());
    // She ships, cancels and takes returns in her working day, not at three in the morning.
    for (const r of rows.filter((x) => ["order.ship", "order.deliver", "order.cancel", "order.return"].includes(x.kind))) {
      const hour = new Date(r.created_at).getUTCHours();
      expect(hour >= 8 && hour < 18, `${r.kind} at ${r.created_at}`).toBe(true);
    }
    const shipped = await db.selectFrom("orders").select("id").where("shipped_at", "is not", null).execute();
    expect(rows.filter((r) => r.kind === "order.ship").length).toBe(shipped.length);
  });

  it("dates everything inside the twelve months before now", async () => {
    const checks: Array<[string, string[]]> = [
      ["orders", (await db.selectFrom("orders").select("created_at").execute()).map((r) => r.created_at)],
      ["order_events", (await db.selectFrom("order_events").select("created_at").execute()).map((r) => r.created_at)],
      ["loyalty_events", (await db.selectFrom("loyalty_events").select("created_at").execute()).map((r) => r.created_at)],
      ["activity_log", (await db.selectFrom("activity_log").select("created_at").execute()).map((r) => r.created_at)],
      ["reviews", (await db.selectFrom("reviews").select("created_at").execute()).map((r) => r.created_at)],
      ["customers", (await db.selectFrom("users").select("created_at").where("is_admin", "=", 0).execute()).map((r) => r.created_at)],
      ["refunds", (await db.selectFrom("refunds").select("created_at").execute()).map((r) => r.created_at)],
    ];
    for (const [what, times] of checks) {
      for (const t of times) {
        expect(t >= YEAR_AGO && t < NOW.toISOString(), `${what} ${t}`).toBe(true);
      }
    }
  });

  it("gives the owner two discount codes: WELCOME10 to hand out, SPRING15 public from $80.00 with its period, each in her log", async () => {
    const codes = await db.selectFrom("discounts").selectAll().orderBy("id").execute();
    expect(codes).toEqual([
      expect.objectContaining({ code: "WELCOME10", type: "percent", value: 10, min_subtotal_cents: null, once_per_email: 1, public: 0, active: 1 }),
      expect.objectContaining({ code: "SPRING15", type: "percent", value: 15, min_subtotal_cents: 8000, once_per_email: 0, public: 1, active: 1 }),
    ]);
    const spring = codes[1]!;
    const periods = await db.selectFrom("discount_public_periods").selectAll().execute();
    expect(periods).toEqual([
      expect.objectContaining({ discount_id: spring.id, value: 15, min_subtotal_cents: 8000, starts_at: spring.created_at, ends_at: null }),
    ]);
    const logged = await db.selectFrom("activity_log").select(["subject_id", "created_at"]).where("kind", "=", "discount.create").orderBy("id").execute();
    expect(logged).toEqual(codes.map((c) => ({ subject_id: c.id, created_at: c.created_at })));
  });

  it("makes the dashboard's monthly revenue chart show the whole year, busier towards the holidays", async () => {
    const { byMonth, byDay } = await getRevenueSeries(db, NOW);
    expect(byMonth.filter((m) => m.cents > 0).length).toBeGreaterThanOrEqual(11);
    expect(byDay.filter((d) => d.cents > 0).length).toBeGreaterThan(5);
  });
});
