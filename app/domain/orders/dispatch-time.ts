/**
 * How soon a ready piece leaves the studio: one setting (the Settings tab's 'Dispatch time'),
 * the one source of every page that states it: the home page, a product in stock, the order
 * confirmation and the owner's own texts through `{shippingTime}`. A made-to-order piece states
 * its own lead time instead (catalogue/made-to-order.ts). Browser-safe.
 */
export interface DispatchTime {
  /** Business days from payment to the parcel leaving, at the soonest and at the latest. */
  minDays: number;
  maxDays: number;
}

export const DEFAULT_DISPATCH_TIME: DispatchTime = { minDays: 1, maxDays: 3 };

/** The longest dispatch time the owner may promise for a ready piece; longer is made to order. */
export const DISPATCH_DAYS_MAX = 30;

/** What the owner writes in a page or a home text where the dispatch time belongs. */
export const SHIPPING_TIME_PLACEHOLDER = "{shippingTime}";

export const DISPATCH_TIME_TEXT = {
  daysRequired: "Enter a number of business days",
  wholeDays: "Enter a whole number of days",
  atLeastOne: "At least 1 business day",
  atMost: `At most ${DISPATCH_DAYS_MAX} business days`,
  maxBelowMin: "The latest day cannot come before the soonest",
  saved: "Dispatch time saved",
  notSaved: "Dispatch time not saved",
} as const;

/** '1–3 business days'; '2 business days' when both ends are one day; '1 business day'. */
export function shippingTimeText({ minDays, maxDays }: DispatchTime): string {
  if (minDays === maxDays) return minDays === 1 ? "1 business day" : `${minDays} business days`;
  return `${minDays}–${maxDays} business days`;
}

/** An owner's text with every `{shippingTime}` put in words. */
export function fillShippingTime(text: string, time: DispatchTime): string {
  return text.replaceAll(SHIPPING_TIME_PLACEHOLDER, shippingTimeText(time));
}
