import { type AdminInvoiceCardData } from "~/domain/records/invoice-form";
import { type OrderPlnApi, type OrderTaxApi } from "~/domain/records/tax";
import { type OrderPageItem, type OrderPageOrder } from "~/domain/orders/page-data";
import { canTransition, type OrderTransitionName, RETURNABLE_STATUSES } from "~/domain/orders/lifecycle";
import { type FieldConstraint } from "~/lib/field-constraint";
import { type ReturnLine } from "~/domain/orders/line-shares";
import { type Locale } from "~/i18n/locales";
/**
 * The admin's order actions: which status
 * allows which action, the form intents and the texts. Browser-safe: the Orders tab and the
 * admin order page use it to show the buttons, the server uses it to enforce the rules.
 */

export const ADMIN_ORDER_INTENTS = {
  cancel: "order-cancel",
  ship: "order-ship",
  return: "order-return",
  decline: "order-decline",
  pack: "order-pack",
  deliver: "order-deliver",
  /** A reversed or disputed payment: the owner settled it, back to the status before. */
  resolve: "order-resolve",
  /** The withdrawal banner's 'Cancel and refund in full' (before shipping). */
  withdrawalRefund: "order-withdrawal-refund",
} as const;
export type AdminOrderIntent = (typeof ADMIN_ORDER_INTENTS)[keyof typeof ADMIN_ORDER_INTENTS];

/** Statuses each admin action starts from: read from the lifecycle's table. */
export { CANCELLABLE_STATUSES, RETURNABLE_STATUSES, SHIPPABLE_STATUSES } from "~/domain/orders/lifecycle";

export const TRACKING_NUMBER_MAX = 100;

export interface AdminOrderCan {
  cancel: boolean;
  ship: boolean;
  return: boolean;
  decline: boolean;
  pack: boolean;
  deliver: boolean;
  resolve: boolean;
}

/** The transitions behind each of the admin's buttons. */
const ADMIN_ACTION_TRANSITIONS = {
  cancel: ["cancelUnpaid", "cancel", "cancelReversed"],
  ship: ["ship"],
  decline: ["declineCancellation"],
  pack: ["startPacking"],
  deliver: ["deliver"],
  resolve: ["resolveReversal"],
} as const satisfies Record<Exclude<keyof AdminOrderCan, "return">, readonly OrderTransitionName[]>;

/** Which of the admin's buttons the order's status allows, read from the lifecycle's table. */
export function adminOrderActions(status: string): AdminOrderCan {
  const can = (action: keyof typeof ADMIN_ACTION_TRANSITIONS) => ADMIN_ACTION_TRANSITIONS[action].some((t) => canTransition(status, t));
  return {
    cancel: can("cancel"),
    ship: can("ship"),
    // A first return; a returned order takes further ones from the return form (getReturnTerms).
    return: (RETURNABLE_STATUSES as readonly string[]).includes(status),
    decline: can("decline"),
    pack: can("pack"),
    deliver: can("deliver"),
    resolve: can("resolve"),
  };
}

export const ADMIN_ORDER_TEXT = {
  cancelled: "Order has been cancelled and stock restored.",
  shipped: "Order has been marked as shipped with tracking number.",
  returned: "Order has been marked as returned.",
  cancelFailed: "Failed to cancel order",
  declined: "The cancellation request has been declined.",
  packing: "Packing has started.",
  delivered: "Order has been marked as delivered.",
  declineReasonRequired: "Please give the customer a reason",
  declineFailed: "Failed to decline the request",
  packFailed: "Failed to start packing",
  deliverFailed: "Failed to mark the order delivered",
  resolved: "The payment issue is marked resolved.",
  resolveFailed: "Failed to mark the payment resolved",
  reversedBanner:
    "PayPal reversed this payment or the buyer opened a dispute. Do not ship it until you have decided: mark it resolved once PayPal settles it in your favour, or cancel it.",
  shipFailed: "Failed to ship order",
  returnFailed: "Failed to process return",
  withdrawalRefunded: "The order has been cancelled and refunded in full; the withdrawal is handled.",
  withdrawalRefundFailed: "Failed to cancel and refund the order",
  cancelQuestion: "Are you sure you want to cancel this order? Stock will be restored.",
  trackingRequired: "Tracking number is required",
  trackingTooLong: `Tracking number must be ${TRACKING_NUMBER_MAX} characters or less`,
  paymentInProgress: "Payment is being processed",
  notFound: "Order not found",
  pageNotFound: "Order Not Found",
  pageNotFoundText: "The order you're looking for doesn't exist or you don't have permission to view it.",
} as const;

