import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requestPasswordReset } from "~/domain/auth/password-reset.server";
import { ForgotPasswordSchema, MAIL_TEXT } from "~/domain/mail/schemas";
import { db } from "~/lib/db.server";
import { apiAction, getClientIp, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/forgot-password {email}: the same 200 {message} whether or not the account exists; 400 bad e-mail, 429 throttled. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, ForgotPasswordSchema);
      await requestPasswordReset(db, input.email, getClientIp(request));
      return json({ message: MAIL_TEXT.forgotSent });
    },
  });
}
