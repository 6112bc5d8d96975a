import { type ActionFunctionArgs } from "@remix-run/node";
import { adminOrderAnswer } from "~/web/admin/orders-tab.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { resolvePaymentReversal } from "~/domain/payments/reversals.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, requireIdParam } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/admin/orders/{orderId}/resolve (admin only: 401/403; ours, like the admin's cancel):
 * a 'payment_reversed' order goes back to the status it had before PayPal reversed or disputed
 * its payment. Answers the updated order; 404 unknown, 409 any other status.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(params.orderId, "Order not found");
      await resolvePaymentReversal(db, id, actor);
      return adminOrderAnswer(id);
    },
  });
}
