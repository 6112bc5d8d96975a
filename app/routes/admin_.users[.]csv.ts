import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminDownload } from "~/web/guards.server";
import { csvHeaders, usersCsv } from "~/domain/ops/exports.server";
import { db } from "~/lib/db.server";

/** GET /admin/users.csv: every account as CSV (admins only, 403 otherwise). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminDownload(request);
  return new Response(usersCsv(db), { headers: csvHeaders("users") });
}
