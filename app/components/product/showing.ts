import { type ShopI18n } from "~/i18n/context";
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale } from "~/i18n/locales";

/** The placeholders the 'Showing' line's templates keep for the browser module to fill in. */
const START = "{start}";
const END = "{end}";

/**
 * The shop's "Showing 24 of 40,156 products" line (`first`) and "Showing 13–36 of …" (`range`,
 * when the page starts after the first product), with "{start}" and "{end}" left for the
 * positions shown: the server fills them in, and the browser module again after a Load More
 * (browser/behaviors/load-more.ts), so the browser needs no plural rules of its own.
 */
export function showingTemplates(i18n: Pick<ShopI18n, "t">, total: number): { first: string; range: string } {
  return {
    first: i18n.t("catalogue.showing", { end: END, total }),
    range: i18n.t("catalogue.showingRange", { start: START, end: END, total }),
  };
}

/** The line from its templates, with the separators of `lang` (the page's language). */
export function fillShowing(templates: { first: string; range: string }, start: number, shown: number, lang: string): string {
  const format = new Intl.NumberFormat(INTL_LOCALE[isLocale(lang) ? lang : DEFAULT_LOCALE]);
  const template = start <= 1 ? templates.first : templates.range;
  return template
    .split(START)
    .join(format.format(start))
    .split(END)
    .join(format.format(start + shown - 1));
}

/** The line as the server writes it. */
export function showingText(i18n: ShopI18n, start: number, shown: number, total: number): string {
  return fillShowing(showingTemplates(i18n, total), start, shown, i18n.locale);
}
