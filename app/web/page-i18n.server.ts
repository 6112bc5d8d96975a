import { cachedLatestRate } from "~/domain/currency/rates.server";
import { type ShopI18n } from "~/i18n/context";
import { i18nFor, localeOf, type PlnRate } from "~/i18n/i18n.server";
import { db } from "~/lib/db.server";

/** The indicative złoty rate a page in this locale shows: Polish pages only, null without a stored rate. */
export async function pageRate(request: Request): Promise<PlnRate | null> {
  if (localeOf(request) !== "pl") return null;
  const rate = await cachedLatestRate(db);
  return rate ? { mid: rate.mid } : null;
}

/**
 * The words and amounts of the page a request is for, złoty amounts included: what a page renders
 * with, and what the parts it answers a script with (the drawer, the checkout's figures) must match.
 */
export async function pageI18n(request: Request): Promise<ShopI18n> {
  return i18nFor(localeOf(request), await pageRate(request));
}
