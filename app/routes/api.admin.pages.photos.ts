import { type ActionFunctionArgs, json } from "@remix-run/node";
import { db } from "~/lib/db.server";
import { addPagePhoto } from "~/web/admin/page-photos.server";
import { requireApiAdmin } from "~/web/guards.server";
import { apiAction, jsonError, methodNotAllowed } from "~/web/http.server";
import { readMultipartForm } from "~/web/multipart.server";

export const loader = methodNotAllowed;

/**
 * POST /api/admin/pages/photos (admin only: 401/403), multipart `photo` (JPEG, PNG or WebP, at
 * most 10 MB) and `alt` → 201 `{id, url, width, height, alt, markdown}`; 400/413 `{message, errors}`.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const user = await requireApiAdmin(request);
      const { form, tooLarge } = await readMultipartForm(request);
      const outcome = await addPagePhoto(db, form, tooLarge, user.id);
      if (!outcome.ok) return jsonError(outcome.message, outcome.status, outcome.fieldErrors);
      return json(outcome.photo, { status: 201, headers: { "Cache-Control": "no-store" } });
    },
  });
}
