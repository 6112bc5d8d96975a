import { type ActionFunctionArgs, json } from "@remix-run/node";
import { destroySession, getSession } from "~/domain/auth/guards.server";
import { apiHandler, assertSameOrigin, jsonError, methodNotAllowed } from "~/lib/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/logout: destroys the server-side session (guests too). */
export async function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    assertSameOrigin(request);
    if (request.method !== "POST") return jsonError("Method not allowed", 405);
    const session = await getSession(request);
    return json(
      { message: "Logged out successfully" },
      { headers: { "Set-Cookie": await destroySession(session), "Cache-Control": "no-store" } },
    );
  });
}
