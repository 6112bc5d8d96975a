import { type ActionFunctionArgs, json } from "@remix-run/node";
import { isPaypalOrderId } from "~/lib/paypal-client.server";
import { requireApiOrderAccess, withPaymentErrors } from "~/web/payment-routes.server";
import { findOrderIdByPaypalOrder } from "~/domain/payments/attempts.server";
import { completePayment } from "~/domain/payments/payments.server";
import { OrderTokenSchema } from "~/domain/payments/schemas";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/paypal/order/{id}/capture: captures the PayPal order for the shop order it was
 * created for (the caller must be allowed to see that order) and records the payment, exactly
 * like complete-payment. Answers `{id, status, orderId, confirmationToken, captureId}`.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: () =>
      withPaymentErrors(async () => {
        const paypalOrderId = params.id ?? "";
        const body = await parseJsonBody(request, OrderTokenSchema);
        // PayPal's ids are upper-case letters and digits: anything else never reaches PayPal.
        if (!isPaypalOrderId(paypalOrderId)) throw jsonError("Not a valid PayPal order id", 400);
        const orderId = await findOrderIdByPaypalOrder(db, paypalOrderId);
        if (orderId === null) throw jsonError("PayPal order not found", 404);
        await requireApiOrderAccess(request, String(orderId), typeof body.token === "string" ? body.token : null);
        const result = await completePayment(db, orderId, paypalOrderId);
        return json(
          { id: result.paypalOrderId, status: "COMPLETED", orderId: result.id, confirmationToken: result.confirmationToken, captureId: result.captureId },
          { headers: { "Cache-Control": "no-store" } },
        );
      }),
  });
}
