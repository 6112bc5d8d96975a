import { z } from "zod";
import { PAGE_BODY_MAX, PAGE_TITLE_MAX } from "~/domain/pages/slugs";
import { LOCALES } from "~/i18n/locales";

/**
 * Save a page: the editor's form (`title`, `body`) and `PUT /api/admin/pages/{slug}`. A title
 * left out keeps the current one.
 */
export const SavePageSchema = z.object({
  title: z
    .string({ invalid_type_error: "Title must be text" })
    .trim()
    .min(1, "Title is required")
    .max(PAGE_TITLE_MAX, `Title must be ${PAGE_TITLE_MAX} characters or less`)
    .optional(),
  body: z
    .string({ required_error: "The page needs some text", invalid_type_error: "The page's text must be text" })
    .max(PAGE_BODY_MAX, `The text must be ${PAGE_BODY_MAX.toLocaleString("en-US")} characters or less`)
    .refine((s) => s.trim().length > 0, "The page needs some text"),
});
export type SavePageInput = z.infer<typeof SavePageSchema>;

export const PAGE_LOCALE_ERROR = `Language must be one of: ${LOCALES.join(", ")}`;

/** The language of an owner's page or of the home texts: one of the shop's languages. */
export const PageLocaleSchema = z.enum(LOCALES, { errorMap: () => ({ message: PAGE_LOCALE_ERROR }) });

/** `PUT /api/admin/pages/{slug} {title?, body, locale?}`: the editor's fields and the language saved (English when left out). */
export const SavePageApiSchema = SavePageSchema.extend({ locale: PageLocaleSchema.optional() });

/** Restore an old version (the editor's Versions list). */
export const RestoreVersionSchema = z.object({
  versionId: z.number({ required_error: "Version not found", invalid_type_error: "Version not found" }).int().positive("Version not found"),
});

/** The live preview: Markdown in, HTML out (nothing saved). */
export const PreviewSchema = z.object({
  body: z.string().max(PAGE_BODY_MAX, `The text must be ${PAGE_BODY_MAX.toLocaleString("en-US")} characters or less`),
});

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or less`);
const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .optional();

const WEB_ADDRESS = "Enter a web address starting with https:// or http://";

/** The home page's texts (the Pages tab's 'Home page' form). A reviews claim needs its source. */
export const HomeTextsSchema = z
  .object({
    heroTitle: text("Hero title", 80),
    heroLine: text("Hero line", 300),
    shippingTitle: text("Banner headline", 60),
    shippingText: optionalText("Banner text", 200),
    value1Title: text("First value title", 60),
    value1Text: text("First value text", 300),
    value2Title: text("Second value title", 60),
    value2Text: text("Second value text", 300),
    value3Title: text("Third value title", 60),
    value3Text: text("Third value text", 300),
    reviewsClaim: optionalText("Reviews claim", 80),
    reviewsSourceUrl: z
      .string({ invalid_type_error: WEB_ADDRESS })
      .trim()
      .max(500, "The web address must be 500 characters or less")
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, WEB_ADDRESS)
      .optional(),
    reviewsSourceLabel: optionalText("Link text", 80),
  })
  .superRefine((value, ctx) => {
    if (!value.reviewsClaim) return;
    if (!value.reviewsSourceUrl) {
      ctx.addIssue({ code: "custom", path: ["reviewsSourceUrl"], message: "Say where the reviews can be read: a reviews claim needs its source" });
    }
    if (!value.reviewsSourceLabel) ctx.addIssue({ code: "custom", path: ["reviewsSourceLabel"], message: "Link text is required with a reviews claim" });
  });
export type HomeTextsInput = z.infer<typeof HomeTextsSchema>;

export const PAGE_PHOTO_TEXT = {
  choose: "Choose a photo to upload",
  altRequired: "Describe the photo in a few words (for people who cannot see it)",
  altTooLong: "The description must be 200 characters or less",
  invalidType: "Upload a JPG, PNG or WebP photo",
  tooLarge: "The photo is too large: upload one smaller than 10 MB",
  tooManyPixels: "The photo has too many pixels: upload one under 50 megapixels",
} as const;

/**
 * A photo for the owner's pages: the page editor's 'Add photo' (multipart, works without
 * JavaScript) and `POST /api/admin/pages/photos`. The file's content is checked by the domain.
 */
export const PagePhotoSchema = z.object({
  // Checked by shape at parse time: the server's fetch polyfill may hand over its own File class.
  photo: z.custom<File>(
    (v) => typeof v === "object" && v !== null && typeof (v as Blob).arrayBuffer === "function" && (v as Blob).size > 0,
    PAGE_PHOTO_TEXT.choose,
  ),
  alt: z
    .string({ required_error: PAGE_PHOTO_TEXT.altRequired, invalid_type_error: PAGE_PHOTO_TEXT.altRequired })
    .trim()
    .min(1, PAGE_PHOTO_TEXT.altRequired)
    .max(200, PAGE_PHOTO_TEXT.altTooLong),
});
export type PagePhotoInput = z.infer<typeof PagePhotoSchema>;
