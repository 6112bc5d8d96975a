import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/web/guards.server";
import { exportDownload } from "~/web/privacy-download.server";
import { exportAccountData } from "~/domain/privacy/export.server";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { apiHandler, jsonError } from "~/web/http.server";

/**
 * GET /api/account/export: the signed-in person's data as a JSON attachment
 * (my-data-YYYY-MM-DD.json); 401 `{message}` when nobody is signed in. 'Download my data' on
 * /account/data is a plain link here.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const data = await exportAccountData(db, user.id);
    if (!data) throw jsonError(PRIVACY_TEXT.notFound, 404);
    return exportDownload(data);
  });
}
