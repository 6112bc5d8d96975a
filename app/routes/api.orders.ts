import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { getCartOwner } from "~/web/cart-owner.server";
import { getOptionalUser } from "~/web/session.server";
import { requireApiUser } from "~/web/guards.server";
import { placeOrder } from "~/domain/orders/checkout.server";
import { listOrdersForUser } from "~/domain/orders/orders.server";
import { OrderCreateSchema } from "~/domain/orders/schemas";
import { db } from "~/lib/db.server";
import { assertOrderAllowed } from "~/domain/auth/rate-limit.server";
import { apiAction, apiHandler, getClientIp, parseJsonBody } from "~/web/http.server";
import { centsToDecimal } from "~/lib/money";
import { rememberedLocale } from "~/i18n/language-cookie.server";
import { DEFAULT_LOCALE } from "~/i18n/locales";

/** GET /api/orders: the signed-in customer's orders `{id, status, total, createdAt, confirmationToken, withdrawal}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const orders = await listOrdersForUser(db, user.id);
    return json(
      orders.map(({ id, status, total, createdAt, confirmationToken, withdrawal }) => ({ id, status, total, createdAt, confirmationToken, withdrawal })),
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

/**
 * POST /api/orders with the Order creation payload: the same rules (CheckoutSchema) and the same
 * placeOrder as the checkout form. 201 `{id, confirmationToken, total, discount}` (`discount`:
 * `{code, amount}` or null); 400 `{message, errors}`
 * for bad input, an empty cart or a refused discount code (its message names why); 409 when stock ran out or the sent figures/items differ from
 * the server's; 429 when the session or address holds too many made-to-order places unpaid.
 * Guests may order: their session (cart key) owns the order. An optional `locale` ('en' or 'pl')
 * is the language of the order's e-mails; without it the `lang` cookie's, else English.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const { input, figures, locale } = await parseJsonBody(request, OrderCreateSchema);
      const clientIp = getClientIp(request);
      await assertOrderAllowed(db, clientIp);
      const [user, { owner, commit }] = await Promise.all([getOptionalUser(request), getCartOwner(request, { create: true })]);
      const order = await placeOrder(
        db,
        {
          owner,
          userId: user?.id ?? null,
          sessionKey: "cartKey" in owner ? owner.cartKey : null,
          clientIp,
          // The language asked for, else the one the shopper last read the shop in.
          locale: locale ?? rememberedLocale(request) ?? DEFAULT_LOCALE,
        },
        input,
        figures,
      );
      const headers = new Headers({ "Cache-Control": "no-store" });
      const setCookie = await commit();
      if (setCookie) headers.set("Set-Cookie", setCookie);
      const discount = order.discountCode === null ? null : { code: order.discountCode, amount: centsToDecimal(order.discountCents) };
      return json({ id: order.id, confirmationToken: order.confirmationToken, total: centsToDecimal(order.totalCents), discount }, { status: 201, headers });
    },
  });
}
