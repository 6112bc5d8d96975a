import { isEuCountry } from "~/domain/common/eu";

/*
 * The customs declaration's rules (docs/shipping.md, docs/decisions/customs-data.md).
 * Browser-safe and pure: the packing slip's data is built from these.
 */

export type CustomsForm = "CN22" | "CN23";

/** A parcel leaving the EU crosses a customs border: it needs a declaration. Poland and the other member states do not. */
export function needsCustomsDeclaration(country: string): boolean {
  return !isEuCountry(country);
}

/** CN22 up to the limit (the value itself included), CN23 above it. */
export function customsFormFor(totalValueCents: number, limitCents: number): CustomsForm {
  return totalValueCents <= limitCents ? "CN22" : "CN23";
}

/**
 * What the buyer paid for each line: the line's price × quantity, less its share of the order's
 * discounts, shared in proportion to the lines' prices. Shares are whole cents: each line gets
 * the floor of its exact share and the cents left over go to the lines with the largest
 * remainders (the earlier line on a tie), so the values add up to exactly the items' total less
 * the discount. A discount larger than the items is capped at them; no value goes below zero.
 */
export function paidPerLine(lineCents: readonly number[], discountCents: number): number[] {
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  const discount = Math.min(Math.max(0, Math.trunc(discountCents)), total);
  if (total === 0 || discount === 0) return [...lineCents];
  const exact = lineCents.map((cents) => (cents * discount) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact.map((share, i) => ({ i, rest: share - Math.floor(share) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return lineCents.map((cents, i) => cents - shares[i]!);
}
