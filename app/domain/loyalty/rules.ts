/** Loyalty rules; browser-safe. */
export interface LoyaltyConfig {
  dollarsPerPoint: number;
  minimumOrderForPoints: number;
  discountExchange: {
    pointsRequired: number;
    discountAmount: number;
    minimumOrderValue: number;
  };
}

/** Used when the shop has no loyalty configuration stored. */
export const DEFAULT_LOYALTY_CONFIG: LoyaltyConfig = {
  dollarsPerPoint: 1,
  minimumOrderForPoints: 0,
  discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 },
};

/** How many discounts the balance can pay for: floor(points / pointsRequired). */
export function redeemableDiscounts(points: number, config: LoyaltyConfig): number {
  const required = config.discountExchange.pointsRequired;
  if (!(required > 0) || !(points > 0)) return 0;
  return Math.floor(points / required);
}

export type LoyaltyEventType = "order_gain" | "order_spend" | "admin_reward" | "other";

export const LOYALTY_EVENT_LABELS: Record<LoyaltyEventType, string> = {
  order_gain: "Earned",
  order_spend: "Redeemed",
  admin_reward: "Reward",
  other: "Other",
};

export function loyaltyEventType(value: string): LoyaltyEventType {
  return value in LOYALTY_EVENT_LABELS ? (value as LoyaltyEventType) : "other";
}

export interface LoyaltyDiscount {
  /** The customer may tick 'use loyalty points' for this order. */
  eligible: boolean;
  /** Applied only when eligible and ticked. */
  discountCents: number;
  pointsUsed: number;
}

/**
 * One discount per order (spec sections 4 and 9): possible when points >= pointsRequired and
 * the subtotal reaches minimumOrderValue; applied only when ticked, never above the subtotal.
 */
export function loyaltyDiscount(config: LoyaltyConfig, points: number, subtotalCents: number, useLoyaltyPoints: boolean): LoyaltyDiscount {
  const ex = config.discountExchange;
  const eligible = points >= ex.pointsRequired && subtotalCents >= Math.round(ex.minimumOrderValue * 100) && ex.discountAmount > 0;
  if (!eligible || !useLoyaltyPoints) return { eligible, discountCents: 0, pointsUsed: 0 };
  return { eligible, discountCents: Math.min(Math.round(ex.discountAmount * 100), subtotalCents), pointsUsed: ex.pointsRequired };
}

/** Points an order earns: 1 per dollarsPerPoint dollars of subtotal, from minimumOrderForPoints on. */
export function pointsEarned(config: LoyaltyConfig, subtotalCents: number): number {
  if (subtotalCents < Math.round(config.minimumOrderForPoints * 100)) return 0;
  if (!(config.dollarsPerPoint > 0)) return 0;
  return Math.floor(subtotalCents / Math.round(config.dollarsPerPoint * 100));
}
