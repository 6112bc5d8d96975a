import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { orderToApi } from "~/domain/orders/order-actions.server";
import { requireApiOrder } from "~/web/order-pages.server";
import { apiAction, apiHandler } from "~/web/http.server";

/**
 * GET /api/orders/{orderId}: the order for its signed-in owner, the guest session
 * that placed it, a holder of its token (?token=) or an admin; 404 `{message}` for anyone else.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const view = await requireApiOrder(request, params.orderId, new URL(request.url).searchParams.get("token"));
    return json(orderToApi(view), { headers: { "Cache-Control": "private, no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
