import { DEFAULT_STORE_SETTINGS, type StoreSettings } from "~/domain/admin/store-texts";
import { DEFAULT_LEGAL_SETTINGS, type LegalSettings } from "~/domain/legal/seller";
import { DEFAULT_SHIPPING_RATES, type ShippingRates } from "~/domain/cart/totals";
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

export async function getShippingRates(db: DB): Promise<ShippingRates> {
  return getSetting(db, "shipping_rates", DEFAULT_SHIPPING_RATES);
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
