import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { getCartOwner } from "~/web/cart-owner.server";
import { addToCart, clearCart, getCart } from "~/domain/cart/cart.server";
import { AddToCartSchema } from "~/domain/cart/schemas";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, parseJsonBody } from "~/web/http.server";

/** GET /api/cart: the session's cart items (a guest without a cart gets []). */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const cart = await getCart(db, await getCartOwner(request));
    return json(cart.items, { headers: { "Cache-Control": "no-store" } });
  });
}

/** POST adds a line (201 with the item); DELETE clears the cart. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, { POST: () => addItem(request), DELETE: () => clearCartResponse(request) });
}

async function addItem(request: Request): Promise<Response> {
  const input = await parseJsonBody(request, AddToCartSchema);
  const { owner, commit } = await getCartOwner(request, { create: true });
  const item = await addToCart(db, owner, input);
  const setCookie = await commit();
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return json(item, { status: 201, headers });
}

async function clearCartResponse(request: Request): Promise<Response> {
  const owner = await getCartOwner(request);
  if (owner) await clearCart(db, owner);
  return json({ message: "Cart cleared" }, { headers: { "Cache-Control": "no-store" } });
}
