import { type DB, databaseVersion } from "~/lib/sqlite.server";

/**
 * An exact in-memory cache for catalogue reads that every shopper's page repeats: every entry
 * belongs to the database version it was read at (see `databaseVersion`), and the whole cache is
 * dropped as soon as anything in the database changed, whoever wrote it. Each server process
 * holds its own; reads inside a transaction are never cached. Why and what it buys:
 * docs/decisions/catalogue-cache.md.
 *
 * Values are shared between requests: callers must treat them as read-only.
 */
/** CATALOGUE_CACHE=off turns the cache off (the benchmark measures both ways). */
const CACHE_OFF = process.env.CATALOGUE_CACHE === "off";

export class ReadCache {
  private version: string | null = null;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 2000) {}

  async get<T>(db: DB, key: string, read: () => Promise<T>): Promise<T> {
    const version = CACHE_OFF ? null : databaseVersion(db);
    if (version === null) return read();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) {
      // Most recently used last, so the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = read();
    this.entries.set(key, pending);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      return await pending;
    } catch (error) {
      this.entries.delete(key);
      throw error;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<DB, ReadCache>();

/** Reads through the cache of this database (one cache per Kysely instance). */
export function cachedRead<T>(db: DB, key: string, read: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadCache();
    caches.set(db, cache);
  }
  return cache.get(db, key, read);
}
