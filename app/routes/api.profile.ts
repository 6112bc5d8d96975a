import { type ActionFunctionArgs, json } from "@remix-run/node";
import { toApiUser, updateProfile } from "~/domain/auth/accounts.server";
import { requireApiUser } from "~/web/guards.server";
import { ProfileSchema } from "~/domain/auth/schemas";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PUT /api/profile: replaces the signed-in user's profile (a field left out is cleared) and
 * answers the updated user. 401 signed out, 400 `{message, errors}` bad input, 409 e-mail taken.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    PUT: async () => {
      const user = await requireApiUser(request);
      const input = await parseJsonBody(request, ProfileSchema);
      const profile = await updateProfile(db, user.id, input);
      return json(toApiUser(profile), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
