import { type LegalSettingsInput, type LoyaltySettingsInput, type ShippingSettingsInput } from "~/domain/admin/schemas";
import { DEFAULT_SHIPPING_RATES, type ShippingRates } from "~/domain/cart/totals";
import { DEFAULT_LEGAL_SETTINGS, type LegalSettings } from "~/domain/legal/seller";
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

/**
 * Saves the seller's legal identity (settings key 'legal'), logged with what changed. The footer,
 * every product page and every e-mail sent from now on read it; e-mails already sent keep theirs.
 */
export async function saveLegalSettings(db: DB, input: LegalSettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<LegalSettings> {
  const value: LegalSettings = {
    legalName: input.legalName,
    // One line per line, as typed, without the blank ones.
    address: input.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .join("\n"),
    email: input.email,
    phone: input.phone ?? "",
    vatLine: input.vatLine ?? "",
    safetyNotice: input.safetyNotice,
    orderRetentionYears: input.orderRetentionYears,
  };
  await saveLoggedSetting(db, "legal", { ...value }, { actor, kind: "settings.legal", summary: "Seller details saved", defaults: { ...DEFAULT_LEGAL_SETTINGS } });
  return value;
}
