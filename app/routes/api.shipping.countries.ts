import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listShippedCountries } from "~/domain/shipping/zones.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/shipping/countries: `{countries: [{code, name}]}`, every country a zone ships to, sorted by name. */
export function loader() {
  return apiHandler(async () => json({ countries: await listShippedCountries(db) }, { headers: { "Cache-Control": "no-cache" } }));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
