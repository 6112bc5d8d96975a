import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { AwardPointsSchema } from "~/domain/loyalty/schemas";
import { awardPoints } from "~/domain/loyalty/awards.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/loyalty/admin/award {email, points} (admin only: 401/403): adds the points with an
 * admin_reward history event; answers {email, points, loyaltyPoints}; 400 bad input, 404 unknown e-mail.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const actor = await requireApiAdminActor(request);
      const input = await parseJsonBody(request, AwardPointsSchema);
      return json(await awardPoints(db, input, actor));
    },
  });
}
