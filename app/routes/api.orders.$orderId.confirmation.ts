import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { orderToApi } from "~/domain/orders/order-actions.server";
import { requireApiOrder } from "~/web/order-pages.server";
import { ORDER_TEXT } from "~/domain/orders/page-data";
import { apiAction, apiHandler, jsonError } from "~/web/http.server";

/**
 * GET /api/orders/{orderId}/confirmation?token=: the order. 400 'Confirmation token is
 * required' without a token; 404 when the token (or the visitor) opens nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const token = new URL(request.url).searchParams.get("token");
    if (!token) throw jsonError(ORDER_TEXT.tokenRequired, 400);
    const view = await requireApiOrder(request, params.orderId, token);
    return json(orderToApi(view), { headers: { "Cache-Control": "private, no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
