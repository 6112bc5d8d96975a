/**
 * The consumer's right of withdrawal: who may withdraw, until when, and the texts the page, the
 * API and the e-mails share. Browser-safe (no server imports). The period is explained in
 * docs/decisions/withdrawal-period.md.
 */

import { isPaidBeforeShipping, RETURNABLE_STATUSES } from "~/domain/orders/lifecycle";

/** The withdrawal period: 14 days from delivery. */
export const WITHDRAWAL_DAYS = 14;
/** The longest delivery estimate of the terms (Australia and remote places: 1–2 weeks). */
export const LONGEST_DELIVERY_DAYS = 14;
/** An unhandled withdrawal older than this sends the owner one reminder. */
export const REMINDER_DAYS = 7;
export const STATEMENT_MAX = 1000;
export const NAME_MAX = 200;
/** Wrong order-number-and-e-mail pairs per order, and per e-mail address, in an hour (docs/decisions/withdrawal-access.md). */
export const WITHDRAWAL_WRONG_TRIES_PER_HOUR = 10;

// Paid and not yet shipped (isPaidBeforeShipping): withdrawing is always possible, and the owner cancels and refunds in full.
/** On its way or delivered: possible until the period ends; the owner takes the parcel back (a first return). */
export const AFTER_SHIPPING_STATUSES = RETURNABLE_STATUSES;
// Not listed, so never withdrawable: unpaid (no contract performed yet: cancel instead), cancelled,
// unpaidcancelled and returned (the contract is already unwound).

const DAY_MS = 86_400_000;

export interface WithdrawalDates {
  status: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** The order's items: those made to the buyer's own measurements or choices are exempt (CRD Art. 16(c)). */
  items?: { isPersonalised: boolean }[];
}

/** Every item is personalised: the order cannot be withdrawn from at all. */
export function allPersonalised(items: { isPersonalised: boolean }[] | undefined): boolean {
  return !!items && items.length > 0 && items.every((i) => i.isPersonalised);
}

export type WithdrawalEligibility =
  | { state: "open"; shipped: false; deadline: null }
  /** `deadline`: the last moment of the period (null when the shop recorded no date to count from). */
  | { state: "open"; shipped: true; deadline: string | null }
  | { state: "over"; shipped: true; deadline: string }
  | { state: "not-withdrawable" };

function endOfUtcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999);
}

/**
 * Whether the order can be withdrawn from at `now`. After shipping the period runs 14 days from
 * delivery or, with no delivery date recorded, from shipping plus the longest delivery estimate;
 * it ends with the last of those days (UTC), so a customer never loses a day to the hour of delivery.
 */
export function withdrawalEligibility(order: WithdrawalDates, now: Date = new Date()): WithdrawalEligibility {
  if (allPersonalised(order.items)) return { state: "not-withdrawable" };
  if (isPaidBeforeShipping(order.status)) return { state: "open", shipped: false, deadline: null };
  if (!(AFTER_SHIPPING_STATUSES as readonly string[]).includes(order.status)) return { state: "not-withdrawable" };
  const delivered = order.deliveredAt ? Date.parse(order.deliveredAt) : NaN;
  const shipped = order.shippedAt ? Date.parse(order.shippedAt) : NaN;
  const from = !Number.isNaN(delivered) ? delivered : !Number.isNaN(shipped) ? shipped + LONGEST_DELIVERY_DAYS * DAY_MS : NaN;
  // Shipped with no date at all (orders from before dates were kept): the customer gets the benefit of the doubt.
  if (Number.isNaN(from)) return { state: "open", shipped: true, deadline: null };
  const deadline = new Date(endOfUtcDay(from + WITHDRAWAL_DAYS * DAY_MS)).toISOString();
  return now.getTime() <= Date.parse(deadline) ? { state: "open", shipped: true, deadline } : { state: "over", shipped: true, deadline };
}

export function canWithdraw(order: WithdrawalDates, now: Date = new Date()): boolean {
  return withdrawalEligibility(order, now).state === "open";
}

const DATE_ONLY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** '26 November 2026 at 10:15 UTC': the receipt's date and time, built the same on every engine (no hydration mismatch). */
export function formatReceivedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
  return `${DATE_ONLY.format(date)} at ${time} UTC`;
}

export function formatDeadline(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_ONLY.format(date);
}

export const WITHDRAWAL_INTENTS = { check: "check", confirm: "confirm" } as const;

