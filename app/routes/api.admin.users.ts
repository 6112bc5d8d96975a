import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";
import { listAccounts } from "~/domain/auth/accounts.server";

/** GET /api/admin/users (admin only: 401/403): `{users}` with name, e-mail, role, loyalty points and joined date. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json({ users: await listAccounts(db) }, { headers: { "Cache-Control": "no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
