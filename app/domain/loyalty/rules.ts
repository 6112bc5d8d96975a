/** Loyalty rules (checkout-account-admin spec, sections 3 and 9); browser-safe. */
export interface LoyaltyConfig {
  dollarsPerPoint: number;
  minimumOrderForPoints: number;
  discountExchange: {
    pointsRequired: number;
    discountAmount: number;
    minimumOrderValue: number;
  };
}

/** Used when the shop has no loyalty configuration stored (section 9). */
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
