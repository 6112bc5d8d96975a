import { DomainError } from "~/domain/common/errors";
import { getOrderAccess, type OrderViewer } from "~/domain/orders/access.server";
import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { cancelOrderForCustomer, cancelUnpaidOrder, ORDER_ACTION_TEXT, requestCancellation } from "~/domain/orders/order-actions.server";
import { ORDER_INTENTS, type OrderIntent } from "~/domain/orders/page-data";
import { type Actor } from "~/domain/ops/activity.server";
import { type PaypalClient } from "~/lib/paypal-client.server";
import { type DB } from "~/lib/sqlite.server";

export interface OrderCanceller {
  /** Who asks: the signed-in user, the guest session, the link's token, whether an admin. */
  viewer: OrderViewer;
  /** Logged for the shop's own cancel. */
  actor: Actor;
  /** The order page's button: always the customer's action, whoever presses it. Absent for the API. */
  intent?: OrderIntent;
}

/**
 * Who may cancel what. Anyone who may not see the order gets 404, as if it did not exist. The
 * order page's buttons are the customer's actions: 'cancel' an unpaid order, or 'request-cancellation'
 * of a paid one. Through the API an admin cancels as the shop (a paid order is refunded through
 * PayPal, see adminCancelOrder), and anyone else gets the customer's action the status allows.
 * Throws DomainError 404, 409 (status, payment in flight) and RefundError 409.
 */
export async function cancelOrderAs(db: DB, orderId: number, canceller: OrderCanceller, deps: { paypal?: PaypalClient | null } = {}): Promise<void> {
  const access = await getOrderAccess(db, orderId, canceller.viewer);
  if (!access) throw new DomainError(ORDER_ACTION_TEXT.notFound, 404);
  if (canceller.intent === ORDER_INTENTS.cancel) return cancelUnpaidOrder(db, orderId);
  if (canceller.intent === ORDER_INTENTS.requestCancellation) return requestCancellation(db, orderId);
  if (canceller.viewer.isAdmin) return adminCancelOrder(db, orderId, { paypal: deps.paypal, actor: canceller.actor });
  await cancelOrderForCustomer(db, orderId);
}