/** What the admin order page (/admin/orders/{orderId}) shows: the customer pages' order (without their links) and more. */
export interface AdminOrderPageOrder extends Omit<OrderPageOrder, "links" | "items"> {
  userId: number | null;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** The buyer asked for no prices on the packing slip. */
  isGift: boolean;
  /** The language of the checkout that placed it: the buyer's e-mails are written in it. */
  locale: Locale;
  items: (OrderPageItem & { categories: string[] })[];
}

/** The languages' names on the admin's order page (the admin is English). */
export const ORDER_LANGUAGE_NAMES: Record<Locale, string> = { en: "English", pl: "Polish" };

/** A refund as the admin sees it: every request, refused ones with PayPal's reason. */
export interface AdminRefund {
  id: number;
  amountCents: number;
  status: string;
  kind: string;
  paypalRefundId: string | null;
  failureReason: string | null;
  note: string | null;
  createdAt: string;
  /** The credit note the refund issued (an invoiced order's completed refund), else null. */
  creditNote: { number: string; url: string } | null;
}

export interface AdminOrderEvent {
  id: number;
  type: string;
  message: string;
  createdAt: string;
}

export interface AdminReturnTerms {
  leftCents: number;
  suggestedCents: number;
  late: boolean;
  hasPayment: boolean;
  refundedCents: number;
  /** An open withdrawal: every item ticked and the shipping in the amount. */
  withdrawn: boolean;
  /** Each line with what was paid for it (its share of the discounts on the items taken off): the form adds up the ticked ones. */
  lines: ReturnLine[];
  /** The shipping the buyer paid (none under a free-shipping code). */
  shippingPaidCents: number;
}

/** The customer's withdrawal as the admin order page shows it. */
export interface AdminWithdrawal {
  name: string;
  statement: string | null;
  receivedAt: string;
  handledAt: string | null;
  remindedAt: string | null;
  /** Before shipping, and nothing in the order is exempt: 'Cancel and refund in full' is the way to handle it. */
  canRefundInFull: boolean;
  /** Before shipping, a mixed order: what to do instead (the personalised pieces stay sold). */
  keepExemptNote: string | null;
}

export type AdminOrderPageData =
  | { state: "denied" }
  | { state: "not-found" }
  | {
      state: "ok";
      order: AdminOrderPageOrder;
      /** The ship form's tracking number: its schema's native constraints. */
      trackingConstraint: FieldConstraint;
      /** The decline and return forms' reason: its schema's native constraints, required where the rule wants one. */
      declineReasonConstraint: FieldConstraint;
      returnReasonConstraint: FieldConstraint;
      can: AdminOrderCan;
      refunds: AdminRefund[];
      events: AdminOrderEvent[];
      /** The return form's figures, when a return is possible. */
      returnTerms: AdminReturnTerms | null;
      paypal: { orderId: string | null; captureId: string | null };
      /** The tax and złoty record written at payment (null before, and for orders paid before the records). */
      records: { tax: OrderTaxApi | null; pln: OrderPlnApi | null };
      withdrawal: AdminWithdrawal | null;
      /** The invoice's link, or the owner's 'Issue invoice' form. */
      invoice: AdminInvoiceCardData;
      /** The no-JavaScript cancel confirmation step (`?confirm=cancel`). */
      confirm: boolean;
    };
