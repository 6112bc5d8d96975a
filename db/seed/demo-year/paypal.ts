import { createHash } from "node:crypto";
import { EMULATOR_MERCHANT_ID, type PaymentRecord, registerPayments } from "../../../tools/paypal-emulator";
import { type DB } from "./context";

/*
 * The demo year's payments were never made at the PayPal emulator, so a refund of one would
 * meet INVALID_RESOURCE_ID. Each paid order's PayPal order, capture and refunds are written into
 * the emulator's state file (PAYPAL_EMULATOR_STATE_FILE) as the emulator would have kept them;
 * read from the database, so a demo shop seeded before the file existed can be registered too.
 */

const ACCOUNT_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A buyer's PayPal payer id, stable per address (13 characters as PayPal's). */
function payerIdOf(email: string): string {
  return [...createHash("sha256").update(email).digest()]
    .slice(0, 13)
    .map((b) => ACCOUNT_ALPHABET[b % ACCOUNT_ALPHABET.length])
    .join("");
}

/** Every order with a PayPal capture, as the emulator's payment records. */
export async function demoPayments(db: DB, merchantId: string = EMULATOR_MERCHANT_ID): Promise<PaymentRecord[]> {
  const orders = await db
    .selectFrom("orders")
    .select([
      "id",
      "email",
      "total_cents",
      "paypal_order_id",
      "paypal_capture_id",
      "shipping_first_name",
      "shipping_last_name",
      "shipping_country",
      "created_at",
      "paid_at",
    ])
    .where("paypal_order_id", "is not", null)
    .where("paypal_capture_id", "is not", null)
    .orderBy("id")
    .execute();
  const refunds = await db
    .selectFrom("refunds")
    .select(["order_id", "capture_id", "paypal_refund_id", "amount_cents", "status", "created_at"])
    .where("paypal_refund_id", "is not", null)
    .where("status", "in", ["COMPLETED", "PENDING", "FAILED", "CANCELLED"])
    .execute();
  const byCapture = new Map<string, typeof refunds>();
  for (const r of refunds) byCapture.set(r.capture_id, [...(byCapture.get(r.capture_id) ?? []), r]);
  return orders.map((o) => ({
    orderId: o.paypal_order_id!,
    captureId: o.paypal_capture_id!,
    amountCents: o.total_cents,
    currency: "USD",
    reference: String(o.id),
    payee: { email_address: "merchant@example.com", merchant_id: merchantId },
    payer: {
      payer_id: payerIdOf(o.email),
      email_address: o.email,
      given_name: o.shipping_first_name,
      surname: o.shipping_last_name,
      country_code: o.shipping_country,
    },
    createdAt: new Date(o.created_at),
    capturedAt: new Date(o.paid_at ?? o.created_at),
    refunds: (byCapture.get(o.paypal_capture_id!) ?? []).map((r) => ({
      id: r.paypal_refund_id!,
      amountCents: r.amount_cents,
      status: r.status as "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED",
      createdAt: new Date(r.created_at),
    })),
  }));
}

/** Registers the shop's PayPal payments the state file does not know yet; answers how many. */
export async function registerDemoPayments(db: DB, stateFile: string, merchantId?: string): Promise<number> {
  return registerPayments(stateFile, await demoPayments(db, merchantId));
}
