import { shopDay } from "~/domain/common/shop-time";
import { z } from "zod";
import { type DB } from "~/lib/db.server";
import { forgetCachedRate, latestRate, type StoredRate } from "./rates.server";

/**
 * The National Bank of Poland's table A mid rates, read from its public API (`NBP_API_BASE`,
 * JSON with ?format=json) by the daily job and kept one row per business day
 * (docs/decisions/nbp-rates.md). Nothing here throws: a bank that is down, slow, answers 404
 * (no table that day), malformed or absurd JSON leaves the stored rates as they are, and the
 * outcome says why for the job's one log line.
 */

export const NBP_CURRENCY = "USD";
/** The bank answers in well under a second; a hung connection must not hold the job. */
export const NBP_TIMEOUT_MS = 10_000;
/** A real answer is about 1 KB (10 rates); anything far larger is not the bank's. */
export const NBP_MAX_BYTES = 64 * 1024;
/** Złoty per dollar outside this range is no rate the bank has published or will (≈2.0–5.0 since 1995). */
export const PLAUSIBLE_MID = { min: 1, max: 20 } as const;

const TABLE_NO = /^(\d{1,3})\/A\/NBP\/(\d{4})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const RateSchema = z.object({
  no: z.string().regex(TABLE_NO),
  effectiveDate: z
    .string()
    .regex(ISO_DATE)
    .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "not a calendar date"),
  mid: z.number().finite().min(PLAUSIBLE_MID.min).max(PLAUSIBLE_MID.max),
});

const AnswerSchema = z.object({
  table: z.literal("A"),
  code: z.literal(NBP_CURRENCY),
  rates: z.array(RateSchema).min(1).max(100),
});

export interface NbpRate {
  tableNo: string;
  effectiveDate: string;
  mid: number;
}

export interface NbpOptions {
  /** `NBP_API_BASE`, e.g. https://api.nbp.pl/api. */
  base: string;
  now?: Date;
  timeoutMs?: number;
}

export type RefreshOutcome =
  | { outcome: "stored"; stored: number; latest: NbpRate }
  | { outcome: "unchanged"; latest: NbpRate }
  | { outcome: "skipped"; reason: string }
  | { outcome: "failed"; reason: string };

class NbpError extends Error {}

/** Reads at most NBP_MAX_BYTES of the body: a huge or endless answer is cut off, not buffered. */
async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > NBP_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new NbpError(`answer over ${NBP_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * One of the bank's rate series: `path` under /exchangerates/rates/a/usd/ ("" for the current
 * table, "last/10/", "2026-12-01/2026-12-10/"). null when the bank has no table there (404).
 */
export async function fetchNbpRates(path: string, options: NbpOptions): Promise<NbpRate[] | null> {
  const url = `${options.base.replace(/\/+$/, "")}/exchangerates/rates/a/${NBP_CURRENCY.toLowerCase()}/${path}?format=json`;
  let res;
  try {
    res = await fetch(url, {
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs ?? NBP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new NbpError(describe(error));
  }
  if (res.status === 404) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new NbpError(`HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res.body);
  } catch (error) {
    throw error instanceof NbpError ? error : new NbpError(describe(error));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NbpError("not JSON");
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) throw new NbpError(`not the bank's format (${parsed.error.issues[0]?.path.join(".") || "answer"}: ${parsed.error.issues[0]?.message})`);
  const today = shopDay(options.now ?? new Date());
  const rates = parsed.data.rates.map((r) => ({ tableNo: r.no, effectiveDate: r.effectiveDate, mid: r.mid }));
  for (const r of rates) {
    if (r.effectiveDate > today) throw new NbpError(`a table dated ${r.effectiveDate}, after today`);
    if (TABLE_NO.exec(r.tableNo)?.[2] !== r.effectiveDate.slice(0, 4)) throw new NbpError(`table ${r.tableNo} dated ${r.effectiveDate}`);
  }
  return rates;
}

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timed out";
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

/** True when tables between the stored one and `current` are missing (so last/10 should fill them). */
function hasGap(stored: StoredRate | null, current: NbpRate): boolean {
  if (!stored) return true;
  const [, storedNo, storedYear] = TABLE_NO.exec(stored.tableNo) ?? [];
  const [, currentNo, currentYear] = TABLE_NO.exec(current.tableNo) ?? [];
  // A new year starts at table 1: the year's last tables are not known from the numbers alone.
  if (storedYear !== currentYear) return stored.effectiveDate < current.effectiveDate;
  return Number(currentNo) - Number(storedNo) > 1;
}

async function store(db: DB, rates: NbpRate[]): Promise<number> {
  let stored = 0;
  for (const r of rates) {
    const result = await db
      .insertInto("exchange_rates")
      .values({ currency: NBP_CURRENCY, effective_date: r.effectiveDate, table_no: r.tableNo, mid: r.mid })
      .onConflict((oc) => oc.columns(["currency", "effective_date"]).doNothing())
      .executeTakeFirst();
    stored += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return stored;
}

/**
 * The daily job: the bank's current table, and the last 10 when tables are missing in between
 * (a shop that was off, or a first run). Once today's table is stored, nothing is asked.
 */
export async function refreshNbpRates(db: DB, options: NbpOptions): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const newest = await latestRate(db);
  if (newest?.effectiveDate === shopDay(now)) return { outcome: "skipped", reason: `today's table ${newest.tableNo} is stored` };
  let current: NbpRate[] | null;
  try {
    current = await fetchNbpRates("", { ...options, now });
  } catch (error) {
    return { outcome: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
  const latest = current?.at(-1);
  if (!latest) return { outcome: "skipped", reason: "the bank has no table (404)" };
  let rates = current ?? [];
  if (hasGap(newest, latest)) {
    // The gap filler is a bonus: when it fails, the current table is still stored.
    const lastTen = await fetchNbpRates("last/10/", { ...options, now }).catch(() => null);
    if (lastTen) rates = [...lastTen, ...rates];
  }
  const stored = await store(db, rates);
  forgetCachedRate(db);
  return stored > 0 ? { outcome: "stored", stored, latest } : { outcome: "unchanged", latest };
}
