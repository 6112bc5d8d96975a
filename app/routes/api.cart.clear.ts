import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getCartOwner } from "~/web/cart-owner.server";
import { clearCart } from "~/domain/cart/cart.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** DELETE /api/cart/clear: the other reading of DELETE /api/cart. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    DELETE: async () => {
      const owner = await getCartOwner(request);
      if (owner) await clearCart(db, owner);
      return json({ message: "Cart cleared" }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}
