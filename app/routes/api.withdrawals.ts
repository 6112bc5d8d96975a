import { type ActionFunctionArgs, json } from "@remix-run/node";
import { WithdrawalSchema } from "~/domain/withdrawals/schemas";
import { assertWithdrawalAllowed, submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { apiAction, getClientIp, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/withdrawals {orderId, email, name, statement?}: the withdrawal in one call, with the
 * page's schema and domain function. 201 {orderId, receivedAt} (a repeat answers the first
 * receipt, also 201, and sends nothing); 400 bad input; 404 one message for an unknown order and
 * a wrong e-mail; 409 period over or an order that cannot be withdrawn from; 429 over the limit.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, WithdrawalSchema);
      await assertWithdrawalAllowed(db, getClientIp(request));
      const receipt = await submitWithdrawal(db, input, { clientIp: getClientIp(request) });
      return json({ orderId: receipt.orderId, receivedAt: receipt.receivedAt }, { status: 201, headers: { "Cache-Control": "no-store" } });
    },
  });
}
