import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isOrderStatus } from "~/domain/orders/status";
import { listAdminOrders } from "~/domain/orders/fulfilment.server";
import { requireApiAdmin } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiHandler } from "~/web/http.server";

/**
 * GET /api/admin/orders (admin only: 401 guests, 403 customers) → {orders}, newest first:
 * id, email, total, status, statusLabel, createdAt, trackingNumber, itemCount. Optional
 * `?status=` (one of the order statuses) and `?q=` (order number or part of the e-mail).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const params = new URL(request.url).searchParams;
    const status = params.get("status");
    const { orders } = await listAdminOrders(db, {
      status: status && isOrderStatus(status) ? status : null,
      q: params.get("q")?.slice(0, 100) ?? null,
    });
    return json({ orders }, { headers: { "Cache-Control": "no-store" } });
  });
}