export const WITHDRAWAL_TEXT = {
  title: "Withdraw from contract",
  confirmButton: "Confirm withdrawal",
  /** One message for an unknown order and for an e-mail that is not the order's: nobody learns which orders exist. */
  notFound: "We could not find an order with this number and e-mail address.",
  orderIdInvalid: "Please enter your order number (the digits after #)",
  emailInvalid: "Please enter the e-mail address you used for the order",
  nameRequired: "Please enter your name",
  nameTooLong: `Your name must be ${NAME_MAX} characters or less`,
  statementTooLong: `The statement must be ${STATEMENT_MAX} characters or less`,
  tooMany: "Too many withdrawal requests from your network.",
  tooManyTries: "Too many tries with this order number or e-mail address (you may also withdraw by writing to us: an e-mail saying so is enough).",
  /** Step two for anyone but the order's signed-in owner: nothing of the order is shown here. */
  byMail:
    "We show the order's items and total only in the receipt we send to the order's e-mail address, or here when you are signed in to the account that placed it.",
  /** The acknowledgement without the order: for anyone but its signed-in owner. */
  sentBody:
    "We have sent the receipt to the e-mail address of the order. It lists the order's items, the date and time we received your withdrawal and what happens next, and its link shows your withdrawal here. Keep it: it is your proof.",
  receiptInvalid: "This receipt link is not valid. Your withdrawal, if you sent one, is in the e-mail we sent you.",
  over: (orderId: number, deadline: string) =>
    `The withdrawal period for order #${orderId} ended on ${formatDeadline(deadline)} (${WITHDRAWAL_DAYS} days after delivery), so it can no longer be withdrawn from here. Nothing was recorded. If you think this is wrong, please write to us.`,
  allPersonalised: (orderId: number) =>
    `Order #${orderId} cannot be withdrawn from: every piece in it was made to your own measurements or choices, which the right of withdrawal does not cover (Art. 16(c) of the Consumer Rights Directive). Nothing was recorded. If something is wrong with a piece, please write to us.`,
  exempt: (titles: string[]) =>
    `Not covered by the withdrawal: ${titles.join(", ")}. Made to your own measurements or choices, these pieces are exempt from the right of withdrawal and stay part of your order; everything below refers to the other items.`,
  notWithdrawable: (orderId: number, statusLabel: string) => `Order #${orderId} cannot be withdrawn from: it is ${statusLabel}. Nothing was recorded.`,
  nextBeforeShipping:
    "Your order has not shipped yet, so we will cancel it and refund the full amount, shipping included, to your PayPal account within 14 days. You do not need to do anything else.",
  nextAfterShipping:
    "Please send the items back to us within 14 days. We will refund the price of the items and the standard shipping you paid within 14 days of receiving your withdrawal; we may wait until the items are back or you have sent us proof of posting. The cost of sending them back is yours.",
} as const;

/** What happens next, for the page and the receipt. */
export function nextSteps(shipped: boolean, exemptTitles: string[] = []): string {
  const next = shipped ? WITHDRAWAL_TEXT.nextAfterShipping : WITHDRAWAL_TEXT.nextBeforeShipping;
  if (exemptTitles.length === 0) return next;
  // A mixed order: the personalised pieces stay sold, so only the other items are refunded.
  return shipped
    ? `${WITHDRAWAL_TEXT.exempt(exemptTitles)} ${next}`
    : `${WITHDRAWAL_TEXT.exempt(exemptTitles)} We will send you the personalised pieces only, and refund the price of the other items to your PayPal account within 14 days.`;
}

/**
 * The owner's part, in her alert and reminder and on the order page's banner. A mixed order that
 * has not shipped keeps its personalised pieces, as the customer's receipt says (nextSteps).
 */
export function ownerNextSteps(shipped: boolean, exemptTitles: string[] = []): string {
  if (shipped)
    return "The order has shipped: when the parcel is back (or the customer sends proof of posting), process the return on the order page. The form is prefilled with every item and the shipping, which must be refunded too.";
  if (exemptTitles.length === 0)
    return "The order has not shipped: on the order page, 'Cancel and refund in full' cancels it and refunds everything through PayPal.";
  return `The order has not shipped, and the customer cannot withdraw from ${exemptTitles.join(", ")} (made to her own measurements or choices): her receipt says only those pieces will be sent. Ship them, then refund the other items with the return form on the order page, which leaves the personalised pieces out.`;
}

/** The withdrawal page's link for one order (order e-mails, the order page). */
export function withdrawalPath(orderId: number): string {
  return `/withdrawal?orderId=${orderId}`;
}

/** What an order's JSON carries about its withdrawal. */
export type OrderWithdrawal = { receivedAt: string; handledAt: string | null } | null;

/** What step two and the acknowledgement show of the order (only after the e-mail was proven). */
export interface WithdrawalOrderSummary {
  id: number;
  createdAt: string;
  statusLabel: string;
  totalCents: number;
  shippingCents: number;
  items: { id: number; title: string; quantity: number; lineCents: number; option: string | null; exempt: boolean }[];
  /** Whether the order has shipped (what happens next differs). */
  shipped: boolean;
}
