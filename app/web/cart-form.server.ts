import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { getCartOwner } from "~/web/guards.server";
import { addToCart, clearCart, removeCartItem, updateCartItem } from "~/domain/cart/cart.server";
import {
  addToCartFailure,
  CLEAR_FAILED,
  MESSAGES,
  removeFailure,
  updateFailure,
} from "~/domain/cart/messages";
import { AddToCartSchema, UpdateCartItemSchema } from "~/domain/cart/schemas";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { db } from "~/lib/db.server";
import { safeRedirect } from "~/web/http.server";

const ItemRef = z.object({ itemId: z.number().int().positive(), confirmed: z.string().optional() });

/**
 * The HTML door of every cart change (add, update, remove, clear). It parses with the
 * same schemas as /api/cart and calls the same domain functions.
 */
export async function handleCartForm(request: Request, formData: FormData): Promise<Response> {
  const intent = String(formData.get("intent") ?? "");
  const back = safeRedirect(formData.get("redirectTo"), "/cart");
  const onCartPage = back.startsWith("/cart");
  const confirmPath = (what: string, itemId?: number) =>
    `/cart?confirm=${what}${itemId ? `&itemId=${itemId}` : ""}&redirectTo=${encodeURIComponent(back)}`;

  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: AddToCartSchema });
    if (submission.status !== "success") {
      return respond(request, { redirectTo: back, toast: addToCartFailure(undefined), status: 400 });
    }
    const { owner, commit } = await getCartOwner(request, { create: true });
    try {
      await addToCart(db, owner, submission.value);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return respond(request, {
        redirectTo: back,
        toast: addToCartFailure(error.message, error.code, error.field),
        status: error.status,
      });
    }
    return respond(request, { redirectTo: back, toast: { ...MESSAGES.added }, cookies: [await commit()] });
  }

  const owner = await getCartOwner(request);

  if (intent === "update") {
    const ref = parseWithZod(formData, { schema: ItemRef.merge(UpdateCartItemSchema) });
    if (ref.status !== "success") return respond(request, { redirectTo: back, toast: updateFailure("Quantity must be at least 1", onCartPage), status: 400 });
    try {
      if (!owner) throw new DomainError("Cart item not found", 404);
      await updateCartItem(db, owner, ref.value.itemId, { quantity: ref.value.quantity });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return respond(request, { redirectTo: back, toast: updateFailure(error.message, onCartPage), status: error.status });
    }
    return respond(request, { redirectTo: back });
  }

  if (intent === "remove") {
    const ref = parseWithZod(formData, { schema: ItemRef });
    if (ref.status !== "success") return respond(request, { redirectTo: back, toast: removeFailure(onCartPage), status: 400 });
    if (ref.value.confirmed !== "yes") return respond(request, { redirectTo: confirmPath("remove", ref.value.itemId) });
    try {
      if (!owner) throw new DomainError("Cart item not found", 404);
      await removeCartItem(db, owner, ref.value.itemId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return respond(request, { redirectTo: back, toast: removeFailure(onCartPage), status: error.status });
    }
    return respond(request, { redirectTo: back, toast: { ...MESSAGES.removed } });
  }

  if (intent === "clear") {
    if (formData.get("confirmed") !== "yes") return respond(request, { redirectTo: confirmPath("clear") });
    try {
      if (owner) await clearCart(db, owner);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return respond(request, { redirectTo: back, toast: CLEAR_FAILED, status: error.status });
    }
    return respond(request, { redirectTo: back, toast: { ...MESSAGES.cleared } });
  }

  return respond(request, { redirectTo: back, toast: { title: "Unknown action", type: "error" }, status: 400 });
}
