import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getLoyaltyConfig } from "~/domain/loyalty/loyalty.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/loyalty/config: the shop's points rules `{pointsRules}` (public; section-9 defaults when unset). */
export async function loader() {
  return apiHandler(async () => json({ pointsRules: await getLoyaltyConfig(db) }, { headers: { "Cache-Control": "no-cache" } }));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
