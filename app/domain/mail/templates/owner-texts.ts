import { formatDecimalMoney as usd } from "~/lib/money";
import { MADE_TO_ORDER_HOLD_MINUTES } from "~/domain/catalogue/made-to-order";

/**
 * The words of the owner's alerts about orders, in English; the order's number, prices and parts
 * come from order-texts.ts. `{slot}`s are filled by the markup and the plain text alike; a second
 * language is a second object of this shape (texts.ts).
 */
export const OWNER_MAIL_TEXT = {
  customer: (name: string, email: string) => `${name} (${email})`,
  newOrder: {
    subject: (orderId: number, total: string) => `New paid order #${orderId}: ${usd(total)}`,
    heading: (orderId: number) => `New paid order #${orderId}`,
    body: "{customer} paid {total}.",
    button: "Open in the admin",
  },
  cancelRequest: {
    subject: (orderId: number) => `Cancellation requested: order #${orderId}`,
    preview: (email: string, orderId: number, total: string) => `${email} asks to cancel order #${orderId} (${usd(total)}).`,
    heading: "Cancellation requested",
    body: "{customer} asks to cancel order {order} ({total}).",
    review: "Please review it within 1-2 business days.",
    button: "Review the order",
  },
  paymentAlert: {
    subject: (headline: string, orderId: number) => `${headline}: order #${orderId}`,
    body: "Order {order} ({email}, {total}).",
    bodyText: (headline: string, orderId: number, email: string, total: string) => `${headline}: order #${orderId} (${email}, ${usd(total)}).`,
    button: "Open the order",
  },
  madeToOrderHeld: {
    subject: (headline: string) => `${headline} (not paid yet)`,
    body: `While they hold them, nobody else can order it made to order. Each unpaid order holds its places for ${MADE_TO_ORDER_HOLD_MINUTES} minutes from when it was placed; you can release them sooner on the Orders tab.`,
    button: "Open the Orders tab",
  },
};

export type OwnerMailText = typeof OWNER_MAIL_TEXT;
