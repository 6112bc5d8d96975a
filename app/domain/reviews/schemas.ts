import { z } from "zod";
import { REVIEW_LIMITS, REVIEW_STATUSES, REVIEW_TEXT } from "~/domain/reviews/texts";

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
