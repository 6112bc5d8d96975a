import { listLatestCollection, listProducts } from "~/domain/catalogue/products.server";
import { NEW_ARRIVALS_COUNT } from "~/domain/catalogue/types";
import { type Locale } from "~/i18n/locales";
import { type DB } from "~/lib/sqlite.server";

/** How many pieces of the Latest Collection the home page shows. */
export const LATEST_ON_HOME = 4;

/**
 * The home page's two rows: the Latest Collection, and the newest pieces that are not in it
 * (the two rows side by side never show the same piece twice).
 */
export async function listHomeProducts(db: DB, locale: Locale = "en", now = new Date()) {
  const latest = await listLatestCollection(db, LATEST_ON_HOME, locale, now);
  // One row more than the ones that may be left out, so New Arrivals still fills its row.
  const newest = await listProducts(db, { offset: 0, limit: NEW_ARRIVALS_COUNT + latest.length }, locale, now);
  const shown = new Set(latest.map((p) => p.id));
  return { latest, arrivals: newest.products.filter((p) => !shown.has(p.id)).slice(0, NEW_ARRIVALS_COUNT) };
}
