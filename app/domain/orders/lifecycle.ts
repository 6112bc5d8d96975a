import { type OrderStatus } from "~/domain/orders/status";

/*
 * The order lifecycle: every status change an order can make, what it starts from, where it goes
 * and what it does to the things the order holds. transitionOrder (lifecycle.server.ts) performs
 * them; every "may this order do X now" below is read from this table. Browser-safe.
 */

/** What a transition does to the stock the order holds. */
export type StockEffect =
  /** Nothing moves. */
  | "none"
  /** The units taken for the payment become the order's (stock_reserved = 1). */
  | "keep"
  /** Every unit the order holds goes back on the shelf, and the back-in-stock requests are told. */
  | "back"
  /** The units ticked on the return go back on the shelf. */
  | "returned";

/** What a transition does to the loyalty points (docs/decisions/points-settlement.md). */
export type PointsEffect =
  | "none"
  /** The points the order earns are given. */
  | "award"
  /** The points the discount holds come back. */
  | "give-back"
  /** The discount's points come back and the points the order earned are taken back. */
  | "settle"
  /** The share of the earned points that the refund pays back is taken back. */
  | "settle-refund";

/** What a transition does to the order's made-to-order places (docs/made-to-order.md). */
export type MadeToOrderEffect =
  | "none"
  /** Sewing starts: the expected ship date counts from now. */
  | "start"
  /** The order no longer holds its places: another buyer may take them. */
  | "release";

/** What a transition does to the discount code's use the order holds (docs/discounts.md). */
export type CodeEffect =
  | "none"
  /** The use comes back to the code: the order was never paid for (or never could be kept). */
  | "release";

/** What a transition does to the accountant's records (docs/tax.md). */
export type RecordsEffect =
  | "none"
  /** The order's tax and złoty record is written as at the payment (app/domain/records/tax.server.ts). */
  | "write";

/** What a transition needs of, or does to, a payment's hold (orders.stock_reserved). */
export type HoldEffect =
  | "none"
  /** Refused while a PayPal capture holds the order's stock: the buyer could be charged for nothing. */
  | "refuse-while-held"
  /** The order holds its stock for good. */
  | "set"
  /** The order holds no stock any more. */
  | "clear";

export type OrderEventKind =
  | "paid"
  | "unpaid-cancelled"
  | "expired"
  | "stock-short"
  | "cancelled"
  | "cancel-declined"
  | "packing"
  | "shipped"
  | "delivered"
  | "returned"
  | "payment-reversed"
  | "payment-resolved";

/** The target of 'resolveReversal': the status the order had before its payment was reversed. */
export const PREVIOUS_STATUS = "previous";

export interface OrderTransition {
  from: readonly OrderStatus[];
  to: OrderStatus | typeof PREVIOUS_STATUS;
  /** Who starts it. */
  by: readonly ("customer" | "admin" | "payment" | "system")[];
  stock: StockEffect;
  points: PointsEffect;
  madeToOrder: MadeToOrderEffect;
  code: CodeEffect;
  hold: HoldEffect;
  records: RecordsEffect;
  /** The order history line's type, when the caller gives its text. */
  event: OrderEventKind | null;
}

const UNPAID_CANCEL = { stock: "none", points: "give-back", madeToOrder: "release", code: "release", hold: "refuse-while-held", records: "none" } as const;
// A paid order used its code: cancelling it later does not give the use back.
const PAID_CANCEL = { stock: "back", points: "settle", madeToOrder: "release", code: "none", hold: "clear", records: "none" } as const;
const QUIET = { stock: "none", points: "none", madeToOrder: "none", code: "none", hold: "none", records: "none" } as const;

