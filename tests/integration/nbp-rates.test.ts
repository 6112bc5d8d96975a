import { shopDay } from "~/domain/common/shop-time";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refreshNbpRates } from "~/domain/currency/nbp.server";
import { cachedLatestRate, latestRate, rateBefore } from "~/domain/currency/rates.server";
import { generateRates, type NbpStandIn, startNbpStandIn, type StandInRate } from "../../tools/nbp-stand-in";
import { createTestDb } from "../helpers/db";

// The daily job against the local stand-in for the bank's API: never the internet.

/** Thursday 10 December 2026, 13:00 in Warsaw: table 239 is out. */
const NOW = new Date("2026-12-10T12:00:00Z");
const TABLES: StandInRate[] = generateRates("2026-12-10", 15, 3.65);
const NEWEST = TABLES.at(-1)!;

let standIn: NbpStandIn;
const dbs: ReturnType<typeof createTestDb>[] = [];

function freshDb() {
  const db = createTestDb();
  dbs.push(db);
  return db;
}

async function rowsOf(db: ReturnType<typeof createTestDb>) {
  return db.selectFrom("exchange_rates").select(["currency", "effective_date", "table_no", "mid", "fetched_at"]).orderBy("effective_date").execute();
}

beforeAll(async () => {
  standIn = await startNbpStandIn();
});
afterAll(async () => {
  await standIn.close();
});
afterEach(async () => {
  standIn.reset();
  standIn.setRates("USD", TABLES);
  for (const db of dbs.splice(0)) await db.destroy();
});

describe("the stand-in answers like the bank", () => {
  it("numbers tables per year over business days, and answers 404 'Brak danych' for a day without a table", async () => {
    standIn.setRates("USD", TABLES);
    expect(NEWEST).toMatchObject({ effectiveDate: "2026-12-10" });
    expect(NEWEST.no).toMatch(/^\d{3}\/A\/NBP\/2026$/);
    // 8 December was a Tuesday; the 6th a Sunday.
    const ok = await fetch(`${standIn.url}/exchangerates/rates/a/usd/2026-12-08/?format=json`);
    expect(await ok.json()).toMatchObject({ table: "A", currency: "dolar amerykański", code: "USD", rates: [{ effectiveDate: "2026-12-08" }] });
    const sunday = await fetch(`${standIn.url}/exchangerates/rates/a/usd/2026-12-06/?format=json`);
    expect(sunday.status).toBe(404);
    expect(await sunday.text()).toBe("404 NotFound - Not Found - Brak danych");
    const range = await fetch(`${standIn.url}/exchangerates/rates/a/usd/2026-01-01/2026-12-01/?format=json`);
    expect(range.status).toBe(400);
  });
});

