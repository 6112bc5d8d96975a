import { type ActionFunctionArgs, json } from "@remix-run/node";
import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { getOptionalUser } from "~/web/guards.server";
import { actorOf } from "~/web/actor.server";
import { db } from "~/lib/db.server";
import { cancelOrderForCustomer, orderToApi } from "~/domain/orders/order-actions.server";
import { requireApiOrder } from "~/web/order-pages.server";
import { getOrderView } from "~/domain/orders/orders.server";
import { apiAction, jsonError, methodNotAllowed } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/orders/{orderId}/cancel (?token= for a guest's link): an unpaid order is
 * cancelled ('unpaidcancelled', reserved stock and spent points given back), a paid one gets a
 * cancellation request ('cancel_request'); any other status 409. Answers the updated order.
 * Only the owner, the guest session, a token holder or an admin; anyone else 404.
 * An admin's call is the admin's Cancel (the spec's admin uses this same call): a paid order is
 * refunded through PayPal and cancelled, stock and points back; an unpaid one 'unpaidcancelled'.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const view = await requireApiOrder(request, params.orderId, new URL(request.url).searchParams.get("token"));
      const user = await getOptionalUser(request);
      if (user?.isAdmin) await adminCancelOrder(db, view.id, { actor: actorOf(user, request) });
      else await cancelOrderForCustomer(db, view.id);
      const updated = await getOrderView(db, view.id);
      if (!updated) throw jsonError("Order not found", 404);
      return json(orderToApi(updated), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
