import { type LoyaltySettingsInput, type ShippingSettingsInput } from "~/domain/admin/schemas";
import { DEFAULT_SHIPPING_RATES, type ShippingRates } from "~/domain/cart/totals";
import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig } from "~/domain/loyalty/rules";
import { type Actor, saveLoggedSetting, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { decimalToCents } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/**
 * Saves the two shipping rates (settings key 'shipping_rates'), logged with what changed. Carts
 * and checkouts read the rates on every request, so new ones apply at once; placed orders keep
 * the shipping name and price they were placed with (orders.shipping_*).
 */
export async function saveShippingRates(db: DB, input: ShippingSettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<ShippingRates> {
  const rates: ShippingRates = {
    standard: { name: input.standardName, description: input.standardDescription ?? "", priceCents: decimalToCents(input.standardPrice) ?? 0 },
    large: { name: input.largeName, description: input.largeDescription ?? "", priceCents: decimalToCents(input.largePrice) ?? 0 },
  };
  await saveLoggedSetting(db, "shipping_rates", { ...rates }, { actor, kind: "settings.shipping", summary: "Shipping rates saved", defaults: { ...DEFAULT_SHIPPING_RATES } });
  return rates;
}

/** Saves the loyalty rules (settings key 'loyalty_config'), logged with what changed; they apply to the next cart and order. */
export async function saveLoyaltyRules(db: DB, input: LoyaltySettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<LoyaltyConfig> {
  const config: LoyaltyConfig = {
    dollarsPerPoint: input.dollarsPerPoint,
    minimumOrderForPoints: input.minimumOrderForPoints,
    discountExchange: { pointsRequired: input.pointsRequired, discountAmount: input.discountAmount, minimumOrderValue: input.minimumOrderValue },
  };
  await saveLoggedSetting(db, "loyalty_config", { ...config }, { actor, kind: "settings.loyalty", summary: "Loyalty rules saved", defaults: { ...DEFAULT_LOYALTY_CONFIG } });
  return config;
}
