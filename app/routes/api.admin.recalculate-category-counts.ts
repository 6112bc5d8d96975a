import { type ActionFunctionArgs, json } from "@remix-run/node";
import { recalculateAllCategoryCounts } from "~/domain/catalogue/categories-write.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed } from "~/web/http.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";
import { CATEGORY_TEXT } from "~/domain/catalogue/category-texts";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/admin/recalculate-category-counts (admin only: 401/403): {message, categories, changed}. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const actor = await requireApiAdminActor(request);
      try {
        const { categories, changed } = await recalculateAllCategoryCounts(db, actor);
        return json({ message: CATEGORY_TEXT.recalculated, categories, changed });
      } catch (error) {
        throwIfStorageFault(error);
        console.error("Recalculate category counts failed:", error);
        return jsonError(CATEGORY_TEXT.recalculateFailed, 500);
      }
    },
  });
}
