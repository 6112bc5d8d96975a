import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { getUserId } from "~/web/session.server";
import { CART_TOAST_TEXT } from "~/domain/cart/texts";
import { FavoriteSchema } from "~/domain/cart/schemas";
import { toggleFavorite } from "~/domain/catalogue/favorites.server";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { redirectWithToast } from "~/web/toast.server";
import { db } from "~/lib/db.server";
import { readFormData, safeRedirect } from "~/web/http.server";
import { requestWantsJson } from "~/lib/wants-json";

/** Sign-in first, then back to the page the shopper was on (a same-origin path; anything else: the home page). */
function signInFirst(back: string) {
  const query = back === "/" ? "" : `?${new URLSearchParams({ redirectTo: back })}`;
  return redirectWithToast(`/login${query}`, { ...CART_TOAST_TEXT.signInForFavorites });
}

/**
 * GET /favorites: the account's favorites. A guest's heart links here with `redirectTo` (the page
 * she was on): she is sent to sign in, told why, and comes back there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getUserId(request))) return signInFirst(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/"));
  return redirect("/account?tab=favorites");
}

/** The HTML door of the favorite toggle (the API door is /api/favorites). */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const back = safeRedirect(formData.get("redirectTo"), "/");
  const userId = await getUserId(request);
  if (!userId) {
    // A page drawn while signed in, posted after signing out: a script gets the refusal, a plain form the sign-in.
    if (requestWantsJson(request)) return respond(request, { redirectTo: back, toast: { ...CART_TOAST_TEXT.loginForFavorites }, status: 401 });
    return signInFirst(back);
  }
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
