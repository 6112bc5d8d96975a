import { sql } from "kysely";
import { shopDay, shopMonthStart } from "~/domain/common/shop-time";
import { type DB } from "~/lib/sqlite.server";
import { type OrderStatus } from "~/domain/orders/status";

/** Orders that count as revenue: paid or shipped. */
export const REVENUE_STATUSES = ["paid", "shipped"] as const satisfies readonly OrderStatus[];

export interface DashboardStats {
  /** Cents of paid and shipped orders, before refunds; the windows are the shop's (Warsaw) days and months, as in the charts. */
  revenue: { allTime: number; last12Months: number; thisMonth: number; last7Days: number };
  /** `total`: paid and shipped orders; `toShip`: paid ones; `all`: every order, whatever its status (the Orders tab's count). */
  orders: { total: number; toShip: number; all: number };
  /** Withdrawals the owner has not handled yet. */
  withdrawalsToHandle: number;
  products: { total: number; soldOut: number; active: number };
  users: number;
}

const sumCents = (points: RevenuePoint[]) => points.reduce((sum, p) => sum + p.cents, 0);

/**
 * The dashboard's cards. Every revenue window is a sum of the charts' bars (`series`, read here
 * when not given), so a card and a chart can never disagree: this month is the last monthly bar,
 * the last 12 months all of them, the last 7 days the last 7 daily bars (today included).
 */
export async function getDashboardStats(db: DB, now = new Date(), series?: RevenueSeries): Promise<DashboardStats> {
  const bars = series ?? (await getRevenueSeries(db, now));
  const [orders, products, users, withdrawals] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        sql<number>`coalesce(sum(case when status in ('paid', 'shipped') then total_cents end), 0)`.as("allTime"),
        sql<number>`count(case when status in ('paid', 'shipped') then 1 end)`.as("total"),
        sql<number>`count(case when status = 'paid' then 1 end)`.as("toShip"),
        sql<number>`count(*)`.as("all"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("products")
      .select([
        sql<number>`count(*)`.as("total"),
        sql<number>`count(case when total_stock <= 0 then 1 end)`.as("soldOut"),
        sql<number>`count(case when total_stock > 0 then 1 end)`.as("active"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("withdrawals")
      .select(sql<number>`count(*)`.as("n"))
      .where("handled_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    revenue: {
      allTime: orders.allTime,
      last12Months: sumCents(bars.byMonth),
      thisMonth: bars.byMonth.at(-1)?.cents ?? 0,
      last7Days: sumCents(bars.byDay.slice(-7)),
    },
    orders: { total: orders.total, toShip: orders.toShip, all: orders.all },
    withdrawalsToHandle: withdrawals.n,
    products: { total: products.total, soldOut: products.soldOut, active: products.active },
    users: users.n,
  };
}

/** One bar of a revenue chart: its shop (Warsaw) day (YYYY-MM-DD) or month (YYYY-MM), and the revenue in cents. */
export interface RevenuePoint {
  key: string;
  cents: number;
}

export interface RevenueSeries {
  /** The last 30 shop days, oldest first, today last; days without revenue are 0. */
  byDay: RevenuePoint[];
  /** The last 12 shop calendar months, oldest first, this month last. */
  byMonth: RevenuePoint[];
}

/** The calendar day `back` days before a YYYY-MM-DD day, or the month `back` months before a YYYY-MM month. */
function daysBefore(day: string, back: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
}
function monthsBefore(month: string, back: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
}

/**
 * Revenue from paid and shipped orders, before refunds (dated by payment time, else creation),
 * by shop day for the last 30 days and by shop month for the last 12 months. The database sums
 * by UTC hour; Warsaw is a whole number of hours from UTC, so each hour falls in one shop day.
 */
export async function getRevenueSeries(db: DB, now = new Date()): Promise<RevenueSeries> {
  const today = shopDay(now);
  const dayKeys = Array.from({ length: 30 }, (_, i) => daysBefore(today, 29 - i));
  const monthKeys = Array.from({ length: 12 }, (_, i) => monthsBefore(today.slice(0, 7), 11 - i));
  const [firstYear, firstMonth] = monthKeys[0]!.split("-").map(Number) as [number, number];
  const orderDate = sql<string>`coalesce(paid_at, created_at)`;
  const hours = await db
    .selectFrom("orders")
    .where("status", "in", [...REVENUE_STATUSES])
    .where(orderDate, ">=", shopMonthStart(firstYear, firstMonth))
    .select([sql<string>`substr(${orderDate}, 1, 13)`.as("hour"), sql<number>`sum(total_cents)`.as("cents")])
    .groupBy(sql`substr(${orderDate}, 1, 13)`)
    .execute();
  const byDay = new Map<string, number>();
  const byMonth = new Map<string, number>();
  for (const { hour, cents } of hours) {
    const day = shopDay(`${hour.replace(" ", "T")}:00:00Z`);
    byDay.set(day, (byDay.get(day) ?? 0) + cents);
    byMonth.set(day.slice(0, 7), (byMonth.get(day.slice(0, 7)) ?? 0) + cents);
  }
  return {
    byDay: dayKeys.map((key) => ({ key, cents: byDay.get(key) ?? 0 })),
    byMonth: monthKeys.map((key) => ({ key, cents: byMonth.get(key) ?? 0 })),
  };
}
