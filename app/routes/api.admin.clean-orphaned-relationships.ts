import { type ActionFunctionArgs, json } from "@remix-run/node";
import { cleanOrphanedRelationships } from "~/domain/catalogue/categories-write.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed } from "~/web/http.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";
import { cleanedMessage, CATEGORY_TEXT } from "~/domain/catalogue/category-texts";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/admin/clean-orphaned-relationships (admin only: 401/403): {deleted, message}. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const actor = await requireApiAdminActor(request);
      try {
        const deleted = await cleanOrphanedRelationships(db, actor);
        return json({ deleted, message: cleanedMessage(deleted) });
      } catch (error) {
        throwIfStorageFault(error);
        console.error("Clean orphaned relationships failed:", error);
        return jsonError(CATEGORY_TEXT.cleanFailed, 500);
      }
    },
  });
}
