import { createContext, useContext, type ReactNode } from "react";
import { type MessageKey } from "./catalogue.server";
import { DEFAULT_LOCALE, localizePath, type Locale } from "./locales";
import { formatMoney } from "~/lib/money";

export type MessageValues = Record<string, string | number | Date>;

/**
 * What a shopper's page renders its words, amounts and links with, in the page's language.
 * Built on the server (app/i18n/i18n.server.ts) for each page; components take it from
 * useI18n(), HTML builders as an argument. Only types and this context reach the browser.
 */
export interface ShopI18n {
  locale: Locale;
  /** An interface message by key, its ICU placeholders and plurals filled in. */
  t(key: MessageKey, values?: MessageValues): string;
  /** A message whose placeholders are elements (a link inside a sentence). */
  rich(key: MessageKey, values: Record<string, ReactNode>): ReactNode;
  /** A text the domain wrote in English (a field error, a refusal) in the page's language. */
  text(english: string): string;
  /** A shop path in the page's language ("/cart" → "/pl/cart"); admin, API and upload paths stay. */
  path(to: string): string;
  /** Cents in USD as the page's language writes them: "$12.50", "12,50 USD". */
  money(cents: number): string;
  /** The indicative złoty amount of USD cents ("ok. 53,20 zł") on Polish pages with a rate; else null. */
  pln(cents: number): string | null;
  /** A date ("November 28, 2026", "28 listopada 2026"); `withTime` adds the hour. */
  date(value: Date | string | number, options?: { withTime?: boolean }): string;
  /** A number with the language's separators. */
  number(value: number): string;
}

const I18nContext = createContext<ShopI18n | null>(null);

// English for a render outside any page (a component test, a forgotten wrapper): the server sets
// it when its catalogue loads (i18n.server.ts). A Polish page never relies on it: a part shown in
// English there fails the Polish pages' English-text check.
let fallback: ShopI18n | null = null;
export function setFallbackI18n(value: ShopI18n): void {
  fallback = value;
}

export function I18nProvider({ value, children }: { value: ShopI18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): ShopI18n {
  const value = useContext(I18nContext) ?? fallback;
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

function interpolate(message: string, values?: MessageValues): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The hydrated admin's English, in the browser: the few messages of the shop's chrome it shows
 * (the header), handed over by the root loader as plain strings, so that no catalogue or ICU
 * parser joins the admin's bundle. Plain `{name}` placeholders only.
 */
export function chromeI18n(messages: Partial<Record<MessageKey, string>>): ShopI18n {
  const t = (key: MessageKey, values?: MessageValues) => interpolate(messages[key] ?? key, values);
  return {
    locale: DEFAULT_LOCALE,
    t,
    rich: (key) => t(key),
    text: (english) => english,
    path: (to) => to,
    money: formatMoney,
    pln: () => null,
    date: (value, options) =>
      new Date(value).toLocaleDateString("en-US", {
        dateStyle: "long",
        ...(options?.withTime ? { timeStyle: "short" } : {}),
      } as Intl.DateTimeFormatOptions),
    number: (value) => value.toLocaleString("en-US"),
  };
}

export { localizePath };
