import { type ActionFunctionArgs, json } from "@remix-run/node";
import { EmailTokenSchema } from "~/domain/auth/email-schemas";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { confirmEmailChange } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/confirm-email-change {token}: the account takes the new address; 400 bad link, 409 address taken. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, EmailTokenSchema);
      const { email } = await confirmEmailChange(db, input.token);
      return json({ message: `${EMAIL_TOKEN_TEXT.changeConfirmed} ${email}`, email });
    },
  });
}
