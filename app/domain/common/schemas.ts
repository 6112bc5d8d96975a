import { z } from "zod";
import { parseTypedAmount, TYPED_AMOUNT_TEXT, typedAmountRegex } from "~/lib/money";

export interface TypedAmountOptions {
  /** The message for an empty field. */
  requiredText: string;
  /** The message for anything that is not a plain amount. */
  formatText?: string;
  maxWholeDigits?: number;
  /** A decimal comma ("12,50") is taken as a decimal point; off for API clients, which send "12.50". */
  comma?: boolean;
}

/**
 * A money amount typed as text ("12.50", "12,50", "12") into integer cents; every typed money
 * field's schema builds on it, so forms and the API share one rule. The regex is there for the
 * browser's own check (formConstraints reads it as the input's pattern).
 */
export function typedAmount({ requiredText, formatText = TYPED_AMOUNT_TEXT, maxWholeDigits = 7, comma = true }: TypedAmountOptions) {
  return z
    .string({ required_error: requiredText, invalid_type_error: formatText })
    .trim()
    .min(1, requiredText)
    .pipe(z.string().regex(typedAmountRegex(maxWholeDigits, comma), formatText))
    .transform((text, ctx) => {
      const parsed = parseTypedAmount(text, { maxWholeDigits, comma });
      if ("error" in parsed) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: formatText });
        return z.NEVER;
      }
      return parsed.cents;
    });
}
