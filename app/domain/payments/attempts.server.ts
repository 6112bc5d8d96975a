import { returnOrderStock } from "~/domain/orders/holds.server";
import { PaymentError } from "~/domain/payments/payment-order.server";
import { isPaypalOrderId } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * payment_attempts: every PayPal order the shop created for a shop order, its last known status,
 * and the stock hold a capture in progress carries (released here when it fails or is abandoned).
 */

/** Attempt statuses that a later visit may still have to look at. */
export const OPEN_STATUSES = ["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED", "CAPTURING", "PENDING"];

/** A stock hold older than this with no completed capture is left over from a crash and may be released. */
export const STALE_HOLD_MS = 2 * 60 * 1000;

export async function listAttempts(db: DB, orderId: number, statuses?: string[]) {
  let query = db
    .selectFrom("payment_attempts")
    .select(["paypal_order_id as paypalOrderId", "status", "amount_cents as amountCents", "updated_at as updatedAt"])
    .where("order_id", "=", orderId);
  if (statuses) query = query.where("status", "in", statuses);
  return query.orderBy("id", "desc").execute();
}

export async function setAttemptStatus(db: DB, orderId: number, paypalOrderId: string, status: string): Promise<void> {
  await db
    .updateTable("payment_attempts")
    .set({ status, updated_at: new Date().toISOString() })
    .where("order_id", "=", orderId)
    .where("paypal_order_id", "=", paypalOrderId)
    .execute();
}

/** Remembers a PayPal order for the shop order (a PayPal order id belongs to one shop order only). */
export async function rememberAttempt(db: DB, orderId: number, paypalOrderId: string, status: string, amountCents: number): Promise<void> {
  await db
    .insertInto("payment_attempts")
    .values({ order_id: orderId, paypal_order_id: paypalOrderId, status, amount_cents: amountCents })
    .onConflict((oc) => oc.column("paypal_order_id").doNothing())
    .execute();
}

/**
 * 400 unless the shop itself created this PayPal order for this order (startPayment records each
 * one): a PayPal order someone made elsewhere, even for the right reference and amount, never pays.
 */
export async function assertCreatedByShop(db: DB, orderId: number, paypalOrderId: string): Promise<void> {
  const attempt = await db
    .selectFrom("payment_attempts")
    .select("id")
    .where("paypal_order_id", "=", paypalOrderId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!attempt) throw new PaymentError("This PayPal payment was not started by this shop", "mismatch", 400);
}

/** 409 when another shop order paid with, or started, this PayPal order. */
export async function assertPaypalOrderFree(db: DB, orderId: number, paypalOrderId: string): Promise<void> {
  const paid = await db.selectFrom("orders").select("id").where("paypal_order_id", "=", paypalOrderId).where("id", "!=", orderId).executeTakeFirst();
  const attempt = await db.selectFrom("payment_attempts").select("order_id as orderId").where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();
  if (paid || (attempt && attempt.orderId !== orderId)) {
    throw new PaymentError("This PayPal payment belongs to another order", "mismatch");
  }
}

/** The shop order a PayPal order id was created for, if any. */
export async function findOrderIdByPaypalOrder(db: DB, paypalOrderId: string): Promise<number | null> {
  if (!isPaypalOrderId(paypalOrderId)) return null;
  const attempt = await db.selectFrom("payment_attempts").select("order_id as orderId").where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();
  if (attempt) return attempt.orderId;
  const paid = await db.selectFrom("orders").select("id").where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();
  return paid?.id ?? null;
}

/** True when this PayPal order id was created for (or paid) this shop order: PayPal's return URL carries it. */
export async function isPaypalOrderOf(db: DB, orderId: number, paypalOrderId: string): Promise<boolean> {
  return (await findOrderIdByPaypalOrder(db, paypalOrderId)) === orderId;
}

/**
 * Gives back the stock a reservation took, in one transaction. The discount's points stay with
 * the unpaid order (they come back on expiry or cancellation). Only an unpaid order that holds
 * stock is changed; the attempt gets `attemptStatus`.
 */
export async function releaseReservation(db: DB, orderId: number, paypalOrderId: string | null, attemptStatus: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("orders")
      .set({ stock_reserved: 0, updated_at: new Date().toISOString() })
      .where("id", "=", orderId)
      .where("status", "=", "unpaid")
      .where("stock_reserved", "=", 1)
      .executeTakeFirst();
    if (paypalOrderId) await setAttemptStatus(trx, orderId, paypalOrderId, attemptStatus);
    if (updated.numUpdatedRows === 0n) return false;
    await returnOrderStock(trx, orderId);
    // Other attempts that were waiting on this hold are no longer capturing.
    await trx
      .updateTable("payment_attempts")
      .set({ status: "FAILED", updated_at: new Date().toISOString() })
      .where("order_id", "=", orderId)
      .where("status", "=", "CAPTURING")
      .execute();
    return true;
  });
}
