import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { getUserId } from "~/web/session.server";
import { CART_TOAST_TEXT } from "~/domain/cart/texts";
import { FavoriteSchema } from "~/domain/cart/schemas";
import { toggleFavorite } from "~/domain/catalogue/favorites.server";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { db } from "~/lib/db.server";
import { readFormData, safeRedirect } from "~/web/http.server";

export async function loader() {
  return redirect("/account?tab=favorites");
}

/** The HTML door of the favorite toggle (the API door is /api/favorites). */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const back = safeRedirect(formData.get("redirectTo"), "/");
  const userId = await getUserId(request);
  if (!userId) return respond(request, { redirectTo: back, toast: { ...CART_TOAST_TEXT.loginForFavorites }, status: 401 });
  const submission = parseWithZod(formData, { schema: FavoriteSchema });
  if (submission.status !== "success") return respond(request, { redirectTo: back, toast: { ...CART_TOAST_TEXT.favoritesFailed }, status: 400 });
  try {
    const added = await toggleFavorite(db, userId, submission.value.productId);
    return respond(request, { redirectTo: back, toast: added ? { ...CART_TOAST_TEXT.favoriteAdded } : { ...CART_TOAST_TEXT.favoriteRemoved } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return respond(request, { redirectTo: back, toast: { ...CART_TOAST_TEXT.favoritesFailed }, status: error.status });
  }
}
