import { type DB } from "~/lib/db.server";

/**
 * The stored National Bank of Poland rates (exchange_rates, filled by the job in nbp.server.ts):
 * the newest for the indicative złoty amounts on Polish pages, and the rate of the last business
 * day before a date for the tax records (docs/decisions/nbp-rates.md).
 */

export interface StoredRate {
  currency: string;
  /** YYYY-MM-DD. */
  effectiveDate: string;
  /** e.g. '231/A/NBP/2026'. */
  tableNo: string;
  /** Złoty per unit of the currency. */
  mid: number;
  fetchedAt: string;
}

function rates(db: DB, currency: string) {
  return db
    .selectFrom("exchange_rates")
    .select(["currency", "effective_date as effectiveDate", "table_no as tableNo", "mid", "fetched_at as fetchedAt"])
    .where("currency", "=", currency);
}

/** The newest stored rate, or null before the first one arrives. */
export async function latestRate(db: DB, currency = "USD"): Promise<StoredRate | null> {
  return (await rates(db, currency).orderBy("effective_date", "desc").limit(1).executeTakeFirst()) ?? null;
}

/**
 * The rate of the last business day before `date` (YYYY-MM-DD), as Polish tax law converts a
 * foreign-currency sale: the newest table dated strictly before it; null when none is stored.
 */
export async function rateBefore(db: DB, date: string, currency = "USD"): Promise<StoredRate | null> {
  return (await rates(db, currency).where("effective_date", "<", date.slice(0, 10)).orderBy("effective_date", "desc").limit(1).executeTakeFirst()) ?? null;
}

/** A rate changes once a business day; pages read it from memory and look again this often. */
const FRESH_MS = 10 * 60_000;
/** Before the first rate arrives (the start-up fetch takes seconds), look again sooner. */
const FRESH_NONE_MS = 5_000;

const cache = new WeakMap<DB, { rate: StoredRate | null; until: number }>();

/**
 * The newest rate for a page: one indexed read per process every few minutes, else memory.
 * Never throws: a database that cannot answer shows no złoty line, not an error page.
 */
export async function cachedLatestRate(db: DB, now = Date.now()): Promise<StoredRate | null> {
  const hit = cache.get(db);
  if (hit && hit.until > now) return hit.rate;
  const rate = await latestRate(db).catch(() => hit?.rate ?? null);
  cache.set(db, { rate, until: now + (rate ? FRESH_MS : FRESH_NONE_MS) });
  return rate;
}

/** After the job stored a rate: this process's pages show it at once. */
export function forgetCachedRate(db: DB): void {
  cache.delete(db);
}
