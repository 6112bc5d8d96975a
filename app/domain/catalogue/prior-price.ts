import { type DiscountType, priceWithCode, reductionPercent } from "~/domain/discounts/rules";
import { centsToDecimal } from "~/lib/money";

/*
 * The prior-price rule (the EU Omnibus rule, Art. 6a of the Price Indication Directive): an
 * announced reduction shows the lowest price of the 30 days before it. Browser-safe and pure: the
 * reads are in prior-price.server.ts, the reasons in docs/decisions/prior-price.md. Times are
 * milliseconds since the epoch. A product's variations share its price, so its rows cover them.
 */

export const PRIOR_PRICE_DAYS = 30;
const WINDOW_MS = PRIOR_PRICE_DAYS * 86_400_000;

/** One row of a product's price history: its price and regular price from `at` on. */
export interface PriceRow {
  at: number;
  priceCents: number;
  regularPriceCents: number | null;
}

/** A period in which a public code offered its terms to everyone (`endsAt` null: still open). */
export interface PublicOffer {
  code: string;
  type: DiscountType;
  value: number;
  minSubtotalCents: number | null;
  startsAt: number;
  endsAt: number | null;
  /** The code can be used now: active, public, within its own dates and not used up. */
  usable: boolean;
}

/** A reduction in force: what a page shows, in cents. */
export interface Reduction {
  /** The reduced price: the owner's price, or the price with the public code. */
  priceCents: number;
  /** The price shown struck through: the owner's regular price, else the shelf price. */
  regularPriceCents: number;
  /** The lowest price of the 30 days before `since`. */
  lowestCents: number;
  /** The badge, from the lowest price; null under 1 % or when the reduced price is not below it. */
  percent: number | null;
  /** The public code that gives the reduced price; null for the owner's own reduction. */
  code: string | null;
  /** When the reduction started. */
  since: number;
}

/** The reduction as product JSON carries it (amounts as "40.00"). */
export interface ReductionView {
  price: string;
  regularPrice: string;
  lowestPrice30Days: string;
  percent: number | null;
  code: string | null;
  since: string;
}

const covers = (offer: PublicOffer, t: number) => offer.startsAt <= t && (offer.endsAt === null || t < offer.endsAt);

/** The shelf price at `t`: the price of the last row at or before it; null before the history begins. */
export function shelfAt(history: readonly PriceRow[], t: number): number | null {
  let price: number | null = null;
  for (const row of history) {
    if (row.at > t) break;
    price = row.priceCents;
  }
  return price;
}

/** What one piece cost at `t`: the shelf price, or less with a public code offered then (past offers count whatever became of the code). */
function effectiveAt(history: readonly PriceRow[], offers: readonly PublicOffer[], t: number): number | null {
  const shelf = shelfAt(history, t);
  if (shelf === null) return null;
  let lowest = shelf;
  for (const offer of offers) if (covers(offer, t)) lowest = Math.min(lowest, priceWithCode(shelf, offer));
  return lowest;
}

/**
 * The lowest price of [since − 30 days, since): the price only changes at a history row or an
 * offer's start or end, so it is read at the window's start and at each of those inside it.
 * Null when the history begins at or after `since`.
 */
export function lowestBefore(history: readonly PriceRow[], offers: readonly PublicOffer[], since: number): number | null {
  const from = since - WINDOW_MS;
  const inside = (t: number | null): t is number => t !== null && t >= from && t < since;
  const points = [from, ...history.map((r) => r.at).filter(inside), ...offers.flatMap((o) => [o.startsAt, o.endsAt]).filter(inside)];
  let lowest: number | null = null;
  for (const t of points) {
    const price = effectiveAt(history, offers, t);
    if (price !== null && (lowest === null || price < lowest)) lowest = price;
  }
  return lowest;
}

/** When the owner's reduction began: the first row of the last unbroken run of reduced rows (rows up to `now`). */
export function ownerReductionSince(history: readonly PriceRow[], now: number): number {
  let since = now;
  const past = history.filter((r) => r.at <= now);
  for (let i = past.length - 1; i >= 0; i--) {
    const row = past[i]!;
    if (row.regularPriceCents === null || row.regularPriceCents <= row.priceCents) break;
    since = row.at;
  }
  return since;
}

/** The usable public offer that lowers this price most now (the earlier one on a tie), with its price; null when none lowers it. */
export function bestOfferNow(priceCents: number, offers: readonly PublicOffer[], now: number): { offer: PublicOffer; priceCents: number } | null {
  let best: { offer: PublicOffer; priceCents: number } | null = null;
  for (const offer of offers) {
    if (!offer.usable || !covers(offer, now)) continue;
    const price = priceWithCode(priceCents, offer);
    if (price >= priceCents) continue;
    if (!best || price < best.priceCents || (price === best.priceCents && offer.startsAt < best.offer.startsAt)) best = { offer, priceCents: price };
  }
  return best;
}

/**
 * A product's reduction at `now`, or null when it is not reduced. It is reduced while the owner's
 * regular price is above its price, or a usable public code lowers it; the lower of the two is
 * shown. The reduction starts at the code's period start, or at the start of the owner's run of
 * reduced prices; its reference is the lowest price of the 30 days before that (the regular price
 * when the history has nothing from before it). `history` is ordered by time.
 */
export function reductionAt(
  product: { priceCents: number; regularPriceCents: number | null },
  history: readonly PriceRow[],
  offers: readonly PublicOffer[],
  now: number,
): Reduction | null {
  const price = product.priceCents;
  const owner = product.regularPriceCents !== null && product.regularPriceCents > price;
  const best = bestOfferNow(price, offers, now);
  if (!owner && !best) return null;
  const reduced = best ? best.priceCents : price;
  const regular = owner ? product.regularPriceCents! : price;
  const since = best ? best.offer.startsAt : ownerReductionSince(history, now);
  const lowest = lowestBefore(history, offers, since) ?? regular;
  return {
    priceCents: reduced,
    regularPriceCents: regular,
    lowestCents: lowest,
    percent: reductionPercent(reduced, lowest),
    code: best?.offer.code ?? null,
    since,
  };
}

export function reductionView(reduction: Reduction): ReductionView {
  return {
    price: centsToDecimal(reduction.priceCents),
    regularPrice: centsToDecimal(reduction.regularPriceCents),
    lowestPrice30Days: centsToDecimal(reduction.lowestCents),
    percent: reduction.percent,
    code: reduction.code,
    since: new Date(reduction.since).toISOString(),
  };
}

/** The next instant after `now` at which an offer or a code starts or ends (null: none): what a cached reduction is valid until. */
export function nextBoundary(boundaries: readonly number[], now: number): number | null {
  let next: number | null = null;
  for (const t of boundaries) if (t > now && (next === null || t < next)) next = t;
  return next;
}