describe("the NBP rate job", () => {
  it("stores the table's rate with its number and date; a first run fills the last 10 tables", async () => {
    standIn.setRates("USD", TABLES);
    const db = freshDb();
    const result = await refreshNbpRates(db, { base: standIn.url, now: NOW });
    expect(result).toMatchObject({ outcome: "stored", stored: 10, latest: { tableNo: NEWEST.no, effectiveDate: "2026-12-10", mid: NEWEST.mid } });
    const rows = await rowsOf(db);
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)).toMatchObject({ currency: "USD", effective_date: "2026-12-10", table_no: NEWEST.no, mid: NEWEST.mid });
    expect(rows.at(-1)!.fetched_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(standIn.requests).toEqual(["/api/exchangerates/rates/a/usd/?format=json", "/api/exchangerates/rates/a/usd/last/10/?format=json"]);
    expect(await latestRate(db)).toMatchObject({ tableNo: NEWEST.no, effectiveDate: "2026-12-10", mid: NEWEST.mid });
  });

  it("a second run the same day adds nothing and asks the bank nothing", async () => {
    standIn.setRates("USD", TABLES);
    const db = freshDb();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    const before = await rowsOf(db);
    standIn.requests.length = 0;
    expect(await refreshNbpRates(db, { base: standIn.url, now: new Date("2026-12-10T20:00:00Z") })).toMatchObject({ outcome: "skipped" });
    expect(standIn.requests).toEqual([]);
    expect(await rowsOf(db)).toEqual(before);
  });

  it("before the day's table is out it asks once and stores nothing new; a missed day is filled from last/10", async () => {
    standIn.setRates("USD", TABLES.slice(0, -1));
    const db = freshDb();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    standIn.requests.length = 0;
    expect(await refreshNbpRates(db, { base: standIn.url, now: NOW })).toMatchObject({ outcome: "unchanged" });
    expect(standIn.requests).toEqual(["/api/exchangerates/rates/a/usd/?format=json"]);

    // The shop was off for three business days: the next run fills them.
    const db2 = freshDb();
    standIn.setRates("USD", TABLES.slice(0, -4));
    await refreshNbpRates(db2, { base: standIn.url, now: new Date("2026-12-07T12:00:00Z") });
    standIn.setRates("USD", TABLES);
    standIn.requests.length = 0;
    expect(await refreshNbpRates(db2, { base: standIn.url, now: NOW })).toMatchObject({ outcome: "stored", stored: 4 });
    expect(standIn.requests).toHaveLength(2);
    const dates = (await rowsOf(db2)).map((r) => r.effective_date);
    expect(dates.slice(-5)).toEqual(TABLES.slice(-5).map((t) => t.effectiveDate));
  });

  it.each([
    ["down", /HTTP 503/],
    ["malformed", /not JSON/],
    ["absurd", /not the bank's format/],
    ["hostile", /not the bank's format/],
    ["huge", /over 65536 bytes/],
  ] as const)("keeps the stored rate when the bank answers %s", async (kind, reason) => {
    standIn.setRates("USD", TABLES.slice(0, -1));
    const db = freshDb();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    const before = await rowsOf(db);
    standIn.setRates("USD", TABLES);
    standIn.failNext(kind);
    const result = await refreshNbpRates(db, { base: standIn.url, now: NOW });
    expect(result).toMatchObject({ outcome: "failed" });
    expect(result.outcome === "failed" && result.reason).toMatch(reason);
    expect(await rowsOf(db)).toEqual(before);
  });

  it("a 404 (no table) keeps the stored rate; so does a bank that cannot be reached", async () => {
    standIn.setRates("USD", TABLES.slice(0, -1));
    const db = freshDb();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    const before = await rowsOf(db);
    standIn.failNext("notFound");
    expect(await refreshNbpRates(db, { base: standIn.url, now: NOW })).toMatchObject({ outcome: "skipped", reason: expect.stringMatching(/404/) });
    expect(await refreshNbpRates(db, { base: "http://127.0.0.1:9/api", now: NOW })).toMatchObject({ outcome: "failed" });
    expect(await rowsOf(db)).toEqual(before);
  });

  it("gives up after its timeout, keeping the stored rate", async () => {
    standIn.setRates("USD", TABLES.slice(0, -1));
    const db = freshDb();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    const before = await rowsOf(db);
    standIn.failNext("slow", 1, 3000);
    const started = Date.now();
    const result = await refreshNbpRates(db, { base: standIn.url, now: NOW, timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toEqual({ outcome: "failed", reason: "timed out" });
    expect(await rowsOf(db)).toEqual(before);
  });

  it("refuses a table dated after today", async () => {
    const db = freshDb();
    standIn.setRates("USD", [...TABLES, { no: "240/A/NBP/2026", effectiveDate: "2026-12-11", mid: 3.7 }]);
    expect(await refreshNbpRates(db, { base: standIn.url, now: NOW })).toMatchObject({ outcome: "failed", reason: expect.stringMatching(/after today/) });
    expect(await rowsOf(db)).toEqual([]);
  });
});

describe("reading the stored rates", () => {
  it("the rate of the last business day before a date, for the tax records", async () => {
    standIn.setRates("USD", TABLES);
    const db = freshDb();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    const byDate = new Map(TABLES.map((t) => [t.effectiveDate, t]));
    // A sale on Monday 7 December: Friday the 4th's table.
    expect(await rateBefore(db, "2026-12-07")).toMatchObject({ effectiveDate: "2026-12-04", tableNo: byDate.get("2026-12-04")!.no });
    expect(await rateBefore(db, "2026-12-08T09:30:00.000Z")).toMatchObject({ effectiveDate: "2026-12-07" });
    expect(await rateBefore(db, "2020-01-01")).toBeNull();
  });

  it("pages read the newest from memory; the job's new rate shows at once", async () => {
    standIn.setRates("USD", TABLES.slice(0, -1));
    const db = freshDb();
    expect(await cachedLatestRate(db)).toBeNull();
    await refreshNbpRates(db, { base: standIn.url, now: NOW });
    expect(await cachedLatestRate(db)).toMatchObject({ effectiveDate: TABLES.at(-2)!.effectiveDate });
    // A write behind the cache's back (another process's job) shows after the cache's time.
    await db.insertInto("exchange_rates").values({ currency: "USD", effective_date: "2026-12-10", table_no: NEWEST.no, mid: NEWEST.mid }).execute();
    expect(await cachedLatestRate(db)).toMatchObject({ effectiveDate: TABLES.at(-2)!.effectiveDate });
    expect(await cachedLatestRate(db, Date.now() + 11 * 60_000)).toMatchObject({ effectiveDate: "2026-12-10" });
  });

  it("uses Warsaw's calendar day", () => {
    expect(shopDay(new Date("2026-12-10T23:30:00Z"))).toBe("2026-12-11");
    expect(shopDay(new Date("2026-07-10T21:59:00Z"))).toBe("2026-07-10");
  });
});
