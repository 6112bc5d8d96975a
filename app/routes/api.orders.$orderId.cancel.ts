import { type ActionFunctionArgs, json } from "@remix-run/node";
import { db } from "~/lib/db.server";
import { cancelOrderForCustomer, orderToApi } from "~/domain/orders/order-actions.server";
import { requireApiOrder } from "~/domain/orders/order-pages.server";
import { getOrderView } from "~/domain/orders/orders.server";
import { apiAction, jsonError, methodNotAllowed } from "~/lib/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/orders/{orderId}/cancel (?token= for a guest's link): an unpaid order is
 * cancelled ('unpaidcancelled', reserved stock and spent points given back), a paid one gets a
 * cancellation request ('cancel_request'); any other status 409. Answers the updated order.
 * Only the owner, the guest session, a token holder or an admin; anyone else 404.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const view = await requireApiOrder(request, params.orderId, new URL(request.url).searchParams.get("token"));
      await cancelOrderForCustomer(db, view.id);
      const updated = await getOrderView(db, view.id);
      if (!updated) throw jsonError("Order not found", 404);
      return json(orderToApi(updated), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
