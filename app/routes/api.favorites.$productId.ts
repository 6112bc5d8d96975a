import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiUser } from "~/web/guards.server";
import { removeFavorite } from "~/domain/catalogue/favorites.server";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed, requireIdParam } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** DELETE /api/favorites/{productId}: removes the favorite, 404 when it was none. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    DELETE: async () => {
      const user = await requireApiUser(request);
      const productId = requireIdParam(params.productId, "Favorite not found");
      if (!(await removeFavorite(db, user.id, productId))) return jsonError("Favorite not found", 404);
      return json({ productId }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}
