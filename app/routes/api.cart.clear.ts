import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getCartOwner } from "~/domain/auth/guards.server";
import { clearCart } from "~/domain/cart/cart.server";
import { db } from "~/lib/db.server";
import { apiHandler, assertSameOrigin, jsonError, methodNotAllowed } from "~/lib/http.server";

export function loader() {
  return methodNotAllowed();
}

/** DELETE /api/cart/clear: the other reading of DELETE /api/cart. */
export async function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    assertSameOrigin(request);
    if (request.method !== "DELETE") return jsonError("Method not allowed", 405);
    const owner = await getCartOwner(request);
    if (owner) await clearCart(db, owner);
    return json({ message: "Cart cleared" }, { headers: { "Cache-Control": "no-store" } });
  });
}
