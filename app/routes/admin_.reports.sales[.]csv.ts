import { type LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~/domain/ops/exports.server";
import { registerMonth, SALES_MONTH_TEXT, salesRegisterCsv } from "~/domain/records/sales-register.server";
import { db } from "~/lib/db.server";
import { requireAdminDownload } from "~/web/guards.server";

/** GET /admin/reports/sales.csv?month=YYYY-MM : the month's sales register (admins only, 403 otherwise; 400 for a bad month). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminDownload(request);
  const bounds = registerMonth(new URL(request.url).searchParams.get("month"));
  if (!bounds) {
    return new Response(SALES_MONTH_TEXT, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  }
  const headers = new Headers(csvHeaders("sales"));
  headers.set("Content-Disposition", `attachment; filename="sales-${bounds.month}.csv"`);
  return new Response(salesRegisterCsv(db, bounds), { headers });
}
