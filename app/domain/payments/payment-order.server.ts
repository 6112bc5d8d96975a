import { type Locale } from "~/i18n/locales";
import { DomainError } from "~/domain/common/errors";
import { isPaidLike } from "~/domain/orders/status";
import { storedOrderTotals, TOTALS_COLUMNS } from "~/domain/orders/totals";
import { PAYMENT_TEXT, PAYMENT_TOAST_TEXT } from "~/domain/payments/page-data";
import { centsToDecimal, decimalToCents } from "~/lib/money";
import { getPaypalClient, getShopMerchantId, type PaypalClient, PaypalError, type PaypalLink, type PaypalOrder } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The shop order as the payment rules see it (payments.server.ts says what they are), the
 * PaymentError every payment step throws, and the checks that a PayPal order pays this order.
 */

export type PaymentErrorKind = "failed" | "stock" | "state" | "in-progress" | "pending" | "mismatch" | "unavailable" | "recording";

/** A capture PayPal holds for review (PENDING): not a failure; the webhook or reconciliation settles it. */
export const PAYMENT_PENDING = {
  title: "Payment pending",
  description: "PayPal is still reviewing this payment. Your items are held for you, and the order is confirmed as soon as PayPal completes it.",
} as const;

/** A payment could not go ahead; `kind` tells the pages which of the spec's messages to show. */
export class PaymentError extends DomainError {
  constructor(
    message: string,
    readonly kind: PaymentErrorKind,
    status: 400 | 404 | 409 = 409,
  ) {
    super(message, status);
    this.name = "PaymentError";
  }
}

export interface PaymentResult {
  id: number;
  confirmationToken: string;
  paypalOrderId: string;
  captureId: string | null;
}

export interface StartedPayment {
  paypalOrderId: string;
  /** Where the buyer approves: PayPal's approve / payer-action link (or the shop's return URL when already approved). */
  approveUrl: string;
  status: string;
  links: PaypalLink[];
}

export interface PaymentDeps {
  /** Defaults to the configured client (getPaypalClient()). */
  paypal?: PaypalClient | null;
}

export interface OrderRow {
  id: number;
  status: string;
  totalCents: number;
  userId: number | null;
  sessionKey: string | null;
  confirmationToken: string;
  paypalOrderId: string | null;
  paypalCaptureId: string | null;
  stockReserved: number;
  pointsUsed: number;
  /** The language of the checkout that placed it: PayPal sends the buyer back to its pages. */
  locale: Locale;
}

export async function loadOrder(db: DB, orderId: number): Promise<OrderRow | null> {
  const row = await db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "total_cents as totalCents",
      "user_id as userId",
      "session_key as sessionKey",
      "confirmation_token as confirmationToken",
      "paypal_order_id as paypalOrderId",
      "paypal_capture_id as paypalCaptureId",
      "stock_reserved as stockReserved",
      "loyalty_points_used as pointsUsed",
      "locale",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The PayPal breakdown of an order's stored totals (storedOrderTotals): the items, the shipping,
 * and the code and loyalty discounts together; null when the order is missing.
 */
export async function orderBreakdown(db: DB, orderId: number): Promise<{ itemTotalCents: number; shippingCents: number; discountCents: number } | null> {
  const row = await db
    .selectFrom("orders")
    .select([...TOTALS_COLUMNS])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;
  const { paypal } = storedOrderTotals(row);
  return { itemTotalCents: paypal.item_total, shippingCents: paypal.shipping, discountCents: paypal.discount };
}

export async function requireOrder(db: DB, orderId: number): Promise<OrderRow> {
  const order = await loadOrder(db, orderId);
  if (!order) throw new PaymentError(PAYMENT_TEXT.notFound, "state", 404);
  return order;
}

/** Throws the 409 that says why an order that is not `unpaid` cannot be paid. */
export function assertUnpaid(order: OrderRow): void {
  if (order.status === "unpaid") return;
  if (isPaidLike(order.status) || order.status === "payment_reversed") throw new PaymentError("This order is already paid", "state");
  if (order.status === "cancelled" || order.status === "unpaidcancelled") throw new PaymentError("This order has been cancelled", "state");
  throw new PaymentError("This order cannot be paid", "state");
}

export async function orderItems(db: DB, orderId: number) {
  return db
    .selectFrom("order_items")
    .select(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "quantity", "title", "made_to_order as madeToOrder"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

export function resultOf(order: Pick<OrderRow, "id" | "confirmationToken">, paypalOrderId: string, captureId: string | null): PaymentResult {
  return { id: order.id, confirmationToken: order.confirmationToken, paypalOrderId, captureId };
}

export function requirePaypal(deps: PaymentDeps): PaypalClient {
  const paypal = deps.paypal === undefined ? getPaypalClient() : deps.paypal;
  if (!paypal) throw new PaymentError(PAYMENT_TEXT.notConfigured, "unavailable");
  return paypal;
}

/** A PayPal error as the buyer should see it: unreachable PayPal, or a refusal. */
export function fromPaypal(error: unknown): never {
  if (error instanceof PaypalError) {
    console.warn(error.message);
    if (error.isUnavailable) throw new PaymentError("PayPal could not be reached. Please try again in a moment.", "unavailable");
    throw new PaymentError(PAYMENT_TOAST_TEXT.failed.description, "failed");
  }
  throw error;
}

/** Checks that a PayPal order is for this shop order and for exactly its total in USD (before anything is captured). */
export function assertMatchesOrder(pp: PaypalOrder, order: OrderRow): void {
  assertPaysShopForOrder(pp, order);
  assertTermsOfOrder(pp, order);
}

/** The PayPal order is for this shop order and pays the shop's merchant account. */
export function assertPaysShopForOrder(pp: PaypalOrder, order: OrderRow): void {
  const units = pp.purchase_units ?? [];
  const unit = units[0];
  if (units.length !== 1 || !unit || unit.reference_id !== String(order.id)) {
    throw new PaymentError("This PayPal payment belongs to another order", "mismatch");
  }
  // Anyone can create a PayPal order with the shop's public client id and name their own
  // account as payee: only one that pays the shop's merchant account pays an order.
  const merchantId = getShopMerchantId();
  if (!merchantId || unit.payee?.merchant_id !== merchantId) {
    if (!merchantId) console.warn("PAYPAL_MERCHANT_ID is not set: no PayPal payment can be accepted");
    throw new PaymentError("This PayPal payment is not made out to this shop", "mismatch", 400);
  }
}

/** The PayPal order is for exactly the order's total in USD, to be captured. */
export function assertTermsOfOrder(pp: PaypalOrder, order: OrderRow): void {
  const unit = pp.purchase_units![0]!;
  if (pp.intent !== undefined && pp.intent !== "CAPTURE") throw new PaymentError("This PayPal payment cannot be captured", "mismatch", 400);
  const amount = unit.amount;
  if (!amount || amount.currency_code !== "USD" || decimalToCents(amount.value) !== order.totalCents) {
    throw new PaymentError(`The PayPal payment amount does not match this order's total of ${centsToDecimal(order.totalCents)} USD`, "mismatch", 400);
  }
}

export function approveLink(pp: PaypalOrder): string | null {
  return pp.links?.find((l) => l.rel === "approve" || l.rel === "payer-action")?.href ?? null;
}
