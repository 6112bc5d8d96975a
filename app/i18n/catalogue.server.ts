import { type Locale } from "./locales";
import * as layout from "./messages/layout";
import * as catalogue from "./messages/catalogue";
import * as product from "./messages/product";
import * as reviews from "./messages/reviews";
import * as cart from "./messages/cart";
import * as checkout from "./messages/checkout";
import * as orders from "./messages/orders";
import * as withdrawal from "./messages/withdrawal";
import * as account from "./messages/account";
import * as auth from "./messages/auth";
import * as privacy from "./messages/privacy";
import * as legal from "./messages/legal";

/**
 * Every interface message of the shopper's pages, per language, in ICU syntax. Each area keeps
 * its English and Polish side by side in app/i18n/messages/<area>.ts; TypeScript refuses a
 * Polish area that lacks a key of the English (Translation<typeof en>), and
 * app/i18n/catalogue.test.ts refuses an empty or untranslated one. Server-only: no catalogue
 * goes to the browser (docs/decisions/i18n-library.md).
 */
export const AREAS = { layout, cart, checkout, orders, withdrawal, catalogue, product, reviews, account, auth, privacy, legal } as const;

type Merge<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
type EnglishOf<A> = { [K in keyof A]: A[K] extends { en: infer E } ? E : never }[keyof A];

export type Messages = Merge<EnglishOf<typeof AREAS>>;
export type MessageKey = keyof Messages & string;

function merge(locale: Locale): Record<MessageKey, string> {
  const out: Record<string, string> = {};
  for (const area of Object.values(AREAS)) Object.assign(out, area[locale]);
  return out as Record<MessageKey, string>;
}

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en: merge("en"), pl: merge("pl") };

/**
 * The Polish for texts the domain and its schemas write in English (field errors, refusals,
 * notices), by their English wording: each area's `domainPl`. They stay English at the API (the
 * spec's texts, one rule for both doors); a page shows them through `i18n.text()`. A wording
 * with a value in it has a placeholder on both sides: "Must be at most {max} characters" →
 * "Maksymalnie {max} znaków". One missing shows in English on a Polish page, which the
 * English-text check of the Polish pages reports.
 */
function domainTexts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const area of Object.values(AREAS) as { domainPl?: Readonly<Record<string, string>> }[]) Object.assign(out, area.domainPl ?? {});
  return out;
}

export const DOMAIN_TEXTS: Record<Locale, Readonly<Record<string, string>>> = { en: {}, pl: domainTexts() };

/** The English of the areas the hydrated admin renders around its pages (the shop's header). */
export function chromeMessages(): Partial<Record<MessageKey, string>> {
  return { ...layout.en };
}
