import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/web/guards.server";
import { exportDownload } from "~/web/privacy-download.server";
import { exportOwnAccountData } from "~/domain/privacy/export.server";
import { db } from "~/lib/db.server";
import { apiHandler } from "~/web/http.server";

/**
 * GET /api/account/export: the signed-in person's data as a JSON attachment
 * (my-data-YYYY-MM-DD.json); 401 `{message}` when nobody is signed in, 429 `{message}` past
 * EXPORT_LIMIT (shared with the Your data page's download, /account/data/export).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    return exportDownload(await exportOwnAccountData(db, user.id));
  });
}
