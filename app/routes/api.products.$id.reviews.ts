import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listProductReviews } from "~/domain/reviews/reviews.server";
import { PRODUCT_PAGE_REVIEWS } from "~/domain/reviews/schemas";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError, requireIdParam } from "~/web/http.server";
import { postReviewApi } from "~/web/reviews.server";

const MAX_LIMIT = 50;

/**
 * GET /api/products/{id}/reviews[?limit=&offset=]: `{reviews, average, count}`, approved reviews
 * only, newest first (default the latest 10, at most 50 per call); 404 unknown product.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = requireIdParam(params.id, "Product not found");
    const url = new URL(request.url);
    const limit = Math.min(MAX_LIMIT, Math.max(1, Number(url.searchParams.get("limit")) || PRODUCT_PAGE_REVIEWS));
    const offset = Math.max(0, Number(url.searchParams.get("offset")) || 0);
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
