import { type ActionFunctionArgs, json } from "@remix-run/node";
import { ShippingCalculateSchema } from "~/domain/cart/schemas";
import { countryCodeFor } from "~/domain/common/countries";
import { shippingRateFor } from "~/domain/orders/totals";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";
import { HOME_COUNTRY } from "~/domain/shipping/zones";
import { zoneOfCountry } from "~/domain/shipping/zones.server";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { centsToDecimal, decimalToCents } from "~/lib/money";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/shipping/calculate: the rate of the country's zone for a cart (without a country,
 * the shop's home zone's). The prices are the zone's, never the client's; the items' prices
 * only say whether the zone's free-shipping threshold is reached. 400 for a country that is no
 * country; 422 `{message}` (the zone's own message, if it has one) for one no zone ships to.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, ShippingCalculateSchema);
      const country = input.country ? countryCodeFor(input.country) : HOME_COUNTRY;
      if (!country) throw jsonError(SHIPPING_TEXT.unknownCountry, 400);
      const zone = await zoneOfCountry(db, country);
      if (!zone?.shipped) throw jsonError(zone?.message || SHIPPING_TEXT.notShipped, 422);
      const lines = input.cartItems.map((item) => ({
        isLarge: Boolean(item.product?.isLargeItem ?? item.product?.isLarge),
        unitPriceCents: Math.max(0, (item.price === undefined ? null : decimalToCents(item.price)) ?? 0),
        quantity: item.quantity ?? 1,
      }));
      const rate = shippingRateFor(lines, zone);
      return json({ rate: { name: rate.name, price: centsToDecimal(rate.priceCents), description: rate.description } });
    },
  });
}
