import { type LegalSettingsInput, type LoyaltySettingsInput, type StoreSettingsInput } from "~/domain/common/settings-schemas";
import { DEFAULT_STORE_SETTINGS, type StoreSettings } from "~/domain/common/store-settings";
import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig } from "~/domain/loyalty/rules";
import { type Actor, saveLoggedSetting, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { DEFAULT_LEGAL_SETTINGS, type LegalSettings } from "~/domain/legal/seller";
import { type DB } from "~/lib/sqlite.server";
import { cachedRead } from "~/lib/read-cache.server";

export async function getSetting<T>(db: DB, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(row.value) as T) };
  } catch {
    return fallback;
  }
}

/**
 * The store's name, contact e-mail and description (settings key 'store', saved by the admin
 * Settings tab). Missing or broken values fall back to the defaults (`fallbackEmail` for the e-mail).
 */
export async function getStoreSettings(db: DB, fallbackEmail?: string): Promise<StoreSettings> {
  const defaults = { ...DEFAULT_STORE_SETTINGS, ...(fallbackEmail ? { email: fallbackEmail } : {}) };
  // Every page's title and footer read it: through the exact read cache.
  const stored = await cachedRead(db, "settings:store", () => getSetting<Partial<Record<keyof StoreSettings, unknown>>>(db, "store", {}));
  const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() ? value.trim() : fallback);
  return {
    name: text(stored.name, defaults.name),
    email: text(stored.email, defaults.email),
    description: typeof stored.description === "string" ? stored.description : defaults.description,
  };
}

/**
 * The seller's legal identity (settings key 'legal'): footer, terms, e-mails and every product
 * page read it. Missing or broken values fall back to the defaults (`fallbackEmail` for the e-mail).
 */
export async function getLegalSettings(db: DB, fallbackEmail?: string): Promise<LegalSettings> {
  const defaults = { ...DEFAULT_LEGAL_SETTINGS, ...(fallbackEmail ? { email: fallbackEmail } : {}) };
  const stored = await cachedRead(db, "settings:legal", () => getSetting<Partial<Record<keyof LegalSettings, unknown>>>(db, "legal", {}));
  const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() ? value.trim() : fallback);
  const years = stored.orderRetentionYears;
  return {
    legalName: text(stored.legalName, defaults.legalName),
    address: text(stored.address, defaults.address),
    email: text(stored.email, defaults.email),
    phone: typeof stored.phone === "string" ? stored.phone.trim() : defaults.phone,
    vatLine: typeof stored.vatLine === "string" ? stored.vatLine.trim() : defaults.vatLine,
    safetyNotice: text(stored.safetyNotice, defaults.safetyNotice),
    orderRetentionYears: typeof years === "number" && Number.isInteger(years) && years >= 1 && years <= 20 ? years : defaults.orderRetentionYears,
  };
}

/** Saves the store's name, contact e-mail and description (settings key 'store'), logged as a change. */
export async function saveStoreSettings(db: DB, input: StoreSettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<StoreSettings> {
  const value: StoreSettings = { name: input.name, email: input.email, description: input.description ?? "" };
  await saveLoggedSetting(db, "store", value, { actor, kind: "settings.store", summary: "Store settings saved", defaults: { ...DEFAULT_STORE_SETTINGS } });
  return value;
}

/** Saves the loyalty rules (settings key 'loyalty_config'), logged with what changed; they apply to the next cart and order. */
export async function saveLoyaltyRules(db: DB, input: LoyaltySettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<LoyaltyConfig> {
  const config: LoyaltyConfig = {
    dollarsPerPoint: input.dollarsPerPoint,
    minimumOrderForPoints: input.minimumOrderForPoints,
    discountExchange: { pointsRequired: input.pointsRequired, discountAmount: input.discountAmount, minimumOrderValue: input.minimumOrderValue },
  };
  await saveLoggedSetting(
    db,
    "loyalty_config",
    { ...config },
    { actor, kind: "settings.loyalty", summary: "Loyalty rules saved", defaults: { ...DEFAULT_LOYALTY_CONFIG } },
  );
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
  await saveLoggedSetting(
    db,
    "legal",
    { ...value },
    { actor, kind: "settings.legal", summary: "Seller details saved", defaults: { ...DEFAULT_LEGAL_SETTINGS } },
  );
  return value;
}
