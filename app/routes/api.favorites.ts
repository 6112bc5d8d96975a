import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/web/guards.server";
import { FavoriteSchema } from "~/domain/cart/schemas";
import { addFavorite, listFavorites } from "~/domain/catalogue/favorites.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, parseJsonBody } from "~/web/http.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/favorites: the signed-in user's favorites `{id, productId, product}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    return json(await listFavorites(db, user.id), { headers: NO_STORE });
  });
}

/** POST /api/favorites `{productId}`: adds a favorite (adding twice is fine). */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const user = await requireApiUser(request);
      const input = await parseJsonBody(request, FavoriteSchema);
      await addFavorite(db, user.id, input.productId);
      return json({ productId: input.productId }, { status: 201, headers: NO_STORE });
    },
  });
}
