import { timingSafeEqual } from "node:crypto";
import { type DB } from "~/lib/sqlite.server";

/** Who is asking for an order: the signed-in user, the guest session's key, an admin, and a token from the link. */
export interface OrderViewer {
  userId: number | null;
  /** The guest session's key (the cart key); guest orders store it in orders.session_key. */
  sessionKey: string | null;
  isAdmin: boolean;
  token?: string | null;
}

export type OrderAccess = "owner" | "session" | "token" | "admin";

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * How the viewer may see the order, or null when they may not (or it does not exist): the
 * caller answers 404 either way, so nobody learns whether an order id exists.
 */
export async function getOrderAccess(db: DB, orderId: number, viewer: OrderViewer): Promise<OrderAccess | null> {
  const order = await db
    .selectFrom("orders")
    .select(["user_id as userId", "session_key as sessionKey", "confirmation_token as token"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  if (viewer.userId !== null && order.userId === viewer.userId) return "owner";
  if (viewer.sessionKey && order.sessionKey && order.userId === null && sameToken(viewer.sessionKey, order.sessionKey)) return "session";
  if (viewer.token && sameToken(viewer.token, order.token)) return "token";
  if (viewer.isAdmin) return "admin";
  return null;
}
