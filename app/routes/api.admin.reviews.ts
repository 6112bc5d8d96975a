import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listReviewsForAdmin } from "~/domain/reviews/reviews.server";
import { REVIEW_STATUSES, type ReviewStatus } from "~/domain/reviews/schemas";
import { db } from "~/lib/db.server";
import { requireApiAdmin } from "~/web/guards.server";
import { apiAction, apiHandler, jsonError } from "~/web/http.server";

/** GET /api/admin/reviews?status=pending|approved|hidden[&page=] (admin: 401/403): that status's reviews, pending first-come. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const status = url.searchParams.get("status") ?? "pending";
    if (!(REVIEW_STATUSES as readonly string[]).includes(status)) return jsonError("status must be pending, approved or hidden", 400);
    const list = await listReviewsForAdmin(db, status as ReviewStatus, { page: Number(url.searchParams.get("page")) || 1 });
    return json(list, { headers: { "Cache-Control": "no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
