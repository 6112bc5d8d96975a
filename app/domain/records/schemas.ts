import { z } from "zod";
import { typedAmount } from "~/domain/common/schemas";
import { isEuCountry } from "~/domain/common/eu";
import { EXEMPTION_TEXT_MAX, TAX_REGIMES, TAX_TEXT as T, VAT_RATE_MAX_BP } from "~/domain/records/tax";

// The Settings tab's Tax card: one schema per form, shared with any API that takes the same fields.

export const TaxSettingsSchema = z.object({
  taxRegime: z.enum(TAX_REGIMES, { errorMap: () => ({ message: T.regime }) }),
  exemptionText: z
    .string({ required_error: T.exemptionRequired, invalid_type_error: T.exemptionRequired })
    .trim()
    .min(1, T.exemptionRequired)
    .max(EXEMPTION_TEXT_MAX, T.exemptionTooLong),
});

export type TaxSettingsInput = z.infer<typeof TaxSettingsSchema>;

function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A new row of the EU standard rates: a member state, its rate in percent ("25.5" or "25,5" → 2550 basis points), the day it takes effect. */
export const VatRateSchema = z.object({
  country: z
    .string({ required_error: T.country, invalid_type_error: T.country })
    .trim()
    .regex(/^[A-Za-z]{2}$/, T.country)
    .transform((code) => code.toUpperCase())
    .refine(isEuCountry, T.country),
  rate: typedAmount({ requiredText: T.rateRequired, formatText: T.rate, maxWholeDigits: 2 }).refine((bp) => bp <= VAT_RATE_MAX_BP, T.rate),
  effectiveFrom: z
    .string({ required_error: T.date, invalid_type_error: T.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, T.date)
    .refine(isCalendarDay, T.date),
});

export type VatRateInput = z.infer<typeof VatRateSchema>;
