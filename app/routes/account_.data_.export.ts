import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireUser } from "~/web/guards.server";
import { exportDownload } from "~/web/privacy-download.server";
import { DomainError } from "~/domain/common/errors";
import { exportOwnAccountData } from "~/domain/privacy/export.server";
import { db } from "~/lib/db.server";

/**
 * GET /account/data/export: 'Download my data' on the Your data page, the same file as
 * GET /api/account/export under the same limit. Past it, back to the page, which says how long
 * to wait (exportRefusal); signed out, the sign-in page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return exportDownload(await exportOwnAccountData(db, user.id));
  } catch (error) {
    if (error instanceof DomainError && error.status === 429) return redirect("/account/data");
    throw error;
  }
}
