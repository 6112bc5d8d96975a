import { type ActionFunctionArgs, json } from "@remix-run/node";
import { FinalizeUploadsSchema } from "~/domain/catalogue/upload-schemas";
import { finalizeUploads } from "~/domain/catalogue/image-uploads.server";
import { requireApiAdmin } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = methodNotAllowed;

/**
 * POST /api/upload/finalize (admin only) `{images: [{id, isPrimary}]}` → `{images: [{id, imageUrl,
 * isPrimary, width, height}]}`: the temporary uploads become product images (thumbnail and
 * WebP widths written). Exactly one comes back primary (the first when none or several are).
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      await requireApiAdmin(request);
      const input = await parseJsonBody(request, FinalizeUploadsSchema);
      const finalized = await finalizeUploads(
        db,
        input.images.map((i) => i.id),
      );
      const primaryIndex = Math.max(
        0,
        input.images.findIndex((i) => i.isPrimary),
      );
      const primaryId = input.images[primaryIndex]!.id;
      const images = finalized.map((f) => ({ ...f, isPrimary: f.id === primaryId }));
      return json({ images }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}
