import { enqueueCancelRequestMail, enqueueOrderCancelledMail } from "~/domain/mail/order-mail.server";
import { DomainError } from "~/domain/common/errors";
import { centsToDecimal } from "~/lib/money";
import { canTransition } from "~/domain/orders/lifecycle";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { type OrderView } from "~/domain/orders/orders.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { type DB } from "~/lib/sqlite.server";

/** The customer's two order actions. */
export const ORDER_ACTION_TEXT = {
  cancelNotUnpaid: (status: string) => `Only an unpaid order can be cancelled directly. This order is ${orderStatusLabel(status)}.`,
  requestNotPaid: (status: string) => `A cancellation can be requested only for a paid order. This order is ${orderStatusLabel(status)}.`,
  cannotCancel: (status: string) => `This order can no longer be cancelled. It is ${orderStatusLabel(status)}.`,
  notFound: "Order not found",
  paymentInProgress: "Your payment is being processed. Please wait a moment and refresh the page.",
} as const;

async function currentStatus(db: DB, orderId: number): Promise<string> {
  const row = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new DomainError(ORDER_ACTION_TEXT.notFound, 404);
  return row.status;
}

/**
 * The customer cancels an unpaid order: status 'unpaidcancelled'. Only from 'unpaid' and only
 * while no payment attempt holds the stock (stock_reserved = 0): while a PayPal capture is in
 * flight the order cannot be cancelled, or the buyer could be charged for a cancelled order.
 * The payment code releases a hold that a failed or abandoned attempt left. The discount's points
 * the order holds come back in the same transaction. Throws DomainError 404/409.
 */
export async function cancelUnpaidOrder(db: DB, orderId: number): Promise<void> {
  const cancelled = await db.transaction().execute(async (trx) => {
    const done = await transitionOrder(trx, orderId, "cancelUnpaid", { pointsWhy: `order #${orderId} cancelled before payment` });
    if (done) await enqueueOrderCancelledMail(trx, orderId, false, "buyer");
    return done !== null;
  });
  if (cancelled) return;
  const row = await db.selectFrom("orders").select(["status", "stock_reserved as reserved"]).where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new DomainError(ORDER_ACTION_TEXT.notFound, 404);
  if (row.status === "unpaid" && row.reserved === 1) throw new DomainError(ORDER_ACTION_TEXT.paymentInProgress, 409);
  throw new DomainError(ORDER_ACTION_TEXT.cancelNotUnpaid(row.status), 409);
}

/**
 * The customer asks to cancel a paid order: status 'cancel_request', only from 'paid'. The
 * stock stays taken and the points stay as they are until the admin decides. Throws DomainError 404/409.
 */
export async function requestCancellation(db: DB, orderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const requested = await transitionOrder(trx, orderId, "requestCancellation", { now });
    if (!requested) throw new DomainError(ORDER_ACTION_TEXT.requestNotPaid(await currentStatus(trx, orderId)), 409);
    await enqueueCancelRequestMail(trx, orderId, now.toISOString());
  });
}

/**
 * PATCH /api/orders/{id}/cancel: an unpaid order is cancelled ('unpaidcancelled'), a paid one
 * gets a cancellation request ('cancel_request'); any other status is a 409. Returns the new status.
 */
export async function cancelOrderForCustomer(db: DB, orderId: number): Promise<"unpaidcancelled" | "cancel_request"> {
  const status = await currentStatus(db, orderId);
  if (canTransition(status, "cancelUnpaid")) {
    await cancelUnpaidOrder(db, orderId);
    return "unpaidcancelled";
  }
  if (canTransition(status, "requestCancellation")) {
    await requestCancellation(db, orderId);
    return "cancel_request";
  }
  throw new DomainError(ORDER_ACTION_TEXT.cannotCancel(status), 409);
}

/** The Order entity as the API answers it (no PayPal ids, owner ids or reservation flags). */
export function orderToApi(view: OrderView) {
  return {
    id: view.id,
    email: view.email,
    status: view.status,
    total: view.total,
    subtotal: view.subtotal,
    shippingCost: view.shippingCost,
    shippingName: view.shippingName,
    shippingZone: view.shippingZone,
    loyaltyDiscount: view.loyaltyDiscount,
    loyaltyPointsUsed: view.loyaltyPointsUsed,
    /** The discount code and what it took off, or null (the contract's `discount`). */
    discount: view.discount,
    createdAt: view.createdAt,
    paidAt: view.paidAt,
    shippedAt: view.shippedAt,
    deliveredAt: view.deliveredAt,
    trackingNumber: view.trackingNumber,
    /** Why the shop declined a cancellation request. */
    declineReason: view.declineReason,
    /** Money given back through PayPal. */
    refunds: view.refunds.map((r) => ({ amount: centsToDecimal(r.amountCents), status: r.status, createdAt: r.createdAt })),
    customerMessage: view.customerMessage,
    /** 'This is a gift: no prices on the packing slip'. */
    isGift: view.isGift,
    confirmationToken: view.confirmationToken,
    /** The language of the checkout that placed it ('en' or 'pl'): its e-mails are written in it. */
    locale: view.locale,
    /** The customer's withdrawal from the contract: null, or when it was received and handled. */
    withdrawal: view.withdrawal ? { receivedAt: view.withdrawal.receivedAt, handledAt: view.withdrawal.handledAt } : null,
    shippingAddress: { ...view.shippingAddress },
    items: view.items.map((i) => ({
      id: i.id,
      productId: i.productId,
      title: i.title,
      quantity: i.quantity,
      price: i.price,
      unitPrice: i.unitPrice,
      colorId: i.colorId,
      colorName: i.colorName,
      variationCode: i.variationCode,
      variationName: i.variationName,
      product: {
        title: i.product.title,
        images: i.product.images.map((img) => ({ imageUrl: img.imageUrl })),
        categories: i.product.categories.map((c) => ({ category: { name: c.category.name } })),
      },
    })),
  };
}

export type ApiOrder = ReturnType<typeof orderToApi>;
