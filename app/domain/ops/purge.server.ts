import { sql } from "kysely";
import { BACK_IN_STOCK_CONFIRM_MS } from "~/domain/mail/back-in-stock.server";
import { type DB } from "~/lib/sqlite.server";

/** A guest cart younger than this is kept even without a session: its session may be being stored right now. */
const NEW_CART_GRACE_MS = 3_600_000;

/**
 * Deletes expired sessions, then the guest carts (with their lines) that no live session holds
 * the key of: nothing can reach such a cart any more. Signed-in customers' carts stay. One
 * transaction; returns how many sessions and carts went.
 */
export async function purgeExpiredGuestData(db: DB, now = new Date()): Promise<{ sessions: number; carts: number }> {
  const at = now.toISOString();
  const graceStart = new Date(now.getTime() - NEW_CART_GRACE_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const sessions = await trx.deleteFrom("sessions").where("expires_at", "<", at).executeTakeFirst();
    const carts = await trx
      .deleteFrom("carts")
      .where("user_id", "is", null)
      .where("session_key", "is not", null)
      .where("created_at", "<", graceStart)
      .where("session_key", "not in", sql<string>`(select json_extract(data, '$.cartKey') from sessions where json_extract(data, '$.cartKey') is not null)`)
      .executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), carts: Number(carts.numDeletedRows) };
  });
}

/** Deletes back-in-stock requests whose address never confirmed them within the link's 7 days. */
export async function purgeUnconfirmedBackInStock(db: DB, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("back_in_stock_requests")
    .where("confirmed_at", "is", null)
    .where("closed_at", "is", null)
    .where("created_at", "<", new Date(now.getTime() - BACK_IN_STOCK_CONFIRM_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
