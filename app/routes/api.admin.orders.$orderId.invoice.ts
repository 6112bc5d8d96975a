import { type ActionFunctionArgs } from "@remix-run/node";
import { adminInvoiceAction } from "~/web/invoices.server";
import { methodNotAllowed } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/admin/orders/{orderId}/invoice {buyerName, address, taxId?} (admin only): 201 `{id, number, url}`, 200 when it has one. */
export function action({ request, params }: ActionFunctionArgs) {
  return adminInvoiceAction(request, params.orderId);
}
