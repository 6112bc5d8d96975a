import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { authenticateWithGoogle } from "~/web/auth/authenticator.server";
import { clearGoogleReturn, readGoogleReturn } from "~/web/auth/google-return.server";
import { GoogleLinkNeedsPassword } from "~/domain/auth/accounts.server";
import { beginGoogleLink, beginSignIn, GOOGLE_LINK_PATH, SECOND_FACTOR_PATH } from "~/web/auth/sign-in-session.server";
import { redirectWithToast } from "~/web/toast.server";
import { AUTH_TOAST_TEXT, loginFailed } from "~/domain/auth/texts";
import { DomainError } from "~/domain/common/errors";
import { apiAction } from "~/web/http.server";

export const GOOGLE_TEXT = {
  failed: "Google sign-in failed. Please try again.",
  cancelled: "Google sign-in was cancelled.",
} as const;

// Messages of the account rules (accounts.server.ts, authenticator.server.ts) that are meant
// for people; the OAuth library's own ones ("State doesn't match.", a token endpoint's body)
// are not, and become GOOGLE_TEXT.failed.
const HUMAN_MESSAGES = [/verified email/i, /linked to another Google account/i, /not available on this shop/i, /already exists/i];

function failureMessage(error: DomainError): string {
  return HUMAN_MESSAGES.some((re) => re.test(error.message)) ? error.message : GOOGLE_TEXT.failed;
}

/**
 * GET /api/auth/google/callback: Google's return. Checks `state`, trades the code, finds or
 * creates the user, starts a fresh session and goes to the remembered page. Any failure goes
 * back to /login with a 'Login failed' notification (never a 500).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const clearReturn = await clearGoogleReturn();
  const fail = (message: string) => redirectWithToast("/login", loginFailed(message), [clearReturn]);

  const providerError = new URL(request.url).searchParams.get("error");
  if (providerError) return fail(providerError === "access_denied" ? GOOGLE_TEXT.cancelled : GOOGLE_TEXT.failed);

  try {
    const returnTo = await readGoogleReturn(request);
    let user;
    try {
      user = await authenticateWithGoogle(request);
    } catch (error) {
      if (!(error instanceof GoogleLinkNeedsPassword)) throw error;
      const cookie = await beginGoogleLink(request, error.userId, error.googleId, returnTo);
      return redirect(GOOGLE_LINK_PATH, {
        headers: [
          ["Set-Cookie", cookie],
          ["Set-Cookie", clearReturn],
        ],
      });
    }
    const next = await beginSignIn(request, user.id, returnTo);
    if (next.location === SECOND_FACTOR_PATH)
      return redirect(next.location, {
        headers: [
          ["Set-Cookie", next.cookie],
          ["Set-Cookie", clearReturn],
        ],
      });
    return redirectWithToast(returnTo, AUTH_TOAST_TEXT.loginSuccess, [next.cookie, clearReturn]);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return fail(failureMessage(error));
    console.error("Google sign-in error:", error);
    return fail(GOOGLE_TEXT.failed);
  }
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
