import type { Generated } from "kysely";

/* Exchange rates: the National Bank of Poland's table A (docs/decisions/nbp-rates.md). Re-exported by ~/lib/db-schema. */

export interface ExchangeRatesTable {
  /** ISO 4217, e.g. 'USD'. */
  currency: string;
  /** YYYY-MM-DD: the business day the bank's table is for. */
  effective_date: string;
  /** The bank's table number, e.g. '231/A/NBP/2026'. */
  table_no: string;
  /** Złoty per unit of the currency (the bank's 4 decimals). */
  mid: number;
  fetched_at: Generated<string>;
}
