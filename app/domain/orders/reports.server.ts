import { sql } from "kysely";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";
import { type OrderStatus } from "~/domain/orders/status";

/** Orders that count as revenue: paid or shipped. */
export const REVENUE_STATUSES = ["paid", "shipped"] as const satisfies readonly OrderStatus[];

export interface DashboardStats {
  revenue: { allTime: string; thisMonth: string; last7Days: string };
  orders: { total: number; toShip: number };
  /** Withdrawals the owner has not handled yet. */
  withdrawalsToHandle: number;
  products: { total: number; soldOut: number; active: number };
  users: number;
}

/**
 * The four dashboard cards. Windows are in UTC: the current calendar month from its first
 * day, and the last 7 days as the 7 × 24 hours before `now`. Orders are dated by payment
 * time when they have one, else by creation.
 */
export async function getDashboardStats(db: DB, now = new Date()): Promise<DashboardStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const weekStart = new Date(now.getTime() - 7 * 864e5).toISOString();
  const orderDate = sql<string>`coalesce(paid_at, created_at)`;
  const [orders, products, users, withdrawals] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        sql<number>`coalesce(sum(case when status in ('paid', 'shipped') then total_cents end), 0)`.as("allTime"),
        sql<number>`coalesce(sum(case when status in ('paid', 'shipped') and ${orderDate} >= ${monthStart} then total_cents end), 0)`.as("thisMonth"),
        sql<number>`coalesce(sum(case when status in ('paid', 'shipped') and ${orderDate} >= ${weekStart} then total_cents end), 0)`.as("last7Days"),
        sql<number>`count(case when status in ('paid', 'shipped') then 1 end)`.as("total"),
        sql<number>`count(case when status = 'paid' then 1 end)`.as("toShip"),
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
    revenue: { allTime: centsToDecimal(orders.allTime), thisMonth: centsToDecimal(orders.thisMonth), last7Days: centsToDecimal(orders.last7Days) },
    orders: { total: orders.total, toShip: orders.toShip },
    withdrawalsToHandle: withdrawals.n,
    products: { total: products.total, soldOut: products.soldOut, active: products.active },
    users: users.n,
  };
}

/** One bar of a revenue chart: its UTC day (YYYY-MM-DD) or month (YYYY-MM), and the revenue in cents. */
export interface RevenuePoint {
  key: string;
  cents: number;
}

export interface RevenueSeries {
  /** The last 30 UTC days, oldest first, today last; days without revenue are 0. */
  byDay: RevenuePoint[];
  /** The last 12 UTC calendar months, oldest first, this month last. */
  byMonth: RevenuePoint[];
}

/**
 * Revenue from paid and shipped orders (dated like the cards: payment time, else creation),
 * by day for the last 30 days and by month for the last 12 months. Two grouped queries; the
 * empty days and months are filled here so the charts always have 30 and 12 bars.
 */
export async function getRevenueSeries(db: DB, now = new Date()): Promise<RevenueSeries> {
  const dayKeys: string[] = [];
  for (let i = 29; i >= 0; i--) {
    dayKeys.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i)).toISOString().slice(0, 10));
  }
  const monthKeys: string[] = [];
  for (let i = 11; i >= 0; i--) {
    monthKeys.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
  }
  const orderDate = sql<string>`coalesce(paid_at, created_at)`;
  const since = (key: string) =>
    db
      .selectFrom("orders")
      .where("status", "in", [...REVENUE_STATUSES])
      .where(orderDate, ">=", key);
  const [days, months] = await Promise.all([
    since(dayKeys[0])
      .select([sql<string>`substr(${orderDate}, 1, 10)`.as("key"), sql<number>`sum(total_cents)`.as("cents")])
      .groupBy(sql`substr(${orderDate}, 1, 10)`)
      .execute(),
    since(`${monthKeys[0]}-01`)
      .select([sql<string>`substr(${orderDate}, 1, 7)`.as("key"), sql<number>`sum(total_cents)`.as("cents")])
      .groupBy(sql`substr(${orderDate}, 1, 7)`)
      .execute(),
  ]);
  const fill = (keys: string[], rows: { key: string; cents: number }[]) => {
    const found = new Map(rows.map((r) => [r.key, r.cents]));
    return keys.map((key) => ({ key, cents: found.get(key) ?? 0 }));
  };
  return { byDay: fill(dayKeys, days), byMonth: fill(monthKeys, months) };
}
