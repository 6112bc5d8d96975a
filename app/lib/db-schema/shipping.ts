import type { Generated } from "kysely";

/* Shipping zones: where the shop ships and at what price (docs/shipping.md). Re-exported by ~/lib/db-schema. */

export interface ShippingZonesTable {
  id: Generated<number>;
  name: string;
  /** The order the owner's card lists them in. */
  position: Generated<number>;
  /** 0: the zone's countries are not shipped to, and its message says why. */
  shipped: Generated<number>;
  standard_cents: number;
  large_cents: number;
  /** From this items subtotal on shipping is free; null: never. */
  free_from_cents: number | null;
  message: string | null;
  updated_at: Generated<string>;
}

/** A zone's countries: the country is the key, so a country is in at most one zone. */
export interface ShippingZoneCountriesTable {
  country: string;
  zone_id: number;
}
