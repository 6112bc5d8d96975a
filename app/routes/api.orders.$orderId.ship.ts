import { type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { shipOrder } from "~/domain/orders/fulfilment.server";
import { adminOrderAnswer } from "~/web/admin/orders-tab.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody, requireIdParam } from "~/web/http.server";

// Any JSON object: shipOrder checks the tracking number with TrackingNumberSchema, as for the forms.
const ShipBodySchema = z.object({ trackingNumber: z.unknown() });

export function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/orders/{orderId}/ship {trackingNumber} (admin only: 401/403): paid → 'shipped'
 * with the trimmed tracking number. Answers the updated order; 400 empty or too long tracking
 * number, 404 unknown order, 409 any other status.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(params.orderId, "Order not found");
      const body = await parseJsonBody(request, ShipBodySchema);
      await shipOrder(db, id, body.trackingNumber, actor);
      return adminOrderAnswer(id);
    },
  });
}
