import { type ActionFunctionArgs, json } from "@remix-run/node";
import { ShippingCalculateSchema } from "~/domain/cart/schemas";
import { shippingRateFor } from "~/domain/orders/totals";
import { getShippingRates } from "~/domain/common/settings.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { centsToDecimal } from "~/lib/money";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/shipping/calculate: the rate for a cart. Only the large-item flags are read
 * from the body; the price comes from the shop's own rates, never from the client.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, ShippingCalculateSchema);
      const lines = input.cartItems.map((item) => ({ isLarge: Boolean(item.product?.isLargeItem ?? item.product?.isLarge) }));
      const rate = shippingRateFor(lines, await getShippingRates(db));
      return json({ rate: { name: rate.name, price: centsToDecimal(rate.priceCents), description: rate.description } });
    },
  });
}
