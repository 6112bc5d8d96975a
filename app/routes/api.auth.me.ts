import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProfile, toApiUser } from "~/domain/auth/accounts.server";
import { requireApiUser } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError } from "~/web/http.server";

/** GET /api/auth/me: the signed-in user (the User entity, with isAdmin), or 401 `{message}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const profile = await getProfile(db, user.id);
    if (!profile) throw jsonError("You need to be logged in", 401);
    return json(toApiUser(profile), { headers: { "Cache-Control": "no-store" } });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
