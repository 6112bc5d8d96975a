import { enqueueMail, getOwnerAddress } from "~/domain/mail/outbox.server";
import { type OrderMailData } from "~/domain/mail/templates";
import { type CancelledBy } from "~/domain/mail/templates/types";
import { getOrderView, type OrderView } from "~/domain/orders/orders.server";
import { decimalTotals } from "~/domain/orders/totals";
import { centsToDecimal } from "~/lib/money";
import { type Locale } from "~/i18n/locales";
import { type DB } from "~/lib/sqlite.server";

/**
 * The order e-mails, queued in the caller's transaction (the one that changed the order), each
 * under an event key of its own: a second call for the same event queues nothing. The buyer's
 * are written in the order's language, whoever causes them (the owner shipping it, a job).
 */

export async function orderMailData(trx: DB, orderId: number): Promise<OrderMailData | null> {
  return (await orderMail(trx, orderId))?.data ?? null;
}

/**
 * The order's mail data, its account (null for a guest's order: the buyer's mails belong to that
 * account) and its language (the checkout's that placed it: the buyer's mails are written in it).
 */
export async function orderMail(trx: DB, orderId: number): Promise<{ data: OrderMailData; userId: number | null; locale: Locale } | null> {
  const order = await getOrderView(trx, orderId);
  if (!order) return null;
  return { userId: order.userId, locale: order.locale, data: toMailData(order) };
}

function toMailData(order: OrderView): OrderMailData {
  return {
    orderId: order.id,
    token: order.confirmationToken,
    email: order.email,
    firstName: order.shippingAddress.firstName,
    lastName: order.shippingAddress.lastName,
    items: order.items.map((i) => ({
      title: i.title,
      colorName: i.colorName,
      variationName: i.variationName,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      price: i.price,
      madeToOrderDays: i.madeToOrder ? (i.leadTimeDays ?? 0) : null,
      isPersonalised: i.isPersonalised,
    })),
    expectedShipDate: order.expectedShipDate,
    ...decimalTotals(order.totals),
    address: { ...order.shippingAddress },
    customerMessage: order.customerMessage,
    trackingNumber: order.trackingNumber,
  };
}

/** The order became paid: the buyer's confirmation and the owner's alert. */
export async function enqueueOrderPaidMail(trx: DB, orderId: number): Promise<void> {
  const mail = await orderMail(trx, orderId);
  if (!mail) return;
  const { data, userId, locale } = mail;
  await enqueueMail(trx, { eventKey: `order-paid:${orderId}`, to: data.email, kind: "order-confirmation", data, userId, locale });
  await enqueueMail(trx, { eventKey: `order-paid-owner:${orderId}`, to: await getOwnerAddress(trx), kind: "owner-new-order", data, userId: null });
}

/**
 * An alert to the owner about an order's payment (a capture the shop could not fill, a reversal,
 * a dispute). `eventKey` names the occurrence, so a repeated webhook sends no second alert.
 */
export async function enqueueOwnerPaymentAlert(trx: DB, orderId: number, eventKey: string, alert: { headline: string; detail: string }): Promise<void> {
  const order = await trx.selectFrom("orders").select(["email", "total_cents as totalCents"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return;
  await enqueueMail(trx, {
    eventKey: `owner-payment-alert:${orderId}:${eventKey}`,
    to: await getOwnerAddress(trx),
    kind: "owner-payment-alert",
    data: { orderId, total: centsToDecimal(order.totalCents), email: order.email, headline: alert.headline, detail: alert.detail },
    userId: null,
  });
}

/** The order was shipped (with its tracking number). */
export async function enqueueOrderShippedMail(trx: DB, orderId: number): Promise<void> {
  const mail = await orderMail(trx, orderId);
  if (!mail) return;
  const { data, userId, locale } = mail;
  await enqueueMail(trx, { eventKey: `order-shipped:${orderId}`, to: data.email, kind: "order-shipped", data, userId, locale });
}

/** The order was cancelled; `wasPaid` chooses the refund wording, `cancelledBy` says who cancelled it. */
export async function enqueueOrderCancelledMail(trx: DB, orderId: number, wasPaid: boolean, cancelledBy: CancelledBy = "shop"): Promise<void> {
  const mail = await orderMail(trx, orderId);
  if (!mail) return;
  const { data, userId, locale } = mail;
  await enqueueMail(trx, {
    eventKey: `order-cancelled:${orderId}`,
    to: data.email,
    kind: "order-cancelled",
    data: { ...data, wasPaid, cancelledBy },
    userId,
    locale,
  });
}

/**
 * The buyer asked to cancel a paid order: their receipt and the owner's alert. `at` is the
 * request's time (orders.updated_at of the transition), so a request made again after the shop
 * declined one is its own event.
 */
export async function enqueueCancelRequestMail(trx: DB, orderId: number, at: string): Promise<void> {
  const mail = await orderMail(trx, orderId);
  if (!mail) return;
  const { data, userId, locale } = mail;
  await enqueueMail(trx, { eventKey: `cancel-request:${orderId}:${at}`, to: data.email, kind: "cancel-request-received", data, userId, locale });
  await enqueueMail(trx, {
    eventKey: `cancel-request-owner:${orderId}:${at}`,
    to: await getOwnerAddress(trx),
    kind: "owner-cancel-request",
    data,
    userId: null,
  });
}

/** Money went back to the buyer (a return, or a payment the shop could not keep); one mail per refund. */
export async function enqueueOrderRefundedMail(trx: DB, orderId: number, refundId: number, refundAmount: string): Promise<void> {
  const mail = await orderMail(trx, orderId);
  if (!mail) return;
  const { data, userId, locale } = mail;
  await enqueueMail(trx, {
    eventKey: `order-refunded:${orderId}:${refundId}`,
    to: data.email,
    kind: "order-refunded",
    data: { ...data, refundAmount },
    userId,
    locale,
  });
}

/** The shop declined the buyer's cancellation request; `at` makes each decline its own event. */
export async function enqueueCancelDeclinedMail(trx: DB, orderId: number, declineReason: string, at: string): Promise<void> {
  const mail = await orderMail(trx, orderId);
  if (!mail) return;
  const { data, userId, locale } = mail;
  await enqueueMail(trx, {
    eventKey: `cancel-declined:${orderId}:${at}`,
    to: data.email,
    kind: "cancel-declined",
    data: { ...data, declineReason },
    userId,
    locale,
  });
}
