import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiOrderAccess, withPaymentErrors } from "~/web/payment-routes.server";
import { validateOrderStock } from "~/domain/payments/payments.server";
import { OrderTokenSchema } from "~/domain/payments/schemas";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/orders/{orderId}/validate-stock: `{hasStockIssues, message}` for the order's lines against current stock. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: () =>
      withPaymentErrors(async () => {
        const body = await parseJsonBody(request, OrderTokenSchema);
        const orderId = await requireApiOrderAccess(request, params.orderId, typeof body.token === "string" ? body.token : null);
        return json(await validateOrderStock(db, orderId), { headers: { "Cache-Control": "no-store" } });
      }),
  });
}
