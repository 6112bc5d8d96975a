import { randomBytes } from "node:crypto";
import { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import { listAdminOrders } from "~/domain/orders/fulfilment.server";
import { type OrderStatus } from "~/domain/orders/status";
import { type DB } from "~/lib/sqlite.server";
import { loadDashboardTab } from "~/web/admin/dashboard-tab.server";
import { createTestDb } from "../helpers/db";

// The dashboard's figures agree with one another: every revenue window is a sum of the charts'
// bars, on the shop's (Warsaw) calendar, and the order counts are the ones the cards name.

let db: DB;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.destroy());

// Wednesday 2026-11-18 15:00 UTC, 16:00 in Warsaw (CET, UTC+1). The last 7 shop days are 11-12 … 11-18.
const NOW = new Date("2026-11-18T15:00:00.000Z");

async function order(status: OrderStatus, totalCents: number, paidAt: string) {
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
      created_at: paidAt,
      paid_at: status === "unpaid" ? null : paidAt,
    })
    .execute();
}

/** Revenue orders, all inside the last 12 months, some on the edges of a Warsaw day or month. */
const REVENUE: [OrderStatus, number, string][] = [
  ["paid", 123_456, "2026-11-18T14:59:00.000Z"], // today
  ["shipped", 50_000, "2026-11-11T23:30:00.000Z"], // 11-12 00:30 in Warsaw: inside the 7 days, though 11-11 in UTC
  ["paid", 7_000, "2026-11-11T22:30:00.000Z"], // 11-11 23:30 in Warsaw: outside the 7 days
  ["shipped", 30_000, "2026-10-31T23:30:00.000Z"], // November 1st 00:30 in Warsaw: this month, though October in UTC
  ["paid", 9_900, "2026-10-31T22:30:00.000Z"], // October 31st 23:30 in Warsaw
  ["shipped", 250_000, "2026-06-30T22:30:00.000Z"], // July 1st 00:30 in Warsaw (CEST, UTC+2)
  ["shipped", 1_100, "2025-11-30T23:30:00.000Z"], // December 1st 2025 in Warsaw: the oldest of the 12 months
];
/** Orders of every other status, in the same months: never revenue. */
const OTHERS: [OrderStatus, number, string][] = [
  ["unpaid", 99_999, "2026-11-17T10:00:00.000Z"],
  ["processing", 99_999, "2026-11-16T10:00:00.000Z"],
  ["delivered", 99_999, "2026-11-15T10:00:00.000Z"],
  ["cancel_request", 99_999, "2026-10-10T10:00:00.000Z"],
  ["cancelled", 99_999, "2026-09-10T10:00:00.000Z"],
  ["unpaidcancelled", 99_999, "2026-08-10T10:00:00.000Z"],
  ["returned", 99_999, "2026-07-10T10:00:00.000Z"],
];

async function seed() {
  for (const row of [...REVENUE, ...OTHERS]) await order(...row);
}

describe("dashboard figures agree with each other and with the Orders tab", () => {
  it("sums the 12 monthly bars to the card's last 12 months, and to all time when every order is that recent", async () => {
    await seed();
    const { stats, revenue } = await loadDashboardTab(db, NOW);
    const chartSum = revenue.byMonth.reduce((sum, m) => sum + m.cents, 0);
    const handSum = REVENUE.reduce((sum, [, cents]) => sum + cents, 0);
    expect(chartSum).toBe(handSum);
    expect(stats.revenue.last12Months).toBe(chartSum);
    expect(stats.revenue.allTime).toBe(chartSum);
  });

  it("counts this month and the last 7 days on Warsaw's calendar, as hand-computed", async () => {
    await seed();
    const stats = await getDashboardStats(db, NOW);
    expect(stats.revenue.thisMonth).toBe(123_456 + 50_000 + 7_000 + 30_000);
    expect(stats.revenue.last7Days).toBe(123_456 + 50_000);
    const { byDay, byMonth } = await getRevenueSeries(db, NOW);
    expect(byDay.slice(-7).reduce((sum, d) => sum + d.cents, 0)).toBe(stats.revenue.last7Days);
    expect(byMonth.find((m) => m.key === "2026-10")!.cents).toBe(9_900);
    expect(byMonth.find((m) => m.key === "2026-07")!.cents).toBe(250_000);
    expect(byMonth.find((m) => m.key === "2026-06")!.cents).toBe(0);
    expect(byMonth[0]).toEqual({ key: "2025-12", cents: 1_100 });
  });

  it("leaves an order older than 12 months out of the chart and the 12 months, not out of all time", async () => {
    await seed();
    await order("shipped", 40_000, "2025-11-30T22:30:00.000Z"); // November 30th 2025, 23:30 in Warsaw
    const stats = await getDashboardStats(db, NOW);
    expect(stats.revenue.allTime - stats.revenue.last12Months).toBe(40_000);
  });

  it("counts paid and shipped orders as Total Orders, paid ones as Orders to ship, and every order as the Orders tab does", async () => {
    await seed();
    const stats = await getDashboardStats(db, NOW);
    const count = (statuses: OrderStatus[]) => REVENUE.filter(([s]) => statuses.includes(s)).length;
    expect(stats.orders.total).toBe(count(["paid", "shipped"]));
    expect(stats.orders.toShip).toBe(count(["paid"]));
    expect(stats.orders.toShip).toBe(3);
    expect(stats.orders.all).toBe(REVENUE.length + OTHERS.length);
    expect(stats.orders.all).toBe((await listAdminOrders(db)).total);
  });

  it("shows zeros, not gaps, for a shop without orders", async () => {
    const stats = await getDashboardStats(db, NOW);
    expect(stats.revenue).toEqual({ allTime: 0, last12Months: 0, thisMonth: 0, last7Days: 0 });
    expect(stats.orders).toEqual({ total: 0, toShip: 0, all: 0 });
  });
});
