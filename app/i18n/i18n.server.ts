import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { createElement, Fragment, type ReactNode } from "react";
import { DOMAIN_TEXTS, MESSAGES, type MessageKey } from "./catalogue.server";
import { type MessageValues, setFallbackI18n, type ShopI18n } from "./context";
import { DEFAULT_LOCALE, INTL_LOCALE, localeOfPath, localizePath, type Locale } from "./locales";
import { formatMoney, plnGrosze } from "~/lib/money";

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<ReactNode>>();

function intlOf(locale: Locale): IntlShape<ReactNode> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl<ReactNode>(
      {
        locale: INTL_LOCALE[locale],
        defaultLocale: INTL_LOCALE[DEFAULT_LOCALE],
        messages: MESSAGES[locale],
        // A missing message is a failing test (catalogue.test.ts), not a log line per render.
        onError: (error) => {
          if (error.code !== "MISSING_TRANSLATION") throw error;
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** The language of a request: its path's prefix ("/pl/..."), else English. */
export function localeOf(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** The National Bank of Poland's mid rate used for the indicative złoty amounts. */
export interface PlnRate {
  /** Złoty per US dollar. */
  mid: number;
}

const i18ns = new Map<string, ShopI18n>();

type TextTranslator = (english: string) => string;
const translators = new Map<Locale, TextTranslator>();

/**
 * The domain's English texts in a language: exact wording first, then the entries with
 * placeholders ("Must be at most {max} characters"), whose values are carried over.
 */
function textTranslator(locale: Locale): TextTranslator {
  const known = translators.get(locale);
  if (known) return known;
  const translate = makeTextTranslator(DOMAIN_TEXTS[locale]);
  translators.set(locale, translate);
  return translate;
}

export function makeTextTranslator(texts: Readonly<Record<string, string>>): TextTranslator {
  const patterns = Object.entries(texts)
    .filter(([english]) => /\{\w+\}/.test(english))
    .map(([english, translated]) => {
      const names: string[] = [];
      const source = english
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          return "(.+?)";
        })
        .join("");
      return { re: new RegExp(`^${source}$`), names, translated };
    });
  return (english) => {
    const exact = texts[english];
    if (exact !== undefined) return exact;
    for (const { re, names, translated } of patterns) {
      const match = re.exec(english);
      if (match) return names.reduce((out, name, i) => out.split(`{${name}}`).join(match[i + 1] ?? ""), translated);
    }
    return english;
  };
}

/**
 * The words, amounts and links of a page (or an e-mail) in a language. `plnRate` adds the
 * indicative złoty amounts on Polish pages; without it `pln()` answers null and no line shows.
 */
export function i18nFor(locale: Locale, plnRate: PlnRate | null = null): ShopI18n {
  const cacheKey = `${locale}:${plnRate?.mid ?? ""}`;
  const cached = i18ns.get(cacheKey);
  if (cached) return cached;
  const intl = intlOf(locale);
  const tag = INTL_LOCALE[locale];
  const usd = new Intl.NumberFormat(tag, { style: "currency", currency: "USD" });
  const pln = new Intl.NumberFormat(tag, { style: "currency", currency: "PLN" });
  // Made once per language: building an Intl formatter costs far more than using one.
  const day = new Intl.DateTimeFormat(tag, { dateStyle: "long" });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeStyle: "short" });
  const numbers = new Intl.NumberFormat(tag);
  const i18n: ShopI18n = {
    locale,
    t: (key: MessageKey, values?: MessageValues) => intl.formatMessage({ id: key }, values) as string,
    // The parts as a fragment's children, not an array: React wants keys on an array's elements.
    rich: (key, values) => {
      const parts = intl.formatMessage({ id: key }, values);
      return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : parts;
    },
    text: textTranslator(locale),
    path: (to) => localizePath(to, locale),
    // English keeps the shop's own "$12.50" (the spec's texts); other languages write it their way.
    money: locale === DEFAULT_LOCALE ? formatMoney : (cents) => usd.format(cents / 100),
    // A no-break space: "ok." never ends a line without its amount.
    pln: (cents) => (locale === "pl" && plnRate ? `ok.\u00a0${pln.format(plnGrosze(cents, plnRate.mid) / 100)}` : null),
    date: (value, options) => (options?.withTime ? dateTime : day).format(new Date(value)),
    number: (value) => numbers.format(value),
  };
  // One per language and rate: a new rate a day makes a new one, the old ones are few.
  if (i18ns.size > 20) i18ns.clear();
  i18ns.set(cacheKey, i18n);
  return i18n;
}

/** The i18n of the page a request is for. */
export function i18nOf(request: Request, plnRate: PlnRate | null = null): ShopI18n {
  return i18nFor(localeOf(request), plnRate);
}

setFallbackI18n(i18nFor(DEFAULT_LOCALE));
