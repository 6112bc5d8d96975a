import { type ActionFunctionArgs, json } from "@remix-run/node";
import { moderateReview } from "~/domain/reviews/reviews.server";
import { ModerateReviewSchema } from "~/domain/reviews/schemas";
import { db } from "~/lib/db.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { apiAction, methodNotAllowed, parseJsonBody, requireIdParam } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** PATCH /api/admin/reviews/{id} `{status?, reply?}` (admin: 401/403): the moderated review; 404 unknown id, 400 bad input. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(params.id, "Review not found");
      const input = await parseJsonBody(request, ModerateReviewSchema);
      return json(await moderateReview(db, id, input, actor), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
