import { getSetting } from "~/domain/common/settings.server";
import { type Actor, saveLoggedSetting } from "~/domain/ops/activity.server";
import { getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { DEFAULT_HOME_TEXT, HOME_TEXT_KEYS, type HomeTexts } from "~/domain/pages/home";
import { type HomeTextsInput } from "~/domain/pages/schemas";
import { fillShippingTimeIn } from "~/domain/pages/shipping-time";
import { DEFAULT_LOCALE, type Locale, LOCALE_NAMES } from "~/i18n/locales";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/** Each language's home texts have their own settings key: 'home' (English), 'home_pl'. */
export const homeSettingKey = (locale: Locale) => (locale === DEFAULT_LOCALE ? "home" : `home_${locale}`);

type StoredHome = Partial<Record<keyof HomeTexts, unknown>>;

function readStored(db: DB, locale: Locale): Promise<StoredHome | null> {
  const key = homeSettingKey(locale);
  return cachedRead(db, `settings:${key}`, () => getSetting<StoredHome | null>(db, key, null));
}

/**
 * The home page's texts in a language and the language they are in: the saved texts of that
 * language; a language never saved gets the English texts (`locale` 'en'); English never saved,
 * or a broken field, the defaults.
 */
export async function getHomeTextsIn(db: DB, locale: Locale): Promise<{ texts: HomeTexts; locale: Locale }> {
  const stored = await readStored(db, locale);
  if (!stored && locale !== DEFAULT_LOCALE) return getHomeTextsIn(db, DEFAULT_LOCALE);
  const texts = { ...DEFAULT_HOME_TEXT };
  for (const key of HOME_TEXT_KEYS) {
    const value = stored?.[key];
    if (typeof value === "string") texts[key] = value;
  }
  return { texts, locale };
}

/** The home page's English texts (settings key 'home'); a missing or broken value falls back to the defaults. */
export async function getHomeTexts(db: DB): Promise<HomeTexts> {
  return (await getHomeTextsIn(db, DEFAULT_LOCALE)).texts;
}

/** The home page's texts in a language as the shop shows them: `{shippingTime}` put in words from Settings' dispatch time. */
export async function getShownHomeTextsIn(db: DB, locale: Locale): Promise<{ texts: HomeTexts; locale: Locale }> {
  const [found, time] = await Promise.all([getHomeTextsIn(db, locale), getDispatchTime(db)]);
  const texts = Object.fromEntries(HOME_TEXT_KEYS.map((key) => [key, fillShippingTimeIn(found.texts[key], time, found.locale)])) as HomeTexts;
  return { texts, locale: found.locale };
}

/** The English home texts as the shop shows them. */
export async function getShownHomeTexts(db: DB): Promise<HomeTexts> {
  return (await getShownHomeTextsIn(db, DEFAULT_LOCALE)).texts;
}

/** Saves the home page's texts of a language and logs the fields that changed (`settings.home`), in one transaction. */
export async function saveHomeTexts(db: DB, input: HomeTextsInput, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<HomeTexts> {
  const value: HomeTexts = {
    ...input,
    shippingText: input.shippingText ?? "",
    reviewsClaim: input.reviewsClaim ?? "",
    reviewsSourceUrl: input.reviewsSourceUrl ?? "",
    reviewsSourceLabel: input.reviewsSourceLabel ?? "",
  };
  const english = locale === DEFAULT_LOCALE;
  // A first save in another language changes what the shop showed there: the English texts.
  const before = english ? DEFAULT_HOME_TEXT : (await getHomeTextsIn(db, locale)).texts;
  await saveLoggedSetting(db, homeSettingKey(locale), value, {
    actor,
    kind: "settings.home",
    summary: english ? "Home page texts saved" : `Home page texts (${LOCALE_NAMES[locale]}) saved`,
    defaults: { ...before },
  });
  return value;
}
