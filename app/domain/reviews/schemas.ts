import { z } from "zod";
import { numberParam } from "~/domain/catalogue/schemas";
import { PRODUCT_PAGE_REVIEWS, REVIEW_LIMITS, REVIEW_STATUSES, REVIEW_TEXT } from "~/domain/reviews/texts";

// The words and limits live in texts.ts: components import them without zod (docs/decisions/no-zod-in-the-browser.md).
export * from "~/domain/reviews/texts";

/** A review as the form and the API send it (photos travel apart, as files). */
export const ReviewSchema = z.object({
  rating: z
    .number({ required_error: REVIEW_TEXT.ratingRange, invalid_type_error: REVIEW_TEXT.ratingRange })
    .int(REVIEW_TEXT.ratingRange)
    .min(1, REVIEW_TEXT.ratingRange)
    .max(5, REVIEW_TEXT.ratingRange),
  title: z.string({ invalid_type_error: REVIEW_TEXT.titleTooLong }).trim().max(REVIEW_LIMITS.title, REVIEW_TEXT.titleTooLong).nullish(),
  text: z
    .string({ required_error: REVIEW_TEXT.textRequired, invalid_type_error: REVIEW_TEXT.textRequired })
    .trim()
    .min(1, REVIEW_TEXT.textRequired)
    .max(REVIEW_LIMITS.text, REVIEW_TEXT.textTooLong),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;

/** The owner's decision on a review: its status, and her public reply ("" or null removes it). */
/** The most reviews GET /api/products/{id}/reviews answers at once. */
export const MAX_REVIEWS_PER_CALL = 50;

const wholeNumber = () => z.number({ invalid_type_error: "Must be a whole number" }).int("Must be a whole number");

/** The paging of GET /api/products/{id}/reviews, after `reviewListQueryFrom`: whole numbers in range, or 400, as GET /api/products. */
export const ReviewListQuerySchema = z.object({
  limit: wholeNumber().min(1, "Must be at least 1").max(MAX_REVIEWS_PER_CALL, `Must be at most ${MAX_REVIEWS_PER_CALL}`).default(PRODUCT_PAGE_REVIEWS),
  offset: wholeNumber().min(0, "Must be at least 0").max(1_000_000, "Too large").default(0),
});

/** The query string's paging as the schema's types (empty is absent; whole numbers become numbers, anything else stays text). */
export function reviewListQueryFrom(params: URLSearchParams): Record<string, unknown> {
  return { limit: numberParam(params.get("limit")), offset: numberParam(params.get("offset")) };
}

export const ModerateReviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { errorMap: () => ({ message: "Status must be pending, approved or hidden" }) }).optional(),
  reply: z.string({ invalid_type_error: "Reply must be text" }).trim().max(REVIEW_LIMITS.reply, REVIEW_TEXT.replyTooLong).nullish(),
});
export type ModerateReviewInput = z.infer<typeof ModerateReviewSchema>;

export const ReviewSettingsSchema = z.object({
  reviewRequestDays: z
    .number({ required_error: "Enter a number of days", invalid_type_error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(1, "At least 1 day")
    .max(120, "At most 120 days"),
});
export type ReviewSettingsInput = z.infer<typeof ReviewSettingsSchema>;
