import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listProductReviews } from "~/domain/reviews/reviews.server";
import { reviewListQueryFrom, ReviewListQuerySchema } from "~/domain/reviews/schemas";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError, parseValue, requireIdParam } from "~/web/http.server";
import { postReviewApi } from "~/web/reviews.server";

/**
 * GET /api/products/{id}/reviews[?limit=&offset=]: `{reviews, average, count}`, approved reviews
 * only, newest first (default the latest 10, at most 50 per call); 404 unknown product, 400
 * `{message}` for a limit or offset that is not a whole number in range.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = requireIdParam(params.id, "Product not found");
    const { limit, offset } = parseValue(reviewListQueryFrom(new URL(request.url).searchParams), ReviewListQuerySchema);
    const found = await listProductReviews(db, id, { limit, offset });
    if (!found) return jsonError("Product not found", 404);
    return json({
      reviews: found.reviews.map(({ repliedAt: _repliedAt, ...r }) => r),
      average: found.average,
      count: found.count,
    });
  });
}

/** POST /api/products/{id}/reviews `{rating, title?, text}` (JSON, or multipart with `photos`): 201 the pending review. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => postReviewApi(request, requireIdParam(params.id, "Product not found")),
  });
}
