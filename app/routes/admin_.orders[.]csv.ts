import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminDownload } from "~/web/guards.server";
import { csvHeaders, orderFilterFrom, ordersCsv } from "~/domain/ops/exports.server";
import { db } from "~/lib/db.server";

/** GET /admin/orders.csv?status=&q=&from=&to= : the Orders tab's current filter as CSV (admins only, 403 otherwise). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminDownload(request);
  return new Response(ordersCsv(db, orderFilterFrom(new URL(request.url))), { headers: csvHeaders("orders") });
}
