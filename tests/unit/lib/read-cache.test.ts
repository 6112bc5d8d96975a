import Database from "better-sqlite3";
import { sql } from "kysely";
import { ReadCache } from "~/lib/read-cache.server";
import { databaseVersion, type DB, startReadEpoch } from "~/lib/sqlite.server";
import { createTestDb } from "../../helpers/db";
import { makeProduct } from "../../helpers/kit";

// The exact read cache: an entry lives only as long as the database is unchanged, whoever changed it.

let db: DB;
let file: string;
beforeEach(async () => {
  db = createTestDb();
  file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]!.file;
});
afterEach(() => db.destroy());

async function priceOf(slug: string): Promise<number> {
  const row = await db.selectFrom("products").select("price_cents").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.price_cents;
}

describe("ReadCache", () => {
  it("answers a repeated read from memory while nothing changed", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const cache = new ReadCache();
    let reads = 0;
    const read = () => cache.get(db, "k", async () => (reads++, priceOf(p.slug)));
    expect(await read()).toBe(1000);
    expect(await read()).toBe(1000);
    expect(reads).toBe(1);
  });

  it("drops everything after a write through the same connection", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const cache = new ReadCache();
    const read = () => cache.get(db, "k", () => priceOf(p.slug));
    expect(await read()).toBe(1000);
    await db.updateTable("products").set({ price_cents: 1500 }).where("id", "=", p.id).execute();
    expect(await read()).toBe(1500);
  });

  it("drops everything once another connection (another process, a script) committed, from the next request on", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const cache = new ReadCache();
    const read = () => cache.get(db, "k", () => priceOf(p.slug));
    expect(await read()).toBe(1000);
    const other = new Database(file);
    other.prepare("UPDATE products SET price_cents = 2500 WHERE id = ?").run(p.id);
    // A request that arrives now (entry.server starts its read epoch) sees the commit.
    startReadEpoch();
    expect(await read()).toBe(2500);
    other.prepare("UPDATE products SET price_cents = 3500 WHERE id = ?").run(p.id);
    other.close();
    // So does anything after this turn of the event loop, request or not (scripts, timers).
    await new Promise((resolve) => setImmediate(resolve));
    expect(await read()).toBe(3500);
  });

  it("reads another connection's commits once per read epoch, and its own writes every time", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    startReadEpoch();
    const before = databaseVersion(db);
    const other = new Database(file);
    other.prepare("UPDATE products SET price_cents = 2500 WHERE id = ?").run(p.id);
    other.close();
    // The same epoch (one request): the version read at its start holds...
    expect(databaseVersion(db)).toBe(before);
    // ...except for this connection's own writes, which show at once.
    await db.updateTable("products").set({ price_cents: 1500 }).where("id", "=", p.id).execute();
    const afterOwnWrite = databaseVersion(db);
    expect(afterOwnWrite).not.toBe(before);
    startReadEpoch();
    expect(databaseVersion(db)).not.toBe(afterOwnWrite);
  });

  it("never caches inside a transaction, and forgets a failed read", async () => {
    const cache = new ReadCache();
    await db.transaction().execute(async (trx) => {
      expect(databaseVersion(trx as unknown as DB)).toBeNull();
      let reads = 0;
      await cache.get(trx as unknown as DB, "t", async () => ++reads);
      await cache.get(trx as unknown as DB, "t", async () => ++reads);
      expect(reads).toBe(2);
    });
    await expect(cache.get(db, "boom", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get(db, "boom", async () => "ok")).toBe("ok");
  });

  it("evicts the least recently used entry past its size", async () => {
    const cache = new ReadCache(2);
    await cache.get(db, "a", async () => 1);
    await cache.get(db, "b", async () => 2);
    await cache.get(db, "a", async () => 1); // a is now the most recent
    await cache.get(db, "c", async () => 3);
    expect(cache.size).toBe(2);
    let reread = false;
    await cache.get(db, "a", async () => ((reread = true), 1));
    expect(reread).toBe(false);
    await cache.get(db, "b", async () => ((reread = true), 2));
    expect(reread).toBe(true);
  });
});
