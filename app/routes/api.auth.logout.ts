import { type ActionFunctionArgs, json } from "@remix-run/node";
import { destroySession, getSession } from "~/web/session.server";
import { apiAction, methodNotAllowed } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/logout: destroys the server-side session (guests too). */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const session = await getSession(request);
      return json({ message: "Logged out successfully" }, { headers: { "Set-Cookie": await destroySession(session), "Cache-Control": "no-store" } });
    },
  });
}
