import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Marks the order's open withdrawal handled, in the caller's transaction, with an activity row.
 * cancelOrder and applyReturn call it, so every way an order is cancelled or taken back (the
 * withdrawal's own button, the return form, the API, a refund the reconciliation job records
 * later) settles the withdrawal. Returns false when there was no open withdrawal.
 */
export async function settleWithdrawal(trx: DB, orderId: number, how: "cancelled" | "returned", actor: Actor = SYSTEM_ACTOR): Promise<boolean> {
  const at = new Date().toISOString();
  const updated = await trx
    .updateTable("withdrawals")
    .set({ handled_at: at })
    .where("order_id", "=", orderId)
    .where("handled_at", "is", null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await logActivity(trx, {
    actor,
    kind: "order.withdrawal",
    subjectType: "order",
    subjectId: orderId,
    summary: `Order #${orderId}: withdrawal handled (order ${how})`,
    changes: { withdrawalHandledAt: [null, at] },
  });
  return true;
}
