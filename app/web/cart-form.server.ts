import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { getCartOwner } from "~/web/cart-owner.server";
import { type Toast } from "~/web/toast.server";
import { type CartOwner } from "~/domain/cart/cart.server";
import { addToCart, clearCart, removeCartItem, updateCartItem } from "~/domain/cart/cart.server";
import { addToCartFailure, CLEAR_FAILED, CART_TOAST_TEXT, removeFailure, updateFailure } from "~/domain/cart/texts";
import { AddToCartSchema, UpdateCartItemSchema } from "~/domain/cart/schemas";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { db } from "~/lib/db.server";
import { safeRedirect } from "~/web/http.server";
import { i18nOf } from "~/i18n/i18n.server";

export type AddToCartResult = { ok: true; cookie: string | null; owner: CartOwner } | { ok: false; error: Toast; field: string | null; status: number };

/**
 * What a script's Add to Cart answer carries besides its notification (the route renders it: the
 * drawer). It gets the cart the add went into: a new guest's cart is keyed by the cookie this very
 * answer sets, which the request's own cookies do not have yet.
 */
export type AddedAnswer = (owner: CartOwner, here: string) => Promise<Record<string, unknown>>;

/**
 * Every Add to Cart form (the product page, the shop's and the home page's cards, the cart
 * page) goes through here: the same schema as POST /api/cart and the same domain function.
 * The caller answers: a redirect with a toast, or the product page's inline error.
 */
export async function submitAddToCart(request: Request, formData: FormData): Promise<AddToCartResult> {
  const submission = parseWithZod(formData, { schema: AddToCartSchema });
  if (submission.status !== "success") return { ok: false, error: addToCartFailure(undefined), field: null, status: 400 };
  const { owner, commit } = await getCartOwner(request, { create: true });
  try {
    await addToCart(db, owner, submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ok: false, error: addToCartFailure(error.message, error.code, error.field), field: error.field ?? null, status: error.status };
  }
  return { ok: true, cookie: await commit(), owner };
}

/**
 * The product page's 'Added to cart' says what was added: 'Velvet Coat, Burgundy, B – Long' (the
 * page's language: the product's names as the page shows them).
 */
export function addedItemToast(
  product: { title: string; colors: { colorId: number; name: string }[]; variations: { variationCode: string; variationName: string }[] },
  chosen: { colorId: number | null; variationCode: string | null },
): Toast {
  const colour = product.colors.find((c) => c.colorId === chosen.colorId)?.name;
  const variation = product.variations.find((v) => v.variationCode === chosen.variationCode)?.variationName;
  return { ...CART_TOAST_TEXT.added, description: [product.title, colour, variation].filter(Boolean).join(", ") };
}

/**
 * The product page's address for the choice just posted (`?color=`, `?variation=`), so the page a
 * plain form comes back to keeps it. Anything that is not an id or a variation code is left out.
 */
export function productPageWithChoice(slug: string, formData: FormData): string {
  const params = new URLSearchParams();
  const color = formData.get("colorId");
  const variation = formData.get("variationCode");
  if (typeof color === "string" && /^\d{1,9}$/.test(color)) params.set("color", color);
  if (typeof variation === "string" && /^[A-Z]$/.test(variation)) params.set("variation", variation);
  const query = params.toString();
  return `/product/${slug}${query ? `?${query}` : ""}`;
}

const ItemRef = z.object({ itemId: z.number().int().positive(), confirmed: z.string().optional() });

/**
 * The HTML door of every cart change (add, update, remove, clear). It parses with the
 * same schemas as /api/cart and calls the same domain functions.
 */
/** A notification in the language of the page that asked. */
export function toastIn(request: Request, toast: Toast): Toast {
  const { text } = i18nOf(request);
  return { ...toast, title: text(toast.title), ...(toast.description ? { description: text(toast.description) } : {}) };
}

export async function handleCartForm(request: Request, formData: FormData, opts: { added?: AddedAnswer } = {}): Promise<Response> {
  // Scripts show the notification as it comes: in the page's language (the domain writes English).
  const answer = (options: Parameters<typeof respond>[1]) => respond(request, options.toast ? { ...options, toast: toastIn(request, options.toast) } : options);
  const intent = String(formData.get("intent") ?? "");
  const back = safeRedirect(formData.get("redirectTo"), "/cart");
  const onCartPage = back.startsWith("/cart");
  const confirmPath = (what: string, itemId?: number) => `/cart?confirm=${what}${itemId ? `&itemId=${itemId}` : ""}&redirectTo=${encodeURIComponent(back)}`;

  if (intent === "add") {
    const added = await submitAddToCart(request, formData);
    if (!added.ok) return answer({ redirectTo: back, toast: added.error, status: added.status });
    const drawer = opts.added;
    return answer({
      redirectTo: back,
      toast: { ...CART_TOAST_TEXT.added },
      cookies: [added.cookie],
      answer: drawer && (() => drawer(added.owner, back)),
    });
  }

  const owner = await getCartOwner(request);

  if (intent === "update") {
    const ref = parseWithZod(formData, { schema: ItemRef.merge(UpdateCartItemSchema) });
    if (ref.status !== "success") return answer({ redirectTo: back, toast: updateFailure("Quantity must be at least 1", onCartPage), status: 400 });
    try {
      if (!owner) throw new DomainError("Cart item not found", 404);
      await updateCartItem(db, owner, ref.value.itemId, { quantity: ref.value.quantity });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return answer({ redirectTo: back, toast: updateFailure(error.message, onCartPage), status: error.status });
    }
    return answer({ redirectTo: back });
  }

  if (intent === "remove") {
    const ref = parseWithZod(formData, { schema: ItemRef });
    if (ref.status !== "success") return answer({ redirectTo: back, toast: removeFailure(onCartPage), status: 400 });
    if (ref.value.confirmed !== "yes") return answer({ redirectTo: confirmPath("remove", ref.value.itemId) });
    try {
      if (!owner) throw new DomainError("Cart item not found", 404);
      await removeCartItem(db, owner, ref.value.itemId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return answer({ redirectTo: back, toast: removeFailure(onCartPage), status: error.status });
    }
    return answer({ redirectTo: back, toast: { ...CART_TOAST_TEXT.removed } });
  }

  if (intent === "clear") {
    if (formData.get("confirmed") !== "yes") return answer({ redirectTo: confirmPath("clear") });
    try {
      if (owner) await clearCart(db, owner);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return answer({ redirectTo: back, toast: CLEAR_FAILED, status: error.status });
    }
    return answer({ redirectTo: back, toast: { ...CART_TOAST_TEXT.cleared } });
  }

  return answer({ redirectTo: back, toast: { title: "Unknown action", type: "error" }, status: 400 });
}
