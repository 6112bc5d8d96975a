import { type CodeTerms, codeDiscountBeforeCaps } from "~/domain/discounts/rules";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";
import { centsToDecimal } from "~/lib/money";

/*
 * An order's money, one copy for the cart, the checkout, POST /api/orders, the order pages and
 * the e-mails: the items subtotal, then a list of lines (shipping, the loyalty discount), then
 * the total. Browser-safe. A new charge or discount (a code discount, a tax) is one more line
 * kind here; where the parcel goes changes only the zone shippingRateFor is given.
 */

export interface ShippingRate {
  name: string;
  priceCents: number;
  description: string;
}

/** The rates' names, as the contract fixes them. */
export const SHIPPING_RATE_NAMES = {
  free: "Free Shipping",
  large: "Large Item Shipping",
  standard: "Standard Shipping",
} as const;

export const LARGE_ITEM_SHIPPING = SHIPPING_RATE_NAMES.large;

/** A shipping zone's prices (app/domain/shipping/zones.ts), as the rule reads them. */
export interface ZoneRates {
  standardCents: number;
  largeCents: number;
  /** From this items subtotal on shipping is free; null: never. */
  freeFromCents: number | null;
}

export interface ShippingLine {
  isLarge: boolean;
  unitPriceCents: number;
  quantity: number;
}

/** What is still missing for free shipping: shown below a zone's threshold as 'Free shipping from $X. Add $Y more'. */
export interface FreeShippingNudge {
  fromCents: number;
  missingCents: number;
}

