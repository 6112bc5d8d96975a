import { type OrderStatus } from "~/domain/orders/status";

// Apart from status.ts: the labels alone, browser-safe, for pages that only show them.
/** Order status labels; browser-safe. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: "Payment Pending",
  paid: "Payment Received",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancel_request: "Cancellation Requested",
  cancelled: "Cancelled",
  unpaidcancelled: "Cancelled (Unpaid)",
  returned: "Returned",
  /** PayPal reversed the payment or the buyer disputed it: on hold until the owner decides. */
  payment_reversed: "Payment reversed",
};

export const UNKNOWN_STATUS_LABEL = "Unknown Status";

export function orderStatusLabel(status: string | null | undefined): string {
  return status != null && Object.hasOwn(ORDER_STATUS_LABELS, status) ? ORDER_STATUS_LABELS[status as OrderStatus] : UNKNOWN_STATUS_LABEL;
}
