import { z } from "zod";
import { typedAmount } from "~/domain/common/schemas";
import { centsToDecimal } from "~/lib/money";

/** The Settings tab: store name, contact e-mail and description. */
export const StoreSettingsSchema = z.object({
  name: z.string({ required_error: "Store name is required" }).trim().min(1, "Store name is required").max(80, "Store name must be 80 characters or less"),
  email: z
    .string({ required_error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
  description: z.string().trim().max(300, "Description must be 300 characters or less").optional(),
});
export type StoreSettingsInput = z.infer<typeof StoreSettingsSchema>;

/** The Settings tab's seller card: the legal identity shown in the footer, on products and in order e-mails. */
export const LegalSettingsSchema = z.object({
  legalName: z
    .string({ required_error: "Legal name is required" })
    .trim()
    .min(1, "Legal name is required")
    .max(120, "Legal name must be 120 characters or less"),
  address: z
    .string({ required_error: "Postal address is required" })
    .trim()
    .min(1, "Postal address is required")
    .max(300, "Postal address must be 300 characters or less"),
  email: z
    .string({ required_error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
  phone: z
    .string()
    .trim()
    .max(40, "Phone must be 40 characters or less")
    .regex(/^[+()\d\s./-]*$/, "Phone may use only digits, spaces and + ( ) - . /")
    .optional(),
  vatLine: z.string().trim().max(120, "VAT line must be 120 characters or less").optional(),
  safetyNotice: z
    .string({ required_error: "Safety notice is required" })
    .trim()
    .min(1, "Safety notice is required")
    .max(300, "Safety notice must be 300 characters or less"),
  orderRetentionYears: z
    .number({ required_error: "Retention period is required", invalid_type_error: "Retention period must be a whole number of years" })
    .int("Retention period must be a whole number of years")
    .min(1, "Retention period must be between 1 and 20 years")
    .max(20, "Retention period must be between 1 and 20 years"),
});
export type LegalSettingsInput = z.infer<typeof LegalSettingsSchema>;

/** An amount in dollars as typed ("7.50" or "7,50"), within [min, 100000]; the rules keep dollars. */
const dollars = (label: string, minCents: number) =>
  typedAmount({ requiredText: `${label} is required`, maxWholeDigits: 6 })
    .refine((cents) => cents >= minCents, `${label} must be ${centsToDecimal(minCents).replace(/\.00$/, "")} or more`)
    .refine((cents) => cents <= 100_000_00, `${label} must be 100000 or less`)
    .transform((cents) => cents / 100);

/** The Settings tab's loyalty rules (in dollars and points). */
export const LoyaltySettingsSchema = z.object({
  dollarsPerPoint: dollars("Dollars per point", 1),
  minimumOrderForPoints: dollars("Minimum order for points", 0),
  pointsRequired: z
    .number({ required_error: "Points required is required", invalid_type_error: "Points required must be a whole number" })
    .int("Points required must be a whole number")
    .min(1, "Points required must be 1 or more")
    .max(1_000_000, "Points required must be 1000000 or less"),
  discountAmount: dollars("Discount amount", 0),
  minimumOrderValue: dollars("Minimum order for the discount", 0),
});
export type LoyaltySettingsInput = z.infer<typeof LoyaltySettingsSchema>;
