import { localizePath, type Locale } from "../../../app/i18n/locales";
import { SLUGS } from "./browser";

/** The shopper's pages a guest can open without any setup, with the status each answers. */
export const GUEST_PAGES: { url: string; status?: number }[] = [
  { url: "/" },
  { url: "/shop" },
  { url: "/shop/1-4-dresses" },
  { url: "/shop?search=tea" },
  { url: `/product/${SLUGS.withColors}` },
  { url: `/product/${SLUGS.withVariations}` },
  { url: "/cart" },
  { url: "/login" },
  { url: "/login?tab=signup" },
  { url: "/forgot-password" },
  { url: "/reset-password?token=not-a-real-token", status: 400 },
  { url: "/withdrawal" },
  { url: "/about" },
  { url: "/size-guide" },
  { url: "/terms-conditions" },
  { url: "/privacy" },
  { url: "/reviews" },
  { url: "/reviews/unsubscribe?token=not-a-real-token", status: 400 },
  { url: "/no-such-page", status: 404 },
  { url: "/product/no-such-product", status: 404 },
];

/** The shop's languages, English first: every shopper's page is checked in each. */
export const LANGUAGES: readonly Locale[] = ["en", "pl"];

/** A shop path in a language ("/cart" → "/pl/cart"). */
export function inLanguage(url: string, locale: Locale): string {
  return localizePath(url, locale);
}
