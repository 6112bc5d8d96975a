import { getSetting } from "~/domain/common/settings.server";
import { type Actor, saveLoggedSetting } from "~/domain/ops/activity.server";
import { REVIEW_REQUEST_DEFAULT_DAYS, type ReviewSettingsInput } from "~/domain/reviews/schemas";
import { type DB } from "~/lib/sqlite.server";

/** Settings key 'reviews': `reviewRequestDays`, the days after delivery before the review request e-mail. */
export const REVIEW_SETTINGS_KEY = "reviews";
const DEFAULTS: ReviewSettingsInput = { reviewRequestDays: REVIEW_REQUEST_DEFAULT_DAYS };

export async function getReviewSettings(db: DB): Promise<ReviewSettingsInput> {
  const value = await getSetting(db, REVIEW_SETTINGS_KEY, DEFAULTS);
  const days = Number(value.reviewRequestDays);
  return { reviewRequestDays: Number.isInteger(days) && days >= 1 ? days : REVIEW_REQUEST_DEFAULT_DAYS };
}

/** Saves the settings with their activity row (one transaction). */
export async function saveReviewSettings(db: DB, input: ReviewSettingsInput, actor: Actor): Promise<void> {
  await saveLoggedSetting(
    db,
    REVIEW_SETTINGS_KEY,
    { reviewRequestDays: input.reviewRequestDays },
    {
      actor,
      kind: "settings.reviews",
      summary: `Review request e-mail: ${input.reviewRequestDays} days after delivery`,
      defaults: DEFAULTS,
    },
  );
}
