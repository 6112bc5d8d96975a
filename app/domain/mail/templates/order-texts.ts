import { formatDecimalMoney as usd } from "~/lib/money";
import { formatShipDate, madeToOrderText, PERSONALISED_ITEM_TEXT, shipDateSentence } from "~/domain/catalogue/made-to-order";
import { countryName } from "~/domain/common/countries";
import { DUTIES_TEXT } from "~/domain/orders/duties";
import { WITHDRAW_LINK_TEXT } from "~/domain/legal/seller";
import { WITHDRAWAL_DAYS } from "~/domain/withdrawals/rules";

/**
 * The words of the buyer's order e-mails and of the order's parts every order e-mail shows
 * (lines, totals, address), in English. A `{slot}` in a sentence is filled by the markup
 * (a bold order number, a link) and by the plain text alike; a function words what depends on
 * the data. A second language is a second object of this shape (texts.ts).
 */

/** The refund wording of the terms page (Cancellation). */
const REFUND_TERMS = "You can cancel with a full refund only if the order has not shipped yet.";
const declinedLine = (orderId: number) => `We could not cancel order #${orderId}:`;

export const ORDER_MAIL_TEXT = {
  number: (orderId: number) => `#${orderId}`,
  price: usd,
  questions: "If you have any questions, just reply to this e-mail.",
  details: "Your order details:",
  withdraw: `Changed your mind? You may withdraw from this contract within ${WITHDRAWAL_DAYS} days of delivery.`,
  withdrawLink: WITHDRAW_LINK_TEXT,

  parts: {
    yourOrder: "Your order",
    shippingTo: "Shipping to",
    yourMessage: "Your message",
    colour: (name: string) => `Colour: ${name}`,
    optionSeparator: " · ",
    madeToOrder: madeToOrderText,
    personalised: PERSONALISED_ITEM_TEXT,
    shipDate: (ymd: string, mixed: boolean) => shipDateSentence(formatShipDate(ymd), mixed),
    quantity: (quantity: number, unitPrice: string) => `${quantity} × ${usd(unitPrice)}`,
    quantityText: (quantity: number, unitPrice: string, price: string) => `${quantity} x ${usd(unitPrice)} = ${usd(price)}`,
    subtotal: "Subtotal",
    shipping: "Shipping",
    shippingName: (name: string) => `(${name})`,
    loyaltyDiscount: (points: number) => `Loyalty discount (${points} points)`,
    codeDiscount: (code: string) => `Discount code ${code}`,
    discount: (amount: string) => `−${usd(amount)}`,
    discountText: (amount: string) => `-${usd(amount)}`,
    total: "Total",
    totalAmount: (total: string) => `${usd(total)} USD`,
    country: (code: string) => countryName(code) ?? code,
  },

  confirmation: {
    subject: (orderId: number) => `Order #${orderId} confirmed: thank you!`,
    preview: (total: string) => `We received your payment of ${usd(total)}. Your order is being prepared.`,
    heading: "Thank you for your order",
    body: "We received your payment for order {order} and will start preparing your parcel. You will get another e-mail with the tracking number once it ships.",
    button: "View your order",
    keep: "Keep this e-mail: its link opens your order at any time, even without an account: {link}",
    keepText: "View your order at any time (keep this link)",
    /** Under the total, for a destination outside the EU. */
    duties: DUTIES_TEXT.notice as string,
  },
  shipped: {
    subject: (orderId: number) => `Order #${orderId} is on its way`,
    preview: (tracking: string) => `Tracking number ${tracking}`,
    heading: "Your parcel is on its way",
    body: "Order {order} has been shipped by registered priority airmail.",
    tracking: "Tracking number: {tracking}",
    button: "Track your parcel",
  },
  cancelled: {
    subject: (orderId: number) => `Order #${orderId} has been cancelled`,
    heading: "Your order has been cancelled",
    body: "We have cancelled order {order}.",
    /** The buyer cancelled it herself (an unpaid order, from its page). */
    byBuyer: "As you asked, order {order} has been cancelled.",
    /** Nobody cancelled it: it was not paid in time. */
    expired: "Order {order} was not paid in time, so it has been cancelled automatically.",
    refund: (total: string) => `${REFUND_TERMS} Your order had not shipped, so the full amount of ${usd(total)} will be refunded to your PayPal account.`,
    unpaid: "The order was not paid, so nothing was charged.",
  },
  refunded: {
    subject: (amount: string, orderId: number) => `A refund of ${usd(amount)} for order #${orderId}`,
    heading: "Your refund is on its way",
    body: (amount: string, orderId: number) =>
      `We have refunded ${usd(amount)} of order #${orderId} to your PayPal account. PayPal usually shows it within a few days.`,
  },
  declined: {
    subject: (orderId: number) => `About your cancellation request for order #${orderId}`,
    preview: (orderId: number, reason: string) => `${declinedLine(orderId)} ${reason}`,
    heading: "We could not cancel your order",
    body: declinedLine,
  },
  requestReceived: {
    subject: (orderId: number) => `We received your cancellation request for order #${orderId}`,
    preview: "We will review your request within 1-2 business days.",
    heading: "Cancellation request received",
    body: "We received your request to cancel order {order} and will review it within 1-2 business days.",
    terms: REFUND_TERMS,
  },
};

export type OrderMailText = typeof ORDER_MAIL_TEXT;
