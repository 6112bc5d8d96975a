import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { orderToApi } from "~/domain/orders/order-actions.server";
import { requireApiOrder } from "~/web/order-pages.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/orders/{orderId}/details?token=: the order for a token holder, its owner, its guest session or an admin; else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const view = await requireApiOrder(request, params.orderId, new URL(request.url).searchParams.get("token"));
    return json(orderToApi(view), { headers: { "Cache-Control": "private, no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
