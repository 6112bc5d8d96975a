import { isEuCountry } from "~/domain/common/eu";
import { type TaxRegime } from "~/lib/db-schema/records";
import { centsToDecimal } from "~/lib/money";

/*
 * The tax regime and an order's tax (docs/tax.md, docs/decisions/tax-from-gross.md). Prices are
 * tax-inclusive: the tax is taken out of what the buyer paid, line by line. Browser-safe.
 */

export type { TaxRegime };

export const TAX_REGIMES = ["exempt", "vat", "vat-oss"] as const satisfies readonly TaxRegime[];

export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  exempt: "VAT-exempt small business (no tax on orders)",
  vat: "Polish VAT payer (the Polish rate on every order)",
  "vat-oss": "VAT payer in OSS (the buyer's EU country's rate, the Polish rate at home, 0 for exports)",
};

export const HOME_COUNTRY = "PL";
export const EXEMPTION_TEXT_MAX = 300;
/** The highest rate the form takes, in basis points (50 %). */
export const VAT_RATE_MAX_BP = 5000;

export interface TaxSettings {
  taxRegime: TaxRegime;
  /** Printed on invoices while the shop is exempt. */
  exemptionText: string;
}

export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  taxRegime: "exempt",
  exemptionText: "Zwolnione z VAT na podstawie art. 113 ust. 1 ustawy o VAT",
};

export const TAX_TEXT = {
  saved: "Tax settings saved",
  rateAdded: "VAT rate added",
  rateNotAdded: "VAT rate not added",
  regime: "Choose a tax regime",
  exemptionRequired: "Enter the exemption wording",
  exemptionTooLong: `The exemption wording can be at most ${EXEMPTION_TEXT_MAX} characters`,
  country: "Enter the two-letter code of an EU member state",
  rateRequired: "Enter the rate in percent",
  rate: "Enter a rate from 0 to 50 % with up to 2 decimals, e.g. 25.5",
  date: "Enter the date the rate takes effect (YYYY-MM-DD)",
  rateTaken: "A rate for this country from this day is already stored",
} as const;

export function isTaxRegime(value: unknown): value is TaxRegime {
  return typeof value === "string" && (TAX_REGIMES as readonly string[]).includes(value);
}

/** A stored rate row: the country's rate from `effectiveFrom` (YYYY-MM-DD) on. */
export interface VatRate {
  country: string;
  rateBp: number;
  effectiveFrom: string;
}

/** The country's rate in force on `day` (YYYY-MM-DD): its row with the latest effectiveFrom on or before that day; null when none. */
export function rateInForce(rates: readonly VatRate[], country: string, day: string): number | null {
  let best: VatRate | null = null;
  for (const r of rates) {
    if (r.country !== country || r.effectiveFrom > day) continue;
    if (!best || r.effectiveFrom > best.effectiveFrom) best = r;
  }
  return best ? best.rateBp : null;
}

/** Where the tax is due and at what rate, or null when the regime charges none. */
export interface TaxChoice {
  country: string;
  rateBp: number;
}

/**
 * The rate an order is taxed at under `regime`, shipped to `destination`, paid on `day` (the
 * Warsaw date): exempt charges none; vat the Polish rate; vat-oss the destination's rate in another
 * EU state (checkout sells to consumers only), the Polish rate at home, 0 for an export outside the
 * EU. A country without a stored rate that day is taxed at 0 rather than guessed.
 */
export function taxChoice(regime: TaxRegime, destination: string, day: string, rates: readonly VatRate[]): TaxChoice | null {
  if (regime === "exempt") return null;
  const dest = destination.toUpperCase();
  const country = regime === "vat" || dest === HOME_COUNTRY ? HOME_COUNTRY : dest;
  if (regime === "vat-oss" && !isEuCountry(country)) return { country, rateBp: 0 };
  return { country, rateBp: rateInForce(rates, country, day) ?? 0 };
}

/** The tax in a tax-inclusive amount: gross × rate / (100 % + rate), rounded half up to the cent. */
export function taxFromGross(grossCents: number, rateBp: number): number {
  if (grossCents <= 0 || rateBp <= 0) return 0;
  // Integers throughout: cents × basis points stays far below 2^53.
  const numerator = Math.trunc(grossCents) * Math.trunc(rateBp);
  const denominator = 10_000 + Math.trunc(rateBp);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The order's tax: each line's paid amount and the shipping paid, each taxed on its own and rounded, summed. */
export function orderTaxCents(linePaidCents: readonly number[], shippingPaidCents: number, rateBp: number): number {
  return [...linePaidCents, shippingPaidCents].reduce((sum, gross) => sum + taxFromGross(gross, rateBp), 0);
}

/** 2300 → 23, 2550 → 25.5. */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}

/** 2550 → "25.5" as the form shows it. */
export function formatRatePercent(rateBp: number): string {
  return String(ratePercent(rateBp));
}

/** An order's stored tax and złoty record (orders.tax_* and pln_*). */
export interface OrderRecordColumns {
  taxRegime: TaxRegime | null;
  taxCountry: string | null;
  taxRateBp: number | null;
  taxCents: number | null;
  plnMid: number | null;
  plnTable: string | null;
  plnDate: string | null;
  plnTotalGrosze: number | null;
}

/** The `orders` columns of OrderRecordColumns, as a query selects them. */
export const RECORD_COLUMNS = [
  "tax_regime as taxRegime",
  "tax_country as taxCountry",
  "tax_rate_bp as taxRateBp",
  "tax_cents as taxCents",
  "pln_mid as plnMid",
  "pln_table as plnTable",
  "pln_date as plnDate",
  "pln_total_grosze as plnTotalGrosze",
] as const;

export interface OrderTaxApi {
  regime: TaxRegime;
  country: string | null;
  ratePercent: number;
  amount: string;
}

export interface OrderPlnApi {
  rate: number;
  table: string;
  date: string;
  total: string;
}

/** The records as the admin order JSON carries them: null where nothing is stored (unpaid, paid before the records, no rate yet). */
export function orderRecordsApi(r: OrderRecordColumns): { tax: OrderTaxApi | null; pln: OrderPlnApi | null } {
  const tax =
    r.taxRegime === null
      ? null
      : { regime: r.taxRegime, country: r.taxCountry, ratePercent: ratePercent(r.taxRateBp ?? 0), amount: centsToDecimal(r.taxCents ?? 0) };
  const pln =
    r.plnMid === null || r.plnTable === null || r.plnDate === null || r.plnTotalGrosze === null
      ? null
      : { rate: r.plnMid, table: r.plnTable, date: r.plnDate, total: centsToDecimal(r.plnTotalGrosze) };
  return { tax, pln };
}
