import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { addOrderEvent } from "~/domain/orders/events.server";
import { returnOrderPoints } from "~/domain/orders/holds.server";
import { itemDiscountCents } from "~/domain/orders/line-shares";
import { orderDiscounts } from "~/domain/orders/line-shares.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * How an order's loyalty points settle when it is cancelled or refunded, in the caller's
 * transaction (docs/decisions/points-settlement.md). The discount's points come back once
 * (holds.server.ts). The points the order earned are taken back, never below a zero balance: what
 * the balance cannot cover (the customer spent them on another order) stays owed on the order
 * (orders.points_owed) and is taken from the next points that come back to her.
 */

async function balanceOf(db: DB, userId: number): Promise<number> {
  const user = await db.selectFrom("users").select("loyalty_points as points").where("id", "=", userId).executeTakeFirstOrThrow();
  return user.points;
}

const points = (n: number) => `${n} loyalty point${n === 1 ? "" : "s"}`;

/**
 * Takes back `due` earned points of the order as far as the balance goes, with the history line
 * `description`; the rest is added to what the order owes. Returns the points taken and owed.
 */
async function takeBackEarned(db: DB, orderId: number, userId: number, due: number, description: string): Promise<{ taken: number; owed: number }> {
  const taken = Math.min(due, await balanceOf(db, userId));
  if (taken > 0) await recordPointsEvent(db, userId, { type: "other", description, points: -taken, orderId });
  const owed = due - taken;
  if (owed > 0) {
    await db
      .updateTable("orders")
      .set((eb) => ({ points_owed: eb("points_owed", "+", owed) }))
      .where("id", "=", orderId)
      .execute();
  }
  return { taken, owed };
}

async function noteOwed(db: DB, orderId: number, owed: number): Promise<void> {
  if (owed <= 0) return;
  await addOrderEvent(
    db,
    orderId,
    "points",
    `${points(owed)} could not be taken back: the customer has spent them. They are taken from the next points that come back to her.`,
  );
}

/**
 * Points came back to the customer (`upTo` of them): what her orders still owe is taken from
 * them, oldest order first, each with a history line and an event on the order that owed it.
 */
async function collectOwedPoints(db: DB, userId: number, upTo: number, becauseOrderId: number): Promise<void> {
  const owing = await db
    .selectFrom("orders")
    .select(["id", "points_owed as owed"])
    .where("user_id", "=", userId)
    .where("points_owed", ">", 0)
    .orderBy("id")
    .execute();
  let left = upTo;
  for (const order of owing) {
    if (left <= 0) break;
    const take = Math.min(order.owed, left);
    const cleared = await db
      .updateTable("orders")
      .set({ points_owed: order.owed - take })
      .where("id", "=", order.id)
      .where("points_owed", "=", order.owed)
      .executeTakeFirst();
    if (cleared.numUpdatedRows === 0n) continue;
    await recordPointsEvent(db, userId, { type: "other", description: `Points withdrawn: still owed by order #${order.id}`, points: -take, orderId: order.id });
    await addOrderEvent(db, order.id, "points", `${points(take)} it still owed taken back: the points of order #${becauseOrderId} came back.`);
    left -= take;
  }
}

/** The discount's points the order holds come back (once), and pay first what her orders still owe. Returns how many came back. */
export async function givePointsBack(db: DB, orderId: number, why: string): Promise<number> {
  const back = await returnOrderPoints(db, orderId, why);
  if (back === 0) return 0;
  const order = await db.selectFrom("orders").select("user_id as userId").where("id", "=", orderId).executeTakeFirstOrThrow();
  if (order.userId !== null) await collectOwedPoints(db, order.userId, back, orderId);
  return back;
}

/** A paid order is cancelled: every point it earned is taken back (what the balance cannot cover stays owed). */
export async function reverseOrderPoints(db: DB, orderId: number): Promise<void> {
  const order = await db.selectFrom("orders").select(["user_id as userId", "points_awarded as awarded"]).where("id", "=", orderId).executeTakeFirst();
  if (!order?.userId || order.awarded <= 0) return;
  const cleared = await db
    .updateTable("orders")
    .set({ points_awarded: 0 })
    .where("id", "=", orderId)
    .where("points_awarded", "=", order.awarded)
    .executeTakeFirst();
  if (cleared.numUpdatedRows === 0n) return;
  const { owed } = await takeBackEarned(db, orderId, order.userId, order.awarded, `Points withdrawn: order #${orderId} cancelled`);
  await noteOwed(db, orderId, owed);
}

/**
 * A refund on a return: the points earned on the refunded share are taken back,
 * points_awarded × refund / what is left of the items' part (the items less the discounts on
 * them, the code's and the loyalty discount: line-shares.ts; less what earlier refunds gave
 * back). Points were earned on the items, not on shipping, so a refund of the items alone (the
 * buyer pays shipping) takes every point back. Writes the order's 'points' event.
 */
export async function reverseRefundedPoints(db: DB, orderId: number, refund: { refundCents: number; refundableBeforeCents: number }): Promise<void> {
  const order = await db
    .selectFrom("orders")
    .select(["user_id as userId", "points_awarded as awarded", "total_cents as totalCents"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (!order.userId || order.awarded <= 0 || refund.refundCents <= 0) return;
  const discounts = (await orderDiscounts(db, orderId))!;
  const refundedBefore = Math.max(0, order.totalCents - refund.refundableBeforeCents);
  const itemsLeft = discounts.subtotalCents - itemDiscountCents(discounts) - refundedBefore;
  const share = itemsLeft > 0 ? Math.min(1, refund.refundCents / itemsLeft) : 1;
  const take = Math.min(order.awarded, Math.round(order.awarded * share));
  if (take <= 0) return;
  const cleared = await db
    .updateTable("orders")
    .set({ points_awarded: order.awarded - take })
    .where("id", "=", orderId)
    .where("points_awarded", "=", order.awarded)
    .executeTakeFirst();
  if (cleared.numUpdatedRows === 0n) return;
  const { taken, owed } = await takeBackEarned(db, orderId, order.userId, take, `Points withdrawn: refund on returned order #${orderId}`);
  await addOrderEvent(db, orderId, "points", `${points(taken)} taken back for the refunded amount.`);
  await noteOwed(db, orderId, owed);
}
