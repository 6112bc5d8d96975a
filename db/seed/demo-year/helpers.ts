import { sql } from "kysely";
import { computeOrderTotals } from "../../../app/domain/orders/totals";
import type { Database } from "../../../app/lib/db-schema";
import { type DB, DAY, HOUR, type PlannedOrder, type ProductInfo, SHIPS_FROM, YEAR_DAYS } from "./context";

const INSERT_CHUNK = 200;

export const iso = (ms: number) => new Date(ms).toISOString();

export function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

export function between(rnd: () => number, lo: number, hi: number): number {
  return lo + rnd() * (hi - lo);
}

/** An id of `length` upper-case letters and digits, like PayPal's order, capture and refund ids. */
export function paypalId(rnd: () => number, length = 17): string {
  const chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
  let out = "";
  for (let i = 0; i < length; i++) out += chars[Math.floor(rnd() * chars.length)];
  return out;
}

export function hex(rnd: () => number, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += Math.floor(rnd() * 16).toString(16);
  return out;
}

/** A UPU S10 tracking number (two letters, eight digits, the check digit, the country). */
export function trackingNumber(rnd: () => number): string {
  const digits = Array.from({ length: 8 }, () => Math.floor(rnd() * 10));
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = digits.reduce((s, d, i) => s + d * weights[i]!, 0);
  const check = 11 - (sum % 11);
  const checkDigit = check === 10 ? 0 : check === 11 ? 5 : check;
  return `${pick(rnd, ["RR", "RX", "LX", "CP"])}${digits.join("")}${checkDigit}${SHIPS_FROM}`;
}

/** The owner works 8:00 to 18:00 UTC: a moment outside that moves to her next working morning. */
export function workingHours(t: number, rnd: () => number): number {
  const hour = (t % DAY) / HOUR;
  if (hour >= 8 && hour < 18) return t;
  return t - (t % DAY) + (hour >= 18 ? DAY : 0) + between(rnd, 8, 10.5) * HOUR;
}

/** The date `days` business days (Monday to Friday) after `from`, as YYYY-MM-DD. */
export function addBusinessDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

/** How busy a day is: the shop grows through the year, with the holidays and spring gifts on top. */
export function dayWeight(at: Date, daysFromStart: number): number {
  const month = at.getUTCMonth() + 1;
  const day = at.getUTCDate();
  let w = 0.6 + (0.8 * daysFromStart) / YEAR_DAYS;
  if ((month === 11 && day >= 20) || (month === 12 && day <= 20)) w *= 2.8;
  else if (month === 12 && day <= 24) w *= 1.5;
  else if (month === 12 || (month === 1 && day <= 10)) w *= 0.7;
  else if (month === 2 && day <= 14) w *= 1.3;
  else if (month === 5) w *= 1.2;
  else if (month === 7 || month === 8) w *= 0.8;
  return w;
}

/** A product drawn by popularity. */
export function weightedPick(rnd: () => number, candidates: readonly ProductInfo[]): ProductInfo {
  let r = rnd() * candidates.reduce((sum, x) => sum + x.popularity, 0);
  for (const c of candidates) {
    r -= c.popularity;
    if (r <= 0) return c;
  }
  return candidates[candidates.length - 1]!;
}

export async function insertRows<T extends keyof Database & string>(trx: DB, table: T, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    // The rows are built from the schema's own columns; Kysely's per-table typing is skipped for the chunking.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK) as never)
      .execute();
  }
}

export async function nextId(db: DB, table: "orders" | "order_items" | "users" | "reviews"): Promise<number> {
  const max = await sql<{ n: number | null }>`select max(id) as n from ${sql.table(table)}`.execute(db);
  const seq = await sql<{ n: number | null }>`select seq as n from sqlite_sequence where name = ${table}`.execute(db).catch(() => ({ rows: [] }));
  return Math.max(Number(max.rows[0]?.n ?? 0), Number(seq.rows[0]?.n ?? 0)) + 1;
}

export async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** A planned order's total, through the shop's one totals function. */
export function plannedTotal(o: PlannedOrder): number {
  return computeOrderTotals({
    items: o.items.map((i) => ({ unitPriceCents: i.product.priceCents, quantity: i.quantity })),
    shipping: { name: o.shippingName, priceCents: o.shipping },
    loyaltyDiscount: { cents: o.discount, pointsUsed: o.pointsUsed },
  }).totalCents;
}
