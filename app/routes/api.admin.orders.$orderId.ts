import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getAdminOrder } from "~/domain/orders/fulfilment.server";
import { requireApiAdmin } from "~/web/guards.server";
import { orderToApi } from "~/domain/orders/order-actions.server";
import { db } from "~/lib/db.server";
import { readOrderRecords } from "~/domain/records/tax.server";
import { apiHandler, jsonError, requireIdParam } from "~/web/http.server";

/** GET /api/admin/orders/{orderId} (admin only: 401/403) → the order with its `tax` and `pln` records; 404 for an unknown id. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = requireIdParam(params.orderId, "Order not found");
    const view = await getAdminOrder(db, id);
    if (!view) throw jsonError("Order not found", 404);
    // The owner's JSON carries the accountant's records beside the order (docs/tax.md).
    return json({ ...orderToApi(view), ...(await readOrderRecords(db, id)) }, { headers: { "Cache-Control": "no-store" } });
  });
}
