import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiOrderAccess, withPaymentErrors } from "~/web/payment-routes.server";
import { getOrderViewer } from "~/web/guards.server";
import { assertClientPaymentTerms, findUnpaidOrderForAmount } from "~/domain/payments/client-terms.server";
import { startPayment } from "~/domain/payments/payments.server";
import { CreatePaypalOrderSchema } from "~/domain/payments/schemas";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { assertOrderAllowed } from "~/domain/auth/rate-limit.server";
import { apiAction, getClientIp, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/paypal/order {amount, currency, intent} (the spec's payload: the buyer's newest unpaid
 * order of that total; 409 when there is none) or {orderId, ...}: creates (or reuses) the PayPal
 * order for the shop order's own total; a different amount, currency or intent answers 400.
 * Answers PayPal's `{id, status, links}` (links with rel approve or payer-action).
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: () =>
      withPaymentErrors(async () => {
        const input = await parseJsonBody(request, CreatePaypalOrderSchema);
        const orderId =
          input.orderId !== undefined
            ? await requireApiOrderAccess(request, String(input.orderId), input.token)
            : await findUnpaidOrderForAmount(db, await getOrderViewer(request), input.amount);
        await assertClientPaymentTerms(db, orderId, input);
        await assertOrderAllowed(db, getClientIp(request));
        const started = await startPayment(db, orderId, { appUrl: getEnv().APP_URL });
        return json({ id: started.paypalOrderId, status: started.status, links: started.links }, { headers: { "Cache-Control": "no-store" } });
      }),
  });
}
