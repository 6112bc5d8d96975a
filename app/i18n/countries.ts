import { countryName, type CountryOption } from "~/domain/common/countries";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "./locales";

const names = new Map<Locale, Intl.DisplayNames>();

/**
 * A country's name in a language ("PL" → "Polska"); English keeps the shop's own names
 * (domain/common/countries.ts, with its shorter forms). The platform's Intl.DisplayNames: no list ships.
 */
export function countryNameIn(code: string | null | undefined, locale: Locale): string {
  if (!code || locale === DEFAULT_LOCALE) return countryName(code);
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region", fallback: "code" });
    names.set(locale, display);
  }
  return display.of(code) ?? countryName(code);
}

/** The same countries named and sorted in a language (a select's options). */
export function countryOptionsIn(options: readonly CountryOption[], locale: Locale): CountryOption[] {
  if (locale === DEFAULT_LOCALE) return [...options];
  const collator = new Intl.Collator(INTL_LOCALE[locale]);
  return options.map((o) => ({ code: o.code, name: countryNameIn(o.code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
}
