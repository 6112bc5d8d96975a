import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { DomainError } from "~/domain/common/errors";
import { getStoreSettings } from "~/domain/common/settings.server";
import { findReviewPhotoFile } from "~/domain/reviews/photos.server";
import { createReview, getReviewFormState, listProductReviews, listReviewableItems } from "~/domain/reviews/reviews.server";
import { PRODUCT_PAGE_REVIEWS, REVIEW_INTENTS, REVIEW_TEXT, type ReviewInput, ReviewSchema } from "~/domain/reviews/schemas";
import { db } from "~/lib/db.server";
import { getUserId } from "~/web/session.server";
import { loginRedirect, requireAdminFile, requireApiUser, requireUser } from "~/web/guards.server";
import { getClientIp, isJsonRequest, jsonError, parseJsonBody, safeRedirect } from "~/web/http.server";
import { readMultipartForm } from "~/web/multipart.server";
import { respond } from "~/web/respond.server";
import { formConstraints } from "~/web/form-constraints.server";
import { i18nOf } from "~/i18n/i18n.server";
import { fileNotFound, imageFileResponse } from "~/web/upload-files.server";

/**
 * The two doors of a new review: the product page's multipart form (also posted from the order
 * details page, which names itself in `redirectTo`) and POST /api/products/{id}/reviews. Both
 * parse with ReviewSchema and call createReview.
 */

/** The page's answer to a refused review form: Conform's result, rendered again by the page. */
export interface ReviewFormReply {
  review: { result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null } };
}

/** The review form's native constraints, for the pages that show it (the product page, the order details page). */
export const REVIEW_CONSTRAINTS = formConstraints(ReviewSchema);

/** Whether a product-page post is the review form (it alone is sent as multipart). */
export function isReviewPost(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

function filesOf(form: FormData): File[] {
  return form.getAll("photos").filter((v): v is File => typeof v !== "string" && v.size > 0);
}

/** The review form of a product page; `here` is the page's own path. */
export async function handleReviewForm(request: Request, productId: number, here: string): Promise<Response> {
  const user = await requireUser(request, () => loginRedirect(here));
  let form: FormData;
  let tooLarge: { fileName: string }[];
  try {
    ({ form, tooLarge } = await readMultipartForm(request));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json<ReviewFormReply>({ review: { result: { error: { "": [error.message] } } } }, { status: error.status });
  }
  if (form.get("intent") !== REVIEW_INTENTS.write) throw jsonError("Unknown action", 400);
  const back = safeRedirect(form.get("redirectTo"), here);
  const submission = parseWithZod(form, { schema: ReviewSchema });
  if (submission.status !== "success") return json<ReviewFormReply>({ review: { result: submission.reply() } }, { status: 400 });
  if (tooLarge.length) {
    return json<ReviewFormReply>(
      { review: { result: submission.reply({ fieldErrors: { photos: [REVIEW_TEXT.photoTooLarge(tooLarge[0]!.fileName)] } }) } },
      { status: 413 },
    );
  }
  try {
    await createReview(db, { userId: user.id, productId, clientIp: getClientIp(request) }, submission.value, filesOf(form));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json<ReviewFormReply>({ review: { result: submission.reply(error.toConform()) } }, { status: error.status });
  }
  return respond(request, { redirectTo: back, toast: { title: i18nOf(request).text(REVIEW_TEXT.thanks), type: "success" } });
}

/** POST /api/products/{id}/reviews: JSON, or multipart with `photos`. */
export async function postReviewApi(request: Request, productId: number): Promise<Response> {
  const user = await requireApiUser(request);
  let input: ReviewInput;
  let files: File[] = [];
  if (isJsonRequest(request)) {
    input = await parseJsonBody(request, ReviewSchema);
  } else {
    const { form, tooLarge } = await readMultipartForm(request);
    const submission = parseWithZod(form, { schema: ReviewSchema });
    if (submission.status !== "success") {
      const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])));
      const [field, messages] = Object.entries(errors)[0] ?? ["", ["Invalid input"]];
      throw jsonError(`${field ? `${field}: ` : ""}${messages[0]}`, 400, errors);
    }
    if (tooLarge.length) throw jsonError(REVIEW_TEXT.photoTooLarge(tooLarge[0]!.fileName), 413);
    input = submission.value;
    files = filesOf(form);
  }
  const review = await createReview(db, { userId: user.id, productId, clientIp: getClientIp(request) }, input, files);
  return json({ ...review, status: "pending" as const }, { status: 201 });
}

/** What the product page needs for its reviews section: the latest approved reviews and this visitor's form state. */
export async function loadProductReviews(productId: number, userId: number | null) {
  const [list, formState, store] = await Promise.all([
    listProductReviews(db, productId, { limit: PRODUCT_PAGE_REVIEWS }),
    getReviewFormState(db, userId, productId),
    getStoreSettings(db),
  ]);
  return {
    reviews: { average: list?.average ?? 0, count: list?.count ?? 0, reviews: list?.reviews ?? [], formState, constraints: REVIEW_CONSTRAINTS },
    storeName: store.name,
  };
}

/** The order details page's review forms: only for the signed-in buyer's own shipped or delivered order. */
export async function reviewableFor(request: Request, orderId: number) {
  const userId = await getUserId(request);
  return userId === null ? [] : listReviewableItems(db, userId, orderId);
}

/**
 * Whoever may see an approved review may keep its photo a few minutes: hiding the review stops
 * it within that time, where a year-long immutable copy would outlive the owner's decision.
 */
const APPROVED_PHOTO_CACHE = "public, max-age=300";

/**
 * GET /uploads/reviews/<file> and /uploads/reviews/thumbs/thumb-<file>: the photo while its
 * review is approved; before approval and once hidden only to the owner (moderation), never
 * kept by a cache; 404 to everyone else and for a photo no review holds.
 */
export async function serveReviewPhoto(request: Request, rest: string): Promise<Response> {
  const found = await findReviewPhotoFile(db, rest);
  if (!found) return fileNotFound();
  if (found.status === "approved") return imageFileResponse(request, found.file, APPROVED_PHOTO_CACHE);
  await requireAdminFile(request);
  return imageFileResponse(request, found.file, "private, no-store");
}
