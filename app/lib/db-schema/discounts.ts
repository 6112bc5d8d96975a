import type { Generated } from "kysely";

/* Discount codes and the prices' history (db/migrations/2026_12_17_0001_discounts.ts, docs/discounts.md). Re-exported by ~/lib/db-schema. */

export type DiscountType = "percent" | "amount" | "shipping";

export interface DiscountsTable {
  id: Generated<number>;
  /** A–Z and 0–9, 4 to 20 characters, stored upper-case. */
  code: string;
  type: DiscountType;
  /** Whole percent points ('percent'), cents ('amount'), 0 ('shipping'). */
  value: Generated<number>;
  min_subtotal_cents: number | null;
  /** ISO instants; null: from its creation, and with no end. */
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  /** Orders holding the code now (an unpaid order that expires or is cancelled gives its use back). */
  uses: Generated<number>;
  once_per_email: Generated<number>;
  public: Generated<number>;
  active: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface DiscountUsesTable {
  order_id: number;
  discount_id: number;
  email: string;
  /** The code's type when the order used it (the owner may change the code later). */
  type: DiscountType;
  /** The e-mail when the code is once per e-mail (a unique index keeps one live use per address). */
  once_key: string | null;
  created_at: Generated<string>;
  released_at: string | null;
}

/** The terms a public, active code offered everyone, from when to when (null: still open). */
export interface DiscountPublicPeriodsTable {
  id: Generated<number>;
  discount_id: number;
  type: DiscountType;
  value: number;
  min_subtotal_cents: number | null;
  starts_at: string;
  ends_at: string | null;
}

/** A product's price and regular price from `changed_at` until its next row (written by triggers). */
export interface PriceHistoryTable {
  id: Generated<number>;
  product_id: number;
  price_cents: number;
  regular_price_cents: number | null;
  changed_at: Generated<string>;
}
