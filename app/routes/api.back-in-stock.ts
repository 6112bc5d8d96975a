import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requestBackInStock } from "~/domain/mail/back-in-stock.server";
import { BackInStockSchema, MAIL_TEXT } from "~/domain/mail/schemas";
import { db } from "~/lib/db.server";
import { apiAction, getClientIp, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/back-in-stock {productId, colorId?, variationCode?, email}: 201 {message} for a new
 * request (its address gets a confirmation link), 200 for one already waiting; 400 for a
 * malformed address, an unknown or in-stock item; 429 past the per-address or per-e-mail limit.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, BackInStockSchema);
      const { created } = await requestBackInStock(db, input, getClientIp(request));
      return json({ message: MAIL_TEXT.backInStockSaved }, { status: created ? 201 : 200 });
    },
  });
}
