/** Reviews' words, limits and small helpers: browser-safe, no zod. */
import { type FieldConstraint } from "~/lib/field-constraint";

/** The shop's words about reviews (browser-safe: the forms and the API share them). */
export const REVIEW_TEXT = {
  ratingRange: "Choose a rating from 1 to 5 stars",
  textRequired: "Please write a few words about the piece",
  textTooLong: "Your review must be 2,000 characters or less",
  titleTooLong: "The title must be 120 characters or less",
  replyTooLong: "The reply must be 2,000 characters or less",
  thanks: "Thank you! Your review will appear once it is approved.",
  notBuyer: "Only customers who received this piece can review it.",
  duplicate: "You have already reviewed this piece.",
  signIn: "Please sign in to write a review.",
  productNotFound: "Product Not Found",
  reviewNotFound: "Review not found",
  tooManyPhotos: "You can add up to 3 photos.",
  photoRefused: (name: string) => `${name || "A photo"} is not a JPG, PNG or WebP image: nothing was saved. Please choose other photos.`,
  photoTooLarge: (name: string) => `${name || "A photo"} is larger than 10MB: nothing was saved.`,
  limited: "Too many reviews from your account or network.",
  verifiedOnly: "Reviews come only from verified buyers of this piece",
  approved: "Review approved",
  hidden: "Review hidden",
  replySaved: "Reply saved",
  replyCleared: "Reply removed",
  settingsSaved: "Review e-mail settings saved",
  unsubscribed: "You will get no more e-mails asking for reviews.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
} as const;

export const REVIEW_LIMITS = { title: 120, text: 2000, reply: 2000, photos: 3 } as const;

/** The review form's native constraints, computed on the server from ReviewSchema. */
export type ReviewFormConstraints = Record<"rating" | "title" | "text", FieldConstraint>;

/** How many approved reviews the product page shows; the rest are on /reviews?product=. */
export const PRODUCT_PAGE_REVIEWS = 10;
export const REVIEWS_PAGE_SIZE = 20;

export const REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_REQUEST_DEFAULT_DAYS = 14;

export const REVIEW_INTENTS = {
  write: "review-write",
  approve: "review-approve",
  hide: "review-hide",
  reply: "review-reply",
  settings: "review-settings",
} as const;

/** "4.8 out of 5, 12 reviews": what stars say to a screen reader. */
export function ratingLabel(average: number, count: number): string {
  return `${average.toFixed(1)} out of 5, ${count} review${count === 1 ? "" : "s"}`;
}

/** The average of `count` approved reviews whose ratings add up to `sum`, to one decimal. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}
