import { type ZoneRates } from "~/domain/orders/totals";

/**
 * A shipping zone as the shop uses it: its countries, its two prices and free-shipping
 * threshold, or 'not shipped' with the message shoppers read. Browser-safe.
 */
export interface ShippingZone extends ZoneRates {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 codes; a country is in at most one zone. */
  countries: string[];
  shipped: boolean;
  message: string | null;
}

/** The shop's home: the cart shows the shipping of its zone until the shopper chooses a country. */
export const HOME_COUNTRY = "PL";

export const ZONE_LIMITS = { name: 60, message: 200, countries: 249, zones: 100, priceWholeDigits: 5 } as const;
