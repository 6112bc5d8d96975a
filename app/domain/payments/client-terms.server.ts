import { PaymentError, requireOrder } from "~/domain/payments/payment-order.server";
import { centsToDecimal, decimalToCents } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * POST /api/paypal/order as the spec's client sends it: the amount, currency and intent it names
 * are only checked against the order's own, and an amount alone finds the viewer's unpaid order.
 */

/**
 * The amount, currency and intent a browser sends with POST /api/paypal/order are only checked:
 * the PayPal order is always for the order's own total in USD with intent CAPTURE. Throws 400
 * when the browser asked for anything else.
 */
export async function assertClientPaymentTerms(
  db: DB,
  orderId: number,
  input: { amount?: string | number; currency?: string; intent?: string },
): Promise<void> {
  const order = await requireOrder(db, orderId);
  if (input.currency !== undefined && input.currency.trim().toUpperCase() !== "USD") {
    throw new PaymentError("currency must be USD", "mismatch", 400);
  }
  if (input.intent !== undefined && input.intent.trim().toUpperCase() !== "CAPTURE") {
    throw new PaymentError("intent must be CAPTURE", "mismatch", 400);
  }
  if (input.amount !== undefined && decimalToCents(String(input.amount)) !== order.totalCents) {
    throw new PaymentError(`amount must be the order's total, ${centsToDecimal(order.totalCents)}`, "mismatch", 400);
  }
}

/**
 * POST /api/paypal/order as the spec's client sends it ({amount, currency, intent}, no orderId):
 * the viewer's (signed-in customer's, else the guest session's) newest unpaid order whose server
 * total equals `amount`. Throws 400 without a readable amount, 409 when no such order exists.
 */
export async function findUnpaidOrderForAmount(
  db: DB,
  viewer: { userId: number | null; sessionKey: string | null },
  amount: string | number | undefined,
): Promise<number> {
  if (amount === undefined) throw new PaymentError("amount is required (or the orderId of the order to pay)", "mismatch", 400);
  const cents = decimalToCents(String(amount));
  if (cents === null || cents <= 0) throw new PaymentError("amount must be a positive amount like 24.00", "mismatch", 400);
  if (viewer.userId === null && !viewer.sessionKey) throw new PaymentError("You have no unpaid order to pay", "state", 409);
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "unpaid")
    .where("total_cents", "=", cents)
    .where((eb) =>
      eb.or([
        ...(viewer.userId !== null ? [eb("user_id", "=", viewer.userId)] : []),
        ...(viewer.sessionKey ? [eb.and([eb("user_id", "is", null), eb("session_key", "=", viewer.sessionKey)])] : []),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) throw new PaymentError(`You have no unpaid order with a total of ${centsToDecimal(cents)} USD`, "state", 409);
  return row.id;
}
