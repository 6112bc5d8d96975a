import { type DiscountType } from "~/lib/db-schema/discounts";

/*
 * What a discount code takes off, one copy for the checkout, the order, the PayPal breakdown and
 * the prior-price rule on product pages. Browser-safe. How codes and loyalty points combine is
 * docs/decisions/codes-and-points.md: one code per order, applied to the items before the points.
 */

export type { DiscountType };

export const DISCOUNT_TYPES = ["percent", "amount", "shipping"] as const satisfies readonly DiscountType[];

export const DISCOUNT_LIMITS = {
  codeMin: 4,
  codeMax: 20,
  /** Whole percent points. */
  percentMax: 100,
  /** Cents: $100,000.00. */
  amountMaxCents: 10_000_000,
  maxUses: 1_000_000,
} as const;

/** A–Z and 0–9 only, 4 to 20 characters (the form's pattern reads it too). */
export const CODE_PATTERN = "[A-Z0-9]{4,20}";

/** What the shopper typed, as codes are kept: trimmed, upper-case, inner spaces and dashes dropped. */
export function normaliseCode(typed: string): string {
  return typed
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
}

/** A code's terms, as the totals read them. */
export interface CodeTerms {
  code: string;
  type: DiscountType;
  /** Percent points for 'percent', cents for 'amount', unused for 'shipping'. */
  value: number;
}

/**
 * The cents a code takes off before any cap: a percentage of the items subtotal (rounded half
 * up to the cent), a fixed amount, or the shipping price. computeOrderTotals caps it.
 */
export function codeDiscountBeforeCaps(terms: CodeTerms, subtotalCents: number, shippingCents: number): number {
  if (terms.type === "percent") return Math.round((subtotalCents * Math.min(terms.value, DISCOUNT_LIMITS.percentMax)) / 100);
  if (terms.type === "amount") return terms.value;
  return shippingCents;
}

/**
 * The price one piece would cost with a public code, bought alone: what a product page may show
 * as reduced. Only codes that take something off the items count (a free-shipping code reduces
 * no price), and only when the piece alone reaches the code's minimum.
 */
export function priceWithCode(priceCents: number, terms: Omit<CodeTerms, "code"> & { minSubtotalCents: number | null }): number {
  if (terms.type === "shipping") return priceCents;
  if (terms.minSubtotalCents !== null && priceCents < terms.minSubtotalCents) return priceCents;
  const off = terms.type === "percent" ? Math.round((priceCents * Math.min(terms.value, DISCOUNT_LIMITS.percentMax)) / 100) : terms.value;
  return Math.max(0, priceCents - off);
}

/** The percentage badge of a reduction, computed from the lowest price of the 30 days before it (the law's reference price); null under 1%. */
export function reductionPercent(reducedCents: number, priorLowestCents: number): number | null {
  if (priorLowestCents <= 0 || reducedCents >= priorLowestCents) return null;
  const percent = Math.round(((priorLowestCents - reducedCents) / priorLowestCents) * 100);
  return percent >= 1 ? percent : null;
}
