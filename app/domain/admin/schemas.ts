import { z } from "zod";
import { MAX_AWARD_POINTS, STORE_TEXT } from "~/domain/admin/store-texts";

/** Award loyalty points by e-mail: the Loyalty tab's form and POST /api/loyalty/admin/award. */
export const AwardPointsSchema = z.object({
  email: z
    .string({ required_error: STORE_TEXT.awardMissing, invalid_type_error: STORE_TEXT.awardMissing })
    .trim()
    .min(1, STORE_TEXT.awardMissing)
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
  points: z
    .number({ required_error: STORE_TEXT.awardMissing, invalid_type_error: STORE_TEXT.awardPositive })
    .int(STORE_TEXT.awardPositive)
    .positive(STORE_TEXT.awardPositive)
    .max(MAX_AWARD_POINTS, STORE_TEXT.awardTooMany),
});
export type AwardPointsInput = z.infer<typeof AwardPointsSchema>;

const SORT_ORDER = "Sort order must be a whole number of 0 or more";

/** Add category: an empty slug is generated from the name. */
export const CategorySchema = z.object({
  name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(60, "Name must be 60 characters or less"),
  slug: z
    .string()
    .trim()
    .max(80, "Slug must be 80 characters or less")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug may use only lowercase letters, numbers and single hyphens")
    .optional(),
  parentId: z.number({ invalid_type_error: "Choose a parent category" }).int().positive().nullable().optional(),
  sortOrder: z.number({ invalid_type_error: SORT_ORDER }).int(SORT_ORDER).min(0, SORT_ORDER).max(9999, "Sort order must be 9999 or less").optional(),
  isActive: z.boolean().optional(),
});
export type CategoryInput = z.infer<typeof CategorySchema>;

export const UpdateCategorySchema = CategorySchema.extend({ id: z.number().int().positive() });
export type UpdateCategoryInput = z.infer<typeof UpdateCategorySchema>;

export const CategoryIdSchema = z.object({ id: z.number().int().positive() });

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
