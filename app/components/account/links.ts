/** The account page's tabs, intents and URLs: shared by its route (action) and its tab components. */
export const ACCOUNT_TABS = [
  { id: "orders", label: "Orders" },
  { id: "favorites", label: "Favorites" },
  { id: "profile", label: "Profile" },
  { id: "loyalty", label: "Loyalty Points" },
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];

export const ACCOUNT_INTENTS = { updateProfile: "update-profile", removeFavorite: "remove-favorite" } as const;

export const PROFILE_URL = "/account?tab=profile";
export const PROFILE_EDIT_URL = "/account?tab=profile&edit=1";
export const FAVORITES_URL = "/account?tab=favorites";

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** In UTC, so a date reads the same whatever the server's time zone. */
export function formatAccountDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}
