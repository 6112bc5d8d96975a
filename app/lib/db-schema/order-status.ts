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
