import { type ActionFunctionArgs } from "@remix-run/node";
import { buyerInvoiceAction } from "~/web/invoices.server";
import { methodNotAllowed } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/orders/{orderId}/invoice {buyerName, address, taxId?, token?}: the order's invoice for
 * whoever may read the order (its owner, its guest session, its token, an admin); 201 `{id, number,
 * url}`, 200 with the same for a second request, 404 for anyone else, 409 unpaid or too late.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return buyerInvoiceAction(request, params.orderId);
}
