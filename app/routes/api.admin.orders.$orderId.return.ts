import { type ActionFunctionArgs } from "@remix-run/node";
import { returnOrder } from "~/domain/orders/fulfilment.server";
import { adminOrderAnswer } from "~/web/admin/orders-tab.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, requireIdParam } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/admin/orders/{orderId}/return (admin only: 401/403): shipped or delivered →
 * 'returned', the spec's payload-free call: every item back in stock and the suggested refund
 * (what the items still out were paid, less their share of the discounts) through PayPal, points earned on it taken back (returnOrder).
 * Answers the updated order; 404 unknown, 409 any other status.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(params.orderId, "Order not found");
      await returnOrder(db, id, { actor });
      return adminOrderAnswer(id);
    },
  });
}
