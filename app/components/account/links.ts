import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "~/i18n/locales";

/** The account page's tabs, intents and URLs: shared by its route (action) and its tab components. */
export const ACCOUNT_TABS = [{ id: "orders" }, { id: "favorites" }, { id: "profile" }, { id: "loyalty" }] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];

export const ACCOUNT_INTENTS = { updateProfile: "update-profile", removeFavorite: "remove-favorite" } as const;

export const PROFILE_URL = "/account?tab=profile";
export const PROFILE_EDIT_URL = "/account?tab=profile&edit=1";
export const FAVORITES_URL = "/account?tab=favorites";

// English keeps its short "Nov 28, 2026"; Polish writes the month out ("28 listopada 2026").
const DATE_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }),
  pl: new Intl.DateTimeFormat(INTL_LOCALE.pl, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
};

/** In UTC, so a date reads the same whatever the server's time zone. */
export function formatAccountDate(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMATS[locale].format(date);
}
