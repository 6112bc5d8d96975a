import { z } from "zod";
import { typedAmount } from "~/domain/common/schemas";
import {
  COUNTRY_CODE_PATTERN,
  CUSTOMS_DESCRIPTION_MAX,
  CUSTOMS_TEXT as T,
  HS_CODE_PATTERN,
  isKnownCountryCode,
  WEIGHT_MAX_GRAMS,
  WEIGHT_MIN_GRAMS,
} from "~/domain/customs/texts";

// The customs fields, one copy for the product editor, the product API and the Settings card.

/** Whole grams, 1–20000. */
export const WeightGramsSchema = z
  .number({ required_error: T.weight, invalid_type_error: T.weight })
  .int(T.weight)
  .min(WEIGHT_MIN_GRAMS, T.weight)
  .max(WEIGHT_MAX_GRAMS, T.weight);

/** 6 to 10 digits: the HS subheading or a longer national tariff number. */
export const HsCodeSchema = z.string({ required_error: T.hsCode, invalid_type_error: T.hsCode }).trim().regex(HS_CODE_PATTERN, T.hsCode);

/** An ISO 3166-1 alpha-2 country code, stored upper case ('pl' → 'PL'). */
export const OriginCountrySchema = z
  .string({ required_error: T.originCountry, invalid_type_error: T.originCountry })
  .trim()
  .regex(COUNTRY_CODE_PATTERN, T.originCountry)
  .refine(isKnownCountryCode, T.originCountry)
  .transform((code) => code.toUpperCase());

/** What the contents are, as a customs officer reads it: 1–60 characters. */
export const CustomsDescriptionSchema = z
  .string({ required_error: T.descriptionRequired, invalid_type_error: T.descriptionRequired })
  .trim()
  .min(1, T.descriptionRequired)
  .max(CUSTOMS_DESCRIPTION_MAX, T.descriptionTooLong);

/**
 * A product's customs fields (the product schemas spread them). Left out on update: kept. Null:
 * the weight is not recorded; the other three follow the Settings' defaults.
 */
export const productCustomsFields = {
  weightGrams: WeightGramsSchema.nullable().optional(),
  hsCode: HsCodeSchema.nullable().optional(),
  originCountry: OriginCountrySchema.nullable().optional(),
  customsDescription: CustomsDescriptionSchema.nullable().optional(),
};

/** The Settings tab's customs card: the defaults and the CN22 limit (typed in dollars, with a point or a comma). */
export const CustomsSettingsSchema = z.object({
  hsCode: HsCodeSchema,
  originCountry: OriginCountrySchema,
  customsDescription: CustomsDescriptionSchema,
  cn22Limit: typedAmount({ requiredText: T.cn22LimitRequired, formatText: T.cn22LimitRequired, maxWholeDigits: 6 }).refine(
    (cents) => cents >= 100,
    T.cn22LimitMin,
  ),
});
export type CustomsSettingsInput = z.infer<typeof CustomsSettingsSchema>;
