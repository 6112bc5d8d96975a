import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/web/guards.server";
import { listLoyaltyHistory } from "~/domain/loyalty/loyalty.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/loyalty/history: the signed-in user's point events, newest first, as `{history}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const history = await listLoyaltyHistory(db, user.id);
    return json(
      {
        history: history.map(({ id, eventType, description, points, pointsAfter, createdAt }) => ({
          id,
          eventType,
          description,
          points,
          pointsAfter,
          createdAt,
        })),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
