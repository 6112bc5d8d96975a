// The admin's Reviews tab (/admin?tab=reviews&status=): moderation, the reply, and the review e-mail setting.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { DomainError } from "~/domain/common/errors";
import { listReviewsForAdmin, moderateReview } from "~/domain/reviews/reviews.server";
import { ModerateReviewSchema, REVIEW_INTENTS, REVIEW_STATUSES, REVIEW_TEXT, type ReviewStatus, ReviewSettingsSchema } from "~/domain/reviews/schemas";
import { saveReviewSettings } from "~/domain/reviews/settings.server";
import { db as sharedDb } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { requestActor } from "~/web/actor.server";
import { redirectWithToast } from "~/web/toast.server";
import { safeRedirect } from "~/web/http.server";
import { formConstraints } from "~/web/form-constraints.server";

export const REVIEWS_TAB_URL = "/admin?tab=reviews";

function statusOf(value: string | null): ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(value ?? "") ? (value as ReviewStatus) : "pending";
}

export async function loadReviewsTab(db: DB, url: URL) {
  const status = statusOf(url.searchParams.get("status"));
  const list = await listReviewsForAdmin(db, status, { page: Number(url.searchParams.get("page")) || 1 });
  return { status, ...list, replyConstraint: formConstraints(ModerateReviewSchema).reply };
}

export type ReviewsTabData = Awaited<ReturnType<typeof loadReviewsTab>>;

const TAB_INTENTS = [REVIEW_INTENTS.approve, REVIEW_INTENTS.hide, REVIEW_INTENTS.reply, REVIEW_INTENTS.settings] as string[];

/** Handles the Reviews tab's intents and the review setting (the caller has checked the admin); null for any other intent. */
export async function reviewsTabAction(request: Request, formData: FormData, intent: string, db: DB = sharedDb): Promise<Response | null> {
  if (!TAB_INTENTS.includes(intent)) return null;
  const actor = await requestActor(request);
  if (intent === REVIEW_INTENTS.settings) {
    const submission = parseWithZod(formData, { schema: ReviewSettingsSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await saveReviewSettings(db, submission.value, actor);
    return redirectWithToast("/admin?tab=settings", { title: REVIEW_TEXT.settingsSaved, type: "success" });
  }
  const back = safeRedirect(formData.get("redirectTo"), REVIEWS_TAB_URL);
  const id = Number(formData.get("reviewId"));
  if (!Number.isInteger(id) || id < 1) return redirectWithToast(back, { title: REVIEW_TEXT.reviewNotFound, type: "error" });
  const fields =
    intent === REVIEW_INTENTS.reply ? { reply: String(formData.get("reply") ?? "") } : { status: intent === REVIEW_INTENTS.approve ? "approved" : "hidden" };
  const parsed = ModerateReviewSchema.safeParse(fields);
  if (!parsed.success) return redirectWithToast(back, { title: parsed.error.issues[0]?.message ?? "Invalid input", type: "error" });
  try {
    await moderateReview(db, id, parsed.data, actor);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(back, { title: error.message, type: "error" });
  }
  const title =
    intent === REVIEW_INTENTS.approve
      ? REVIEW_TEXT.approved
      : intent === REVIEW_INTENTS.hide
        ? REVIEW_TEXT.hidden
        : parsed.data.reply
          ? REVIEW_TEXT.replySaved
          : REVIEW_TEXT.replyCleared;
  return redirectWithToast(back, { title, type: "success" });
}