function itemsSubtotal(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/**
 * The shipping rate of a set of lines in a zone: free once the items subtotal reaches the zone's
 * threshold, else the large-item price if any item is large, else the standard price; nothing
 * for no lines. The zone must be one the shop ships to (zones.server.ts checks).
 */
export function shippingRateFor(lines: readonly ShippingLine[], zone: ZoneRates): ShippingRate {
  if (lines.length === 0) return { name: SHIPPING_RATE_NAMES.standard, priceCents: 0, description: "" };
  if (zone.freeFromCents !== null && itemsSubtotal(lines) >= zone.freeFromCents) {
    return { name: SHIPPING_RATE_NAMES.free, priceCents: 0, description: SHIPPING_TEXT.freeDescription(zone.freeFromCents) };
  }
  return lines.some((l) => l.isLarge)
    ? { name: SHIPPING_RATE_NAMES.large, priceCents: zone.largeCents, description: SHIPPING_TEXT.largeDescription }
    : { name: SHIPPING_RATE_NAMES.standard, priceCents: zone.standardCents, description: SHIPPING_TEXT.standardDescription };
}

/** Below the zone's free-shipping threshold (and with something in the cart): how far it is. Null otherwise. */
export function freeShippingNudge(subtotalCents: number, zone: ZoneRates | null): FreeShippingNudge | null {
  if (!zone || zone.freeFromCents === null || subtotalCents <= 0 || subtotalCents >= zone.freeFromCents) return null;
  return { fromCents: zone.freeFromCents, missingCents: zone.freeFromCents - subtotalCents };
}

/** The buckets of PayPal's `amount.breakdown` the shop's lines go to; `discount` is taken off, the others added. */
export type PaypalBucket = "item_total" | "shipping" | "discount";
const PAYPAL_DEDUCTIONS: readonly PaypalBucket[] = ["discount"];

export type TotalsLineKind = "shipping" | "code-discount" | "loyalty-discount";

/** One line between the items subtotal and the total. */
export interface TotalsLine {
  kind: TotalsLineKind;
  /** The shipping rate's name; the code for a code discount; empty for the loyalty discount (the page words its label). */
  name: string;
  /** Never negative: whether it is added or taken off follows from its PayPal bucket. */
  cents: number;
  paypal: Exclude<PaypalBucket, "item_total">;
  /** Loyalty points the line uses. */
  points: number;
}

/** The figures an order shows: the stored columns of `orders`, by their camelCase names. */
export interface TotalsFigures {
  subtotalCents: number;
  shippingCents: number;
  shippingName: string;
  loyaltyDiscountCents: number;
  loyaltyPointsUsed: number;
  /** The discount code applied and what it took off; null and 0 without one. */
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
}

/** The `orders` columns of TotalsFigures, as a query selects them (storedOrderTotals reads the row). */
export const TOTALS_COLUMNS = [
  "subtotal_cents as subtotalCents",
  "shipping_cents as shippingCents",
  "shipping_name as shippingName",
  "loyalty_discount_cents as loyaltyDiscountCents",
  "loyalty_points_used as loyaltyPointsUsed",
  "discount_code as discountCode",
  "discount_cents as discountCents",
  "total_cents as totalCents",
] as const;

export interface OrderTotals extends TotalsFigures {
  /** Every line after the items subtotal, in the order the pages show them. */
  lines: TotalsLine[];
  /** PayPal's `amount.breakdown` in cents, from the same lines: item_total + shipping - discount = totalCents. */
  paypal: Record<PaypalBucket, number>;
}

export interface TotalsItem {
  unitPriceCents: number;
  quantity: number;
}

export interface TotalsInput {
  items: readonly TotalsItem[];
  /** The rate shippingRateFor chose for these items. */
  shipping: Pick<ShippingRate, "name" | "priceCents">;
  /** The loyalty discount applied (loyalty/rules loyaltyDiscount), or none. */
  loyaltyDiscount?: { cents: number; pointsUsed: number } | null;
  /** The discount code applied (its terms were checked by the caller), or none. */
  code?: CodeTerms | null;
}

function shippingLine(name: string, cents: number): TotalsLine {
  return { kind: "shipping", name, cents, paypal: "shipping", points: 0 };
}

function codeLine(code: string, cents: number): TotalsLine {
  return { kind: "code-discount", name: code, cents, paypal: "discount", points: 0 };
}

function loyaltyLine(cents: number, points: number): TotalsLine {
  return { kind: "loyalty-discount", name: "", cents, paypal: "discount", points };
}

function signed(line: TotalsLine): number {
  return PAYPAL_DEDUCTIONS.includes(line.paypal) ? -line.cents : line.cents;
}

function paypalBreakdown(subtotalCents: number, lines: TotalsLine[]): Record<PaypalBucket, number> {
  const breakdown: Record<PaypalBucket, number> = { item_total: subtotalCents, shipping: 0, discount: 0 };
  for (const line of lines) breakdown[line.paypal] += line.cents;
  return breakdown;
}

function assemble(subtotalCents: number, lines: TotalsLine[], totalCents: number): OrderTotals {
  const shipping = lines.find((l) => l.kind === "shipping");
  const loyalty = lines.find((l) => l.kind === "loyalty-discount");
  const code = lines.find((l) => l.kind === "code-discount");
  return {
    subtotalCents,
    shippingCents: shipping?.cents ?? 0,
    shippingName: shipping?.name ?? "",
    loyaltyDiscountCents: loyalty?.cents ?? 0,
    loyaltyPointsUsed: loyalty?.points ?? 0,
    discountCode: code?.name ?? null,
    discountCents: code?.cents ?? 0,
    totalCents,
    lines,
    paypal: paypalBreakdown(subtotalCents, lines),
  };
}

/**
 * A code's cents within the caps: a free-shipping code takes the shipping price, the others take
 * from the items. PayPal cannot take a payment of $0.00, so a code stops a cent short of making
 * the whole order free (docs/decisions/codes-and-points.md).
 */
function codeCents(code: CodeTerms, subtotalCents: number, shippingCents: number, itemsRoom: number): number {
  const wanted = Math.max(0, codeDiscountBeforeCaps(code, subtotalCents, shippingCents));
  const cents = code.type === "shipping" ? Math.min(wanted, shippingCents) : Math.min(wanted, itemsRoom);
  const payable = subtotalCents + shippingCents;
  return payable > 0 && cents >= payable ? payable - 1 : cents;
}

/**
 * The one place an order's total is computed: the items subtotal (unit price × quantity), plus
 * shipping, less the discount code, less the loyalty discount. Discounts on the items together
 * never take more than the items subtotal (a free-shipping code takes the shipping), so PayPal's
 * breakdown never goes below zero and the total is never below zero.
 */
export function computeOrderTotals(input: TotalsInput): OrderTotals {
  const subtotalCents = input.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  let discountRoom = subtotalCents;
  /** A discount as far as the items left undiscounted still cover it. */
  const within = (cents: number) => {
    const taken = Math.min(Math.max(0, cents), discountRoom);
    discountRoom -= taken;
    return taken;
  };
  const lines: TotalsLine[] = [shippingLine(input.shipping.name, input.shipping.priceCents)];
  if (input.code) {
    const cents = codeCents(input.code, subtotalCents, input.shipping.priceCents, discountRoom);
    if (input.code.type !== "shipping") discountRoom -= cents;
    lines.push(codeLine(input.code.code, cents));
  }
  // After a code, the points too stop a cent short of a free order (PayPal takes no $0.00 payment).
  const codeTaken = lines.find((l) => l.kind === "code-discount")?.cents ?? 0;
  const payableLeft = subtotalCents + input.shipping.priceCents - codeTaken;
  const loyaltyWanted = input.loyaltyDiscount ? (input.code ? Math.min(input.loyaltyDiscount.cents, payableLeft - 1) : input.loyaltyDiscount.cents) : 0;
  const loyaltyCents = within(loyaltyWanted);
  if (loyaltyCents > 0) lines.push(loyaltyLine(loyaltyCents, input.loyaltyDiscount?.pointsUsed ?? 0));
  return assemble(
    subtotalCents,
    lines,
    lines.reduce((sum, line) => sum + signed(line), subtotalCents),
  );
}

/**
 * A stored order's totals in the same lines: its figures as stored when it was placed (the
 * rates and rules of then), never added up again, so the total is the one the buyer paid.
 */
export function storedOrderTotals(row: TotalsFigures): OrderTotals {
  const lines: TotalsLine[] = [shippingLine(row.shippingName, row.shippingCents)];
  if (row.discountCode !== null) lines.push(codeLine(row.discountCode, row.discountCents));
  if (row.loyaltyDiscountCents > 0 || row.loyaltyPointsUsed > 0) lines.push(loyaltyLine(row.loyaltyDiscountCents, row.loyaltyPointsUsed));
  return assemble(row.subtotalCents, lines, row.totalCents);
}

/** The figures alone (what page data and the `orders` columns carry). */
export function totalsFigures(totals: TotalsFigures): TotalsFigures {
  const { subtotalCents, shippingCents, shippingName, loyaltyDiscountCents, loyaltyPointsUsed, discountCode, discountCents, totalCents } = totals;
  return { subtotalCents, shippingCents, shippingName, loyaltyDiscountCents, loyaltyPointsUsed, discountCode, discountCents, totalCents };
}

/** The figures as the API and the e-mails write them: 2-decimal strings. */
export function decimalTotals(totals: TotalsFigures) {
  return {
    subtotal: centsToDecimal(totals.subtotalCents),
    shippingCost: centsToDecimal(totals.shippingCents),
    shippingName: totals.shippingName,
    loyaltyDiscount: centsToDecimal(totals.loyaltyDiscountCents),
    loyaltyPointsUsed: totals.loyaltyPointsUsed,
    discount: totals.discountCode === null ? null : { code: totals.discountCode, amount: centsToDecimal(totals.discountCents) },
    total: centsToDecimal(totals.totalCents),
  };
}

export interface CartTotalsLine extends TotalsItem {
  isLarge: boolean;
}

export interface CartTotals {
  itemCount: number;
  subtotalCents: number;
  shippingCents: number;
  shippingName: string;
  totalCents: number;
  subtotal: string;
  shipping: string;
  total: string;
  /** The country the cart's shipping is for (the shopper's last choice, else her profile's, else the shop's home). */
  shippingCountry: string;
  /** False when no zone ships to that country: the shipping is chosen at checkout. */
  shipped: boolean;
  freeShipping: FreeShippingNudge | null;
}

/**
 * The cart's figures (computeOrderTotals with the shipping of the zone of `country` and no
 * discount), with its item count. A country no zone ships to (`zone` null) adds no shipping yet.
 */
export function computeCartTotals(lines: CartTotalsLine[], zone: ZoneRates | null, country: string): CartTotals {
  const shipping = zone ? shippingRateFor(lines, zone) : { name: "", priceCents: 0, description: "" };
  const totals = computeOrderTotals({ items: lines, shipping });
  return {
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    shippingName: totals.shippingName,
    totalCents: totals.totalCents,
    subtotal: centsToDecimal(totals.subtotalCents),
    shipping: centsToDecimal(totals.shippingCents),
    total: centsToDecimal(totals.totalCents),
    shippingCountry: country,
    shipped: zone !== null || lines.length === 0,
    freeShipping: freeShippingNudge(totals.subtotalCents, zone),
  };
}
