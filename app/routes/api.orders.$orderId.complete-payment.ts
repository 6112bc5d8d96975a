import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiOrderAccess, withPaymentErrors } from "~/web/payment-routes.server";
import { completePayment } from "~/domain/payments/payments.server";
import { CompletePaymentSchema } from "~/domain/payments/schemas";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/orders/{orderId}/complete-payment {paypalOrderId, status: 'paid'}: the order is paid
 * only once the server has captured (or found captured) exactly its total at PayPal.
 * Idempotent; answers `{id, confirmationToken}`.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: () =>
      withPaymentErrors(async () => {
        const input = await parseJsonBody(request, CompletePaymentSchema);
        const orderId = await requireApiOrderAccess(request, params.orderId, input.token);
        const result = await completePayment(db, orderId, input.paypalOrderId);
        return json({ id: result.id, confirmationToken: result.confirmationToken }, { headers: { "Cache-Control": "no-store" } });
      }),
  });
}
