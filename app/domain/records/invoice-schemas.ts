import { z } from "zod";
import { INVOICE_ADDRESS_MAX, INVOICE_NAME_MAX, INVOICE_TAX_ID_MAX, INVOICE_TEXT } from "~/domain/records/invoice-texts";

/** The EU's VAT prefixes (Greece is EL; XI is Northern Ireland's, still in the EU's VAT system for goods). */
const EU_VAT_PREFIXES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "EL",
  "ES",
  "FI",
  "FR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
  "XI",
]);

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** A Polish NIP's control digit: the weighted sum of the first nine modulo 11 (10 never is one). */
export function isNip(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

/** The tax id as stored: spaces, dashes and dots taken out, upper case. */
export function normaliseTaxId(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

/**
 * A NIP (10 digits with its checksum, also after PL) or another EU VAT id by its form (the EU
 * prefix and 2 to 13 letters or digits); whether it is registered is not checked here.
 */
export function isTaxId(value: string): boolean {
  if (/^\d+$/.test(value)) return isNip(value);
  const prefix = value.slice(0, 2);
  if (!EU_VAT_PREFIXES.has(prefix)) return false;
  const rest = value.slice(2);
  if (prefix === "PL") return isNip(rest);
  return /^[A-Z0-9]{2,13}$/.test(rest);
}

const text = (required: string) => z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required);

/** The invoice request: the order page's form, the buyer's and the owner's API alike. */
export const InvoiceRequestSchema = z.object({
  buyerName: text(INVOICE_TEXT.nameRequired).pipe(z.string().max(INVOICE_NAME_MAX, INVOICE_TEXT.nameTooLong)),
  address: text(INVOICE_TEXT.addressRequired)
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(z.string().max(INVOICE_ADDRESS_MAX, INVOICE_TEXT.addressTooLong)),
  taxId: z
    .string({ invalid_type_error: INVOICE_TEXT.taxIdInvalid })
    .max(INVOICE_TAX_ID_MAX * 2, INVOICE_TEXT.taxIdInvalid)
    .transform(normaliseTaxId)
    .refine((v) => v === "" || isTaxId(v), INVOICE_TEXT.taxIdInvalid)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null),
});
export type InvoiceRequestInput = z.infer<typeof InvoiceRequestSchema>;

/** What an invoice shows, as issued (invoices.snapshot): the page draws it and nothing else. */
export interface InvoiceSnapshot {
  number: string;
  orderId: number;
  /** YYYY-MM-DD, Warsaw. */
  issueDate: string;
  /** YYYY-MM-DD: the payment's day, Warsaw. */
  saleDate: string;
  seller: { legalName: string; address: string; vatLine: string };
  buyer: { name: string; address: string; taxId: string | null };
  /** The buyer gave a tax id: the invoice belongs in KSeF too. */
  business: boolean;
  currency: "USD";
  lines: { title: string; quantity: number; unitGrossCents: number; discountCents: number; grossCents: number }[];
  shipping: { name: string; grossCents: number };
  totalCents: number;
  regime: "exempt" | "vat" | "vat-oss";
  /** Under 'exempt': the exemption's wording; else null. */
  exemptionText: string | null;
  /** Under 'vat'/'vat-oss': one row per rate. */
  taxRates: { country: string | null; rateBp: number; netCents: number; taxCents: number; grossCents: number }[];
  /** The NBP rate of the last business day before the payment and the total in grosze; null when none was stored. */
  pln: { table: string; date: string; mid: number; totalGrosze: number } | null;
}
