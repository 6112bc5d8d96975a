import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getCartOwner } from "~/web/cart-owner.server";
import { removeCartItem, updateCartItem } from "~/domain/cart/cart.server";
import { UpdateCartItemSchema } from "~/domain/cart/schemas";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed, parseJsonBody, requireIdParam } from "~/web/http.server";

const NOT_FOUND = "Cart item not found";

export function loader() {
  return methodNotAllowed();
}

/** PUT `{quantity}` sets a line's quantity; DELETE removes it. Another session's item is 404. */
export function action({ request, params }: ActionFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  return apiAction(request, {
    PUT: async () => {
      const itemId = requireIdParam(params.itemId, NOT_FOUND);
      const input = await parseJsonBody(request, UpdateCartItemSchema);
      const owner = await getCartOwner(request);
      if (!owner) return jsonError(NOT_FOUND, 404);
      return json(await updateCartItem(db, owner, itemId, input), { headers });
    },
    DELETE: async () => {
      const itemId = requireIdParam(params.itemId, NOT_FOUND);
      const owner = await getCartOwner(request);
      if (!owner) return jsonError(NOT_FOUND, 404);
      await removeCartItem(db, owner, itemId);
      return json({ message: "Item removed" }, { headers });
    },
  });
}
