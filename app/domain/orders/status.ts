/** Every order status, in the order of a parcel's life (the admin filter shows them so); browser-safe. */
export const ORDER_STATUSES = [
  "unpaid",
  "paid",
  "processing",
  "cancel_request",
  "shipped",
  "delivered",
  "returned",
  "payment_reversed",
  "cancelled",
  "unpaidcancelled",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Paid and not shipped yet: the buyer may still withdraw, and a cancellation refunds in full. */
export const PAID_BEFORE_SHIPPING = ["paid", "processing", "cancel_request"] as const satisfies readonly OrderStatus[];

const PAID_LIKE: readonly string[] = [...PAID_BEFORE_SHIPPING, "shipped", "delivered", "returned"] satisfies readonly OrderStatus[];

export function isPaidBeforeShipping(status: string): boolean {
  return (PAID_BEFORE_SHIPPING as readonly string[]).includes(status);
}

/**
 * The money arrived and the order went on from there (packed, shipped, returned...). A reversed
 * payment is not paid-like: PayPal took the money back until the owner decides.
 */
export function isPaidLike(status: string): boolean {
  return PAID_LIKE.includes(status);
}

export { ORDER_STATUS_LABELS, orderStatusLabel, UNKNOWN_STATUS_LABEL } from "~/domain/orders/status-labels";
