import { i18nFor } from "~/i18n/i18n.server";
import { INTL_LOCALE } from "~/i18n/locales";
import { decimalToCents } from "~/lib/money";

/** How the Polish e-mails write amounts, dates, countries and counted words. */

const pl = i18nFor("pl");

/** An amount of the mail data ("12.50", USD) as Polish writes it: '12,50 USD'. */
export function money(amount: string): string {
  const cents = decimalToCents(amount);
  return cents === null ? `${amount} USD` : pl.money(cents);
}

// Date-only values and instants are shown as UTC days, like the English mails: no server time zone moves them.
const DAY = new Intl.DateTimeFormat(INTL_LOCALE.pl, { dateStyle: "long", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat(INTL_LOCALE.pl, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** A YYYY-MM-DD day: '14 grudnia 2026'. */
export function day(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? DAY.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) : ymd;
}

/** An instant with its hour: '26 listopada 2026 o 10:15 UTC'. */
export function dayAndTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DAY.format(date)} o ${TIME.format(date)} UTC`;
}

let countries: Intl.DisplayNames | null = null;

/** A country's Polish name ('Niemcy'), from its ISO code. */
export function country(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  countries ??= new Intl.DisplayNames([INTL_LOCALE.pl], { type: "region", fallback: "code" });
  return countries.of(code) ?? code;
}

const plurals = new Intl.PluralRules(INTL_LOCALE.pl);

/** The form of a word for a count: 1 punkt, 2 punkty, 5 punktów, 1,5 punktu. */
export function counted(n: number, forms: { one: string; few: string; many: string; other: string }): string {
  const rule = plurals.select(n);
  return rule === "one" || rule === "few" || rule === "many" ? forms[rule] : forms.other;
}
