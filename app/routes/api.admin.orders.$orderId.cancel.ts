import { type ActionFunctionArgs } from "@remix-run/node";
import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { adminOrderAnswer } from "~/web/admin/orders-tab.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, requireIdParam } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/admin/orders/{orderId}/cancel (admin only: 401/403; the spec names no path for
 * the admin's cancel, this is ours): unpaid, paid or cancel_request → 'cancelled', the stock
 * the order holds and the loyalty points go back. Answers the updated order; 404 unknown,
 * 409 any other status or a payment being captured.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(params.orderId, "Order not found");
      await adminCancelOrder(db, id, { actor });
      return adminOrderAnswer(id);
    },
  });
}
