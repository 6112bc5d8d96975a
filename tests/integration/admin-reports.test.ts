import { randomBytes } from "node:crypto";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { RevenueChart, chartLabel } from "~/components/admin/revenue-chart";
import { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import { type DB } from "~/lib/sqlite.server";
import { createTestDb } from "../helpers/db";
import { makeProduct, makeUser } from "../helpers/kit";
import { type OrderStatus } from "~/domain/orders/status";

let db: DB;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.destroy());

// A fixed "now": Wednesday 2026-11-18 15:00 UTC (16:00 in Warsaw). This month starts 2026-11-01; the last 7 days are 11-12 to 11-18.
const NOW = new Date("2026-11-18T15:00:00.000Z");

async function order(status: OrderStatus, totalCents: number, createdAt: string, paidAt: string | null = null) {
  await db
    .insertInto("orders")
    .values({
      email: "buyer@example.com",
      status,
      subtotal_cents: totalCents,
      shipping_cents: 0,
      shipping_name: "Standard Shipping",
      total_cents: totalCents,
      confirmation_token: randomBytes(24).toString("base64url"),
      shipping_first_name: "Clara",
      shipping_last_name: "Bloom",
      shipping_address_line1: "12 Lace Lane",
      shipping_city: "Lyon",
      shipping_postal_code: "69001",
      shipping_country: "FR",
      created_at: createdAt,
      paid_at: paidAt,
    })
    .execute();
}

describe("dashboard revenue windows", () => {
  beforeEach(async () => {
    await order("paid", 1000, "2026-11-18T10:00:00.000Z", "2026-11-18T10:05:00.000Z"); // today
    await order("shipped", 2000, "2026-11-12T09:00:00.000Z", "2026-11-12T09:00:00.000Z"); // inside 7 days
    await order("paid", 4000, "2026-11-05T09:00:00.000Z", "2026-11-05T09:00:00.000Z"); // this month, not 7 days
    await order("shipped", 8000, "2026-10-30T09:00:00.000Z", "2026-10-30T09:00:00.000Z"); // last month
    await order("shipped", 16000, "2025-10-01T09:00:00.000Z", "2025-10-01T09:00:00.000Z"); // 13 months ago
    // Created last month but paid this month: dated by payment.
    await order("paid", 32000, "2026-10-31T23:00:00.000Z", "2026-11-01T00:30:00.000Z");
    // Never revenue, whatever the date.
    for (const status of ["unpaid", "cancelled", "cancel_request", "returned", "delivered"] as const) {
      await order(status, 64000, "2026-11-17T09:00:00.000Z", status === "unpaid" ? null : "2026-11-17T09:00:00.000Z");
    }
  });

  it("sums only paid and shipped orders into all time, the last 12 months, this calendar month and the last 7 days", async () => {
    const stats = await getDashboardStats(db, NOW);
    expect(stats.revenue).toEqual({ allTime: 63000, last12Months: 47000, thisMonth: 39000, last7Days: 3000 });
    expect(stats.orders).toEqual({ total: 6, toShip: 3, all: 11 });
  });

  it("puts the same orders into 30 daily and 12 monthly bars, empty ones at zero", async () => {
    const { byDay, byMonth } = await getRevenueSeries(db, NOW);
    expect(byDay).toHaveLength(30);
    expect(byDay[0]!.key).toBe("2026-10-20");
    expect(byDay[29]).toEqual({ key: "2026-11-18", cents: 1000 });
    const day = (key: string) => byDay.find((d) => d.key === key)?.cents;
    expect(day("2026-11-12")).toBe(2000);
    expect(day("2026-11-05")).toBe(4000);
    expect(day("2026-10-30")).toBe(8000);
    expect(day("2026-11-01")).toBe(32000);
    expect(day("2026-10-31")).toBe(0);
    expect(day("2026-11-17")).toBe(0);
    expect(byDay.reduce((s, d) => s + d.cents, 0)).toBe(47000);

    expect(byMonth.map((m) => m.key)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(byMonth.at(-1)!.cents).toBe(39000);
    expect(byMonth.at(-2)!.cents).toBe(8000);
    expect(byMonth.slice(0, 10).every((m) => m.cents === 0)).toBe(true);
  });

  it("handles the turn of the year for the monthly window", async () => {
    const { byMonth } = await getRevenueSeries(db, new Date("2026-01-10T00:00:00.000Z"));
    expect(byMonth[0]!.key).toBe("2025-02");
    expect(byMonth.at(-1)!.key).toBe("2026-01");
    expect(byMonth.find((m) => m.key === "2025-10")!.cents).toBe(16000);
  });
});

describe("dashboard product and user counts", () => {
  it("counts sold out and active products from derived stock (colours, variations, own stock)", async () => {
    await makeProduct(db, { stock: 3 });
    await makeProduct(db, { stock: 0 });
    await makeProduct(db, {
      colors: [
        { colorId: 1, stock: 0 },
        { colorId: 2, stock: 0 },
      ],
    });
    await makeProduct(db, {
      variations: [
        { name: "Small", stock: 0 },
        { name: "Large", stock: 2 },
      ],
    });
    const stats = await getDashboardStats(db, NOW);
    expect(stats.products.total).toBe(4);
    expect(stats.products.soldOut).toBe(2);
    expect(stats.products.active).toBe(2);
    await makeUser(db);
    expect((await getDashboardStats(db, NOW)).users).toBeGreaterThanOrEqual(1);
  });
});

describe("revenue chart", () => {
  it("draws one bar per point with its height proportional to revenue, and labels the image", () => {
    const html = renderToString(
      createElement(RevenueChart, {
        id: "t",
        title: "Revenue by day",
        labelEvery: 7,
        points: [
          { key: "2026-11-16", cents: 0 },
          { key: "2026-11-17", cents: 5000 },
          { key: "2026-11-18", cents: 10000 },
        ],
      }),
    );
    expect(html).toContain('role="img"');
    expect(html).toContain("Total $150.00. Highest: Nov 18, $100.00.");
    const heights = [...html.matchAll(/<rect[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(3);
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeCloseTo(heights[1]! * 2, 5);
    expect(chartLabel("2026-02")).toBe("Feb 2026");
  });

  it("says so when a period has no revenue", () => {
    const html = renderToString(createElement(RevenueChart, { id: "e", title: "x", labelEvery: 1, points: [{ key: "2026-11", cents: 0 }] }));
    expect(html).toContain("No revenue in this period.");
  });
});