export const ORDER_TRANSITIONS = {
  pay: {
    from: ["unpaid"],
    to: "paid",
    by: ["payment"],
    stock: "keep",
    points: "award",
    madeToOrder: "start",
    code: "none",
    hold: "set",
    records: "write",
    event: "paid",
  },
  cancelUnpaid: { from: ["unpaid"], to: "unpaidcancelled", by: ["customer", "admin"], ...UNPAID_CANCEL, event: "unpaid-cancelled" },
  expire: { from: ["unpaid"], to: "unpaidcancelled", by: ["system"], ...UNPAID_CANCEL, event: "expired" },
  /** The same cart placed again with other figures: the earlier unpaid order gives way. */
  replace: { from: ["unpaid"], to: "unpaidcancelled", by: ["customer"], ...UNPAID_CANCEL, event: "unpaid-cancelled" },
  /** A capture landed but its stock or points could no longer be taken: cancelled and refunded. */
  failCapture: { from: ["unpaid"], to: "cancelled", by: ["payment"], ...PAID_CANCEL, code: "release", event: "stock-short" },
  requestCancellation: { from: ["paid"], to: "cancel_request", by: ["customer"], ...QUIET, event: null },
  declineCancellation: { from: ["cancel_request"], to: "paid", by: ["admin"], ...QUIET, event: "cancel-declined" },
  startPacking: { from: ["paid"], to: "processing", by: ["admin"], ...QUIET, event: "packing" },
  ship: { from: ["paid", "processing"], to: "shipped", by: ["admin"], ...QUIET, madeToOrder: "release", event: "shipped" },
  deliver: { from: ["shipped"], to: "delivered", by: ["admin"], ...QUIET, event: "delivered" },
  /** Paid and not shipped: refunded in full (a request approved, a withdrawal, the owner's cancel). */
  cancel: { from: ["paid", "processing", "cancel_request"], to: "cancelled", by: ["admin"], ...PAID_CANCEL, event: "cancelled" },
  /** PayPal took the money back: the owner cancels without a refund of her own. */
  cancelReversed: { from: ["payment_reversed"], to: "cancelled", by: ["admin"], ...PAID_CANCEL, event: "cancelled" },
  /** A return, whole or partial; a returned order takes further partial returns. */
  return: {
    from: ["shipped", "delivered", "returned"],
    to: "returned",
    by: ["admin"],
    stock: "returned",
    points: "settle-refund",
    madeToOrder: "none",
    code: "none",
    hold: "none",
    records: "none",
    event: "returned",
  },
  /** PayPal reversed the capture or the buyer disputed it: on hold until the owner decides. */
  reversePayment: {
    from: ["paid", "processing", "cancel_request", "shipped", "delivered", "returned"],
    to: "payment_reversed",
    by: ["payment"],
    ...QUIET,
    event: null,
  },
  resolveReversal: { from: ["payment_reversed"], to: PREVIOUS_STATUS, by: ["admin"], ...QUIET, event: "payment-resolved" },
} as const satisfies Record<string, OrderTransition>;

export type OrderTransitionName = keyof typeof ORDER_TRANSITIONS;

export const ORDER_TRANSITION_NAMES = Object.keys(ORDER_TRANSITIONS) as OrderTransitionName[];

/** Whether an order in `status` may take `transition` (a payment's hold aside). */
export function canTransition(status: string, transition: OrderTransitionName): boolean {
  return (ORDER_TRANSITIONS[transition].from as readonly string[]).includes(status);
}

function fromOf(...names: OrderTransitionName[]): OrderStatus[] {
  return [...new Set(names.flatMap((n) => ORDER_TRANSITIONS[n].from))];
}

/** Paid and not shipped yet: the buyer may still withdraw, and a cancellation refunds in full. */
export const PAID_BEFORE_SHIPPING = ORDER_TRANSITIONS.cancel.from;

export function isPaidBeforeShipping(status: string): boolean {
  return canTransition(status, "cancel");
}

/**
 * The money arrived and the order went on from there (packed, shipped, returned...). A reversed
 * payment is not paid-like: PayPal took the money back until the owner decides.
 */
export function isPaidLike(status: string): boolean {
  return canTransition(status, "reversePayment");
}

/** Statuses the owner's Cancel starts from. */
export const CANCELLABLE_STATUSES = fromOf("cancelUnpaid", "cancel", "cancelReversed");
export const SHIPPABLE_STATUSES = ORDER_TRANSITIONS.ship.from;
/** A first return; a returned order takes further ones while something is left (getReturnTerms). */
export const RETURNABLE_STATUSES = ORDER_TRANSITIONS.return.from.filter((s) => s !== ORDER_TRANSITIONS.return.to);

/**
 * Orders whose made-to-order pieces are still to be sewn or sent, so they hold their places:
 * those a place-releasing transition can still start from (unpaid, paid, being packed, asked to
 * cancel, a reversed payment the owner has not settled). An unpaid one holds them only while its
 * short hold runs (holdsItsPlaces in catalogue/made-to-order.server.ts).
 */
export const OPEN_MADE_TO_ORDER_STATUSES = fromOf(...ORDER_TRANSITION_NAMES.filter((n) => ORDER_TRANSITIONS[n].madeToOrder === "release"));

/** Not shipped yet and on its way to the parcel (to be paid, or paid and not shipped). */
export const AWAITING_SHIPMENT_STATUSES = fromOf("pay", "cancel");
