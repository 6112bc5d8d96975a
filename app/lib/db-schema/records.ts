import type { Generated } from "kysely";

/* The accountant's records (db/migrations/2026_12_24_0001_tax_records.ts, docs/tax.md). Re-exported by ~/lib/db-schema. */

export type TaxRegime = "exempt" | "vat" | "vat-oss";
export type InvoiceKind = "invoice" | "credit";

/** An EU standard VAT rate from `effective_from` (YYYY-MM-DD) on, in basis points (2300 = 23 %). */
export interface VatRatesTable {
  country: string;
  rate_bp: number;
  effective_from: string;
}

/** The last number given per kind and month (YYYY-MM): the next invoice takes last + 1. */
export interface InvoiceCountersTable {
  kind: InvoiceKind;
  period: string;
  last: number;
}

/** An invoice or a credit note as issued; rows are never changed or deleted (triggers refuse it). */
export interface InvoicesTable {
  id: Generated<number>;
  kind: InvoiceKind;
  order_id: number;
  /** FV/YYYY/MM/n or KOR/YYYY/MM/n. */
  number: string;
  period: string;
  seq: number;
  issued_at: Generated<string>;
  /** YYYY-MM-DD: the sale's date (the payment's day). */
  sale_date: string;
  buyer_name: string;
  buyer_address: string;
  tax_id: string | null;
  corrects_id: number | null;
  refund_id: number | null;
  amount_cents: number;
  /** JSON: what the document shows, as issued. */
  snapshot: string;
  /** The unguessable key of the document's page. */
  token: string;
}

export interface TaxThresholdAlertsTable {
  year: number;
  threshold: "eu-distance" | "exemption";
  level: 80 | 100;
  sent_at: Generated<string>;
}
