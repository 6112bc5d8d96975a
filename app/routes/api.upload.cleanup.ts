import { type ActionFunctionArgs, json } from "@remix-run/node";
import { CleanupUploadsSchema } from "~/domain/catalogue/upload-schemas";
import { cleanupUploads } from "~/domain/catalogue/image-uploads.server";
import { requireApiAdmin } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = methodNotAllowed;

/** DELETE /api/upload/cleanup (admin only) `{tempIds}` → `{deleted}`: removes temporary uploads after a failed save. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    DELETE: async () => {
      await requireApiAdmin(request);
      const { tempIds } = await parseJsonBody(request, CleanupUploadsSchema);
      return json({ deleted: await cleanupUploads(db, tempIds) }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}
