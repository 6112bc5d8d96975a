import { z } from "zod";
import { MAX_DESCRIPTION, MAX_TITLE } from "~/domain/catalogue/product-texts";
import { MAX_MATERIALS, MAX_SAFETY_NOTICE, SAFETY_TEXT } from "~/domain/legal/product-safety";

// The owner's Polish texts of products and categories: one schema for the editor's form and the
// admin API (browser-safe). The limits are the English fields' own.

/** The languages the owner writes her own texts in besides English. */
export const TEXT_LOCALES = ["pl"] as const;
export type TextLocale = (typeof TEXT_LOCALES)[number];

export const PRODUCT_TEXT_FIELDS = ["title", "description", "materials", "safetyNotice"] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];
export type ProductTexts = Record<ProductTextField, string>;

export const CATEGORY_TEXT_FIELDS = ["name", "description"] as const;
export type CategoryTextField = (typeof CATEGORY_TEXT_FIELDS)[number];
export type CategoryTexts = Record<CategoryTextField, string>;

export const MAX_CATEGORY_NAME = 60;
export const MAX_CATEGORY_DESCRIPTION = 1000;

export const EMPTY_PRODUCT_TEXTS: ProductTexts = { title: "", description: "", materials: "", safetyNotice: "" };
export const EMPTY_CATEGORY_TEXTS: CategoryTexts = { name: "", description: "" };

/** A text of the translation: trimmed; null or left out of the JSON means empty or kept (see below). */
const text = (max: number, message: string) => z.string({ invalid_type_error: message }).trim().max(max, message).nullable().optional();

/**
 * `translations.pl` of a product: a field left out keeps what is stored, "" or null empties it
 * (the page then shows the English text).
 */
export const ProductTranslationSchema = z.object({
  title: text(MAX_TITLE, `Title must be ${MAX_TITLE} characters or less`),
  description: text(MAX_DESCRIPTION, `Description must be ${MAX_DESCRIPTION} characters or less`),
  materials: text(MAX_MATERIALS, SAFETY_TEXT.materialsTooLong),
  safetyNotice: text(MAX_SAFETY_NOTICE, SAFETY_TEXT.safetyNoticeTooLong),
});
export type ProductTranslationInput = z.infer<typeof ProductTranslationSchema>;

export const CategoryTranslationSchema = z.object({
  name: text(MAX_CATEGORY_NAME, `Name must be ${MAX_CATEGORY_NAME} characters or less`),
  description: text(MAX_CATEGORY_DESCRIPTION, `Description must be ${MAX_CATEGORY_DESCRIPTION} characters or less`),
});
export type CategoryTranslationInput = z.infer<typeof CategoryTranslationSchema>;

/** Spread into the product schemas: `translations` left out keeps the stored ones. */
export const productTranslationFields = {
  translations: z.object({ pl: ProductTranslationSchema.optional() }).strict("Only Polish (pl) translations are accepted").optional(),
};

/** Spread into the category schemas. */
export const categoryTranslationFields = {
  translations: z.object({ pl: CategoryTranslationSchema.optional() }).strict("Only Polish (pl) translations are accepted").optional(),
};

/** Every field of a product's translation, a left-out one empty (the form sends every field: empty means cleared). */
export function fullProductTexts(input: ProductTranslationInput | undefined): ProductTexts {
  return {
    title: input?.title ?? "",
    description: input?.description ?? "",
    materials: input?.materials ?? "",
    safetyNotice: input?.safetyNotice ?? "",
  };
}

export function fullCategoryTexts(input: CategoryTranslationInput | undefined): CategoryTexts {
  return { name: input?.name ?? "", description: input?.description ?? "" };
}
