import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { ShippingZonesPutSchema } from "~/domain/shipping/schemas";
import { listShippingZones, replaceShippingZones, shippingZoneJson } from "~/domain/shipping/zones.server";
import { db } from "~/lib/db.server";
import { requireApiAdmin, requireApiAdminActor } from "~/web/guards.server";
import { apiAction, apiHandler, parseJsonBody } from "~/web/http.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/admin/shipping-zones (admin: 401/403): `{zones}` in the owner's order. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json({ zones: (await listShippingZones(db)).map(shippingZoneJson) }, { headers: NO_STORE });
  });
}

/**
 * PUT /api/admin/shipping-zones `{zones}` (admin: 401/403): the zones become exactly these, in one
 * transaction with one activity row, and are answered as GET answers them. 400 `{message, errors}`
 * for a country in two zones, an unknown code, a negative or malformed price, a name twice; 404
 * for an `id` that is no zone.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    PUT: async () => {
      const actor = await requireApiAdminActor(request);
      const input = await parseJsonBody(request, ShippingZonesPutSchema);
      const zones = await replaceShippingZones(db, input, actor);
      return json({ zones: zones.map(shippingZoneJson) }, { headers: NO_STORE });
    },
  });
}
