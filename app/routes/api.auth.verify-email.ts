import { type ActionFunctionArgs, json } from "@remix-run/node";
import { EmailTokenSchema } from "~/domain/auth/email-schemas";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { confirmEmail } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/verify-email {token}: 200 {message, email} once; 400 for a bad, used or expired link. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, EmailTokenSchema);
      const { email } = await confirmEmail(db, input.token);
      return json({ message: `${EMAIL_TOKEN_TEXT.verified} ${email}`, email });
    },
  });
}
