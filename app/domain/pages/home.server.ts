import { getSetting } from "~/domain/common/settings.server";
import { type Actor, saveLoggedSetting } from "~/domain/ops/activity.server";
import { fillShippingTime } from "~/domain/orders/dispatch-time";
import { getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { DEFAULT_HOME_TEXT, HOME_TEXT_KEYS, type HomeTexts } from "~/domain/pages/home";
import { type HomeTextsInput } from "~/domain/pages/schemas";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/** The home page's texts (settings key 'home'); a missing or broken value falls back to the defaults. */
export async function getHomeTexts(db: DB): Promise<HomeTexts> {
  const stored = await cachedRead(db, "settings:home", () => getSetting<Partial<Record<keyof HomeTexts, unknown>>>(db, "home", {}));
  const texts = { ...DEFAULT_HOME_TEXT };
  for (const key of HOME_TEXT_KEYS) {
    const value = stored[key];
    if (typeof value === "string") texts[key] = value;
  }
  return texts;
}

/** The home page's texts as the shop shows them: `{shippingTime}` put in words from Settings' dispatch time. */
export async function getShownHomeTexts(db: DB): Promise<HomeTexts> {
  const [texts, time] = await Promise.all([getHomeTexts(db), getDispatchTime(db)]);
  return Object.fromEntries(HOME_TEXT_KEYS.map((key) => [key, fillShippingTime(texts[key], time)])) as HomeTexts;
}

/** Saves the home page's texts and logs the fields that changed (`settings.home`), in one transaction. */
export async function saveHomeTexts(db: DB, input: HomeTextsInput, actor: Actor): Promise<HomeTexts> {
  const value: HomeTexts = {
    ...input,
    shippingText: input.shippingText ?? "",
    reviewsClaim: input.reviewsClaim ?? "",
    reviewsSourceUrl: input.reviewsSourceUrl ?? "",
    reviewsSourceLabel: input.reviewsSourceLabel ?? "",
  };
  await saveLoggedSetting(db, "home", value, { actor, kind: "settings.home", summary: "Home page texts saved", defaults: { ...DEFAULT_HOME_TEXT } });
  return value;
}
