import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Per-address counters (sign-ups, orders, payment starts) in the `rate_events` table.
 *
 * Why not rate-limiter-flexible: the shop's transactions already begin IMMEDIATE
 * (lib/sqlite.server.ts), so "count, then insert if under the limit" in one transaction is
 * atomic across every server process with no extra store, and it lets one call check several
 * limits at once. A library store would add a second way to write the same database.
 */
export interface RateLimit {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

export const HOUR_MS = 3_600_000;

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A refusal's message: `message` followed by how long to wait. */
export function rateLimitedText(message: string, waitMs: number): string {
  return `${message} Please wait ${waitText(waitMs)} and try again.`;
}

/** How many events `limit` counts now, and how long until it has a free slot again (0 while it has one). */
async function slotState(db: DB, limit: RateLimit, now: Date): Promise<{ full: boolean; waitMs: number }> {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const row = await db
    .selectFrom("rate_events")
    .select([sql<number>`count(*)`.as("n"), sql<string | null>`min(created_at)`.as("oldest")])
    .where("bucket", "=", limit.bucket)
    .where("key", "=", limit.key)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (row.n < limit.max) return { full: false, waitMs: 0 };
  const freeAt = new Date(row.oldest ?? now.toISOString()).getTime() + limit.windowMs;
  return { full: true, waitMs: freeAt - now.getTime() };
}

/** How long until `limit` takes an event again, without counting one: 0 when it would now. */
export async function rateLimitWaitMs(db: DB, limit: RateLimit, now = new Date()): Promise<number> {
  const state = await slotState(db, limit, now);
  return state.full ? Math.max(1, state.waitMs) : 0;
}

/**
 * Counts one event against every limit, or none: throws DomainError 429 (nothing recorded)
 * when any limit is already reached, with `message` followed by how long to wait.
 */
export async function takeRateSlot(db: DB, limits: RateLimit[], message: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const limit of limits) {
      const state = await slotState(trx, limit, now);
      if (state.full) throw new DomainError(rateLimitedText(message, state.waitMs), 429);
    }
    await trx
      .insertInto("rate_events")
      .values(limits.map((l) => ({ bucket: l.bucket, key: l.key, created_at: now.toISOString() })))
      .execute();
    if (Math.random() < 0.02) {
      await trx
        .deleteFrom("rate_events")
        .where("created_at", "<", new Date(now.getTime() - 24 * HOUR_MS).toISOString())
        .execute();
    }
  });
}

/** Gives back the newest slot of a bucket and key (an attempt that turned out right: only failures should count). */
export async function releaseRateSlot(db: DB, bucket: string, key: string): Promise<void> {
  await db
    .deleteFrom("rate_events")
    .where("id", "=", (eb) => eb.selectFrom("rate_events").select(eb.fn.max("id").as("id")).where("bucket", "=", bucket).where("key", "=", key))
    .execute();
}

/** New accounts per client address and hour (SIGNUP_LIMIT_PER_HOUR, default 30). */
export function assertSignupAllowed(db: DB, clientIp: string): Promise<void> {
  return takeRateSlot(
    db,
    [{ bucket: "signup", key: clientIp, max: getEnv().SIGNUP_LIMIT_PER_HOUR, windowMs: HOUR_MS }],
    "Too many new accounts from your network.",
  );
}

/** Orders and payment starts per client address and hour (ORDER_LIMIT_PER_HOUR, default 60). */
export function assertOrderAllowed(db: DB, clientIp: string): Promise<void> {
  return takeRateSlot(db, [{ bucket: "order", key: clientIp, max: getEnv().ORDER_LIMIT_PER_HOUR, windowMs: HOUR_MS }], "Too many orders from your network.");
}
