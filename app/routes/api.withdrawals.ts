import { type ActionFunctionArgs, json } from "@remix-run/node";
import { WithdrawalSchema } from "~/domain/withdrawals/schemas";
import { submitWithdrawal, takeWithdrawalTry } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { apiAction, getClientIp, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { getOptionalUser } from "~/web/session.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/withdrawals {orderId, email, name, statement?}: the withdrawal in one call, with the
 * page's schema and domain function. 201 {orderId, receivedAt} (a repeat answers the first
 * receipt, also 201, and sends nothing); 400 bad input; 404 one message for an unknown order and
 * a wrong e-mail; 409 period over or an order that cannot be withdrawn from; 429 over a limit (per
 * client address, and wrong tries per order and per e-mail). The answer names nothing of the
 * order: the receipt with it goes to the order's own address.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, WithdrawalSchema);
      const user = await getOptionalUser(request);
      await takeWithdrawalTry(db, input, { clientIp: getClientIp(request), userId: user?.id ?? null });
      const receipt = await submitWithdrawal(db, input, { clientIp: getClientIp(request) });
      return json({ orderId: receipt.orderId, receivedAt: receipt.receivedAt }, { status: 201, headers: { "Cache-Control": "no-store" } });
    },
  });
}
