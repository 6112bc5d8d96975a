import { type ActionFunctionArgs, json } from "@remix-run/node";
import { cancelOrderAs } from "~/domain/orders/cancel.server";
import { getOrderViewer } from "~/web/guards.server";
import { requestActor } from "~/web/actor.server";
import { db } from "~/lib/db.server";
import { orderToApi } from "~/domain/orders/order-actions.server";
import { parseOrderId } from "~/web/order-pages.server";
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
      const orderId = parseOrderId(params.orderId);
      if (orderId === null) throw jsonError("Order not found", 404);
      const viewer = await getOrderViewer(request, new URL(request.url).searchParams.get("token"));
      await cancelOrderAs(db, orderId, { viewer, actor: await requestActor(request) });
      const updated = await getOrderView(db, orderId);
      if (!updated) throw jsonError("Order not found", 404);
      return json(orderToApi(updated), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
