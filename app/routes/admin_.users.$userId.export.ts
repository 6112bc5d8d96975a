import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/web/guards.server";
import { actorOf } from "~/web/actor.server";
import { logAdminExport } from "~/domain/privacy/deletion.server";
import { exportDownload } from "~/web/privacy-download.server";
import { exportAccountData } from "~/domain/privacy/export.server";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { jsonError, requireIdParam } from "~/web/http.server";

/**
 * GET /admin/users/{id}/export: the shop answers a customer's access request with the same file
 * the customer downloads themselves; every export is an activity row (`user.export`). Admins only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const userId = requireIdParam(params.userId, PRIVACY_TEXT.notFound);
  const data = await exportAccountData(db, userId);
  if (!data) throw jsonError(PRIVACY_TEXT.notFound, 404);
  await logAdminExport(db, { id: data.profile.id, email: data.profile.email }, actorOf(admin, request));
  return exportDownload(data);
}
