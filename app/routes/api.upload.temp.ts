import { type ActionFunctionArgs, json } from "@remix-run/node";
import { purgeStaleUploadsSometimes, saveTempUpload, UPLOAD_TEXT } from "~/domain/catalogue/image-uploads.server";
import { requireApiAdmin } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed } from "~/web/http.server";
import { readMultipartForm } from "~/web/multipart.server";

export const loader = methodNotAllowed;

/**
 * POST /api/upload/temp (admin only: 401/403), multipart field `image` → 201 `{id, url}`.
 * 413 over 10 MB, 400 for anything but a JPEG, PNG or WebP image.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const user = await requireApiAdmin(request);
      const { form, tooLarge } = await readMultipartForm(request);
      if (tooLarge.length > 0) return jsonError(UPLOAD_TEXT.tooLarge, 413);
      const file = form.get("image");
      if (!(file instanceof File)) return jsonError("Choose an image to upload (field 'image').", 400);
      await purgeStaleUploadsSometimes(db);
      const saved = await saveTempUpload(db, file, user.id);
      return json(saved, { status: 201, headers: { "Cache-Control": "no-store" } });
    },
  });
}
