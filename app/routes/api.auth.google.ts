import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { authenticateWithGoogle, isGoogleConfigured } from "~/web/auth/authenticator.server";
import { rememberGoogleReturn } from "~/web/auth/google-return.server";
import { apiAction, apiHandler, jsonError } from "~/web/http.server";

const NOT_AVAILABLE = "Google sign-in is not available on this shop";

/**
 * GET /api/auth/google?redirectTo=/path: sends the browser to Google (the OAuth `state` is
 * kept in the session) and remembers where to return after the callback. 404 `{message}`
 * when Google sign-in is not configured.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    if (!isGoogleConfigured()) return jsonError(NOT_AVAILABLE, 404);
    try {
      await authenticateWithGoogle(request);
    } catch (thrown) {
      if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
        const headers = new Headers(thrown.headers);
        headers.append("Set-Cookie", await rememberGoogleReturn(new URL(request.url).searchParams.get("redirectTo")));
        headers.set("Cache-Control", "no-store");
        return new Response(null, { status: thrown.status, headers });
      }
      throw thrown;
    }
    // The strategy always redirects on this path; anything else is not a sign-in.
    return jsonError("Google sign-in failed. Please try again.", 401);
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
