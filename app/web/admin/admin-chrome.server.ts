import { sql } from "kysely";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { isAdminAreaPath } from "~/lib/lean-page";
import { type DB } from "~/lib/sqlite.server";
import { commitSession, getSession, type CurrentUser } from "~/web/session.server";

// The admin chrome's data (root.tsx draws it on /admin and /admin/…): what waits for the owner,
// and whether this page carries the second-factor reminder.

/**
 * What waits for the owner: one count query each, all three on indexed columns. The same
 * conditions as the Dashboard's cards ('Orders to ship', 'Withdrawals to handle') and the
 * Reviews tab's default list (pending).
 */
export async function countAdminWaiting(db: DB): Promise<AdminCounts> {
  const count = sql<number>`count(*)`.as("n");
  const [orders, withdrawals, reviews] = await Promise.all([
    db.selectFrom("orders").select(count).where("status", "=", "paid").executeTakeFirstOrThrow(),
    db.selectFrom("withdrawals").select(count).where("handled_at", "is", null).executeTakeFirstOrThrow(),
    db.selectFrom("reviews").select(count).where("status", "=", "pending").executeTakeFirstOrThrow(),
  ]);
  return { ordersToShip: orders.n, withdrawalsWaiting: withdrawals.n, reviewsPending: reviews.n };
}

/** The things waiting for the owner, shown beside their sections in the admin's navigation. */
export interface AdminCounts {
  /** Paid orders not shipped yet (the Dashboard's 'Orders to ship'). */
  ordersToShip: number;
  /** Withdrawals she has not handled. */
  withdrawalsWaiting: number;
  /** Reviews waiting for her approval. */
  reviewsPending: number;
}

export interface AdminChromeData {
  counts: AdminCounts;
  /** The second-factor reminder: on the first admin page of a signed-in session only. */
  twoFactorReminder: boolean;
}

/**
 * The chrome's data for an admin on an admin page (null for anyone else, or elsewhere), and the
 * session's Set-Cookie when this page used up the reminder. The reminder is asked once per
 * sign-in (a fresh session each time, web/auth/sign-in-session.server.ts): shown when she has
 * no second factor, then the session remembers it was asked. Settings keeps the line for later.
 */
export async function loadAdminChrome(db: DB, request: Request, user: CurrentUser | null): Promise<{ data: AdminChromeData | null; setCookie: string | null }> {
  if (!user?.isAdmin || !isAdminAreaPath(new URL(request.url).pathname)) return { data: null, setCookie: null };
  const session = await getSession(request);
  const asked = session.get("twoFactorReminded") === true;
  const [counts, twoFactorOn] = await Promise.all([countAdminWaiting(db), asked ? true : hasSecondFactor(db, user.id)]);
  if (asked) return { data: { counts, twoFactorReminder: false }, setCookie: null };
  session.set("twoFactorReminded", true);
  return { data: { counts, twoFactorReminder: !twoFactorOn }, setCookie: await commitSession(session) };
}
