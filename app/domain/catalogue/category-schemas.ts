import { z } from "zod";
import { categoryTranslationFields } from "~/domain/catalogue/translations";

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
  /** The owner's Polish name and description `{pl: {name, description}}`; left out: kept. */
  ...categoryTranslationFields,
});
export type CategoryInput = z.infer<typeof CategorySchema>;

export const UpdateCategorySchema = CategorySchema.extend({ id: z.number().int().positive() });
export type UpdateCategoryInput = z.infer<typeof UpdateCategorySchema>;

export const CategoryIdSchema = z.object({ id: z.number().int().positive() });
