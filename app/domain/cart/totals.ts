import { centsToDecimal } from "~/lib/money";

export interface ShippingRate {
  name: string;
  priceCents: number;
  description: string;
}

export interface ShippingRates {
  standard: ShippingRate;
  large: ShippingRate;
}

export const DEFAULT_SHIPPING_RATES: ShippingRates = {
  standard: { name: "Standard Shipping", priceCents: 800, description: "Flat worldwide rate, tracked priority airmail" },
  large: { name: "Large Item Shipping", priceCents: 1800, description: "Flat worldwide rate for large items, tracked" },
};

export const LARGE_ITEM_SHIPPING = "Large Item Shipping";

export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
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
}

/** Subtotal is price × quantity summed; shipping is the flat rate, the large rate if any item is large, 0 for an empty cart. */
export function computeCartTotals(lines: TotalsLine[], rates: ShippingRates = DEFAULT_SHIPPING_RATES): CartTotals {
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  const subtotalCents = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  const rate = shippingRateFor(lines, rates);
  const totalCents = subtotalCents + rate.priceCents;
  return {
    itemCount,
    subtotalCents,
    shippingCents: rate.priceCents,
    shippingName: rate.name,
    totalCents,
    subtotal: centsToDecimal(subtotalCents),
    shipping: centsToDecimal(rate.priceCents),
    total: centsToDecimal(totalCents),
  };
}

export function shippingRateFor(lines: { isLarge: boolean }[], rates: ShippingRates = DEFAULT_SHIPPING_RATES): ShippingRate {
  if (lines.length === 0) return { name: rates.standard.name, priceCents: 0, description: "" };
  return lines.some((l) => l.isLarge) ? rates.large : rates.standard;
}
