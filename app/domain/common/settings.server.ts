import { DEFAULT_SHIPPING_RATES, type ShippingRates } from "~/domain/cart/totals";
import { type DB } from "~/lib/sqlite.server";

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
