import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listAdminUsers } from "~/domain/admin/users-admin.server";
import { requireApiAdmin } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/admin/users (admin only: 401/403): `{users}` with name, e-mail, role, loyalty points and joined date. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json({ users: await listAdminUsers(db) }, { headers: { "Cache-Control": "no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
