import { ORDER_STATUSES, type OrderStatus } from "~/lib/db-schema/order-status";

export { ORDER_STATUSES, type OrderStatus };

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export { isPaidBeforeShipping, isPaidLike, PAID_BEFORE_SHIPPING } from "~/domain/orders/lifecycle";

export { ORDER_STATUS_LABELS, orderStatusLabel, UNKNOWN_STATUS_LABEL } from "~/domain/orders/status-labels";
