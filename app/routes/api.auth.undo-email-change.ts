import { type ActionFunctionArgs, json } from "@remix-run/node";
import { EmailTokenSchema } from "~/domain/auth/email-schemas";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { undoEmailChange } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/undo-email-change {token}: restores the old address and ends every session; 400 bad link, 409 address taken. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, EmailTokenSchema);
      const { email } = await undoEmailChange(db, input.token);
      return json({ message: EMAIL_TOKEN_TEXT.undone, email });
    },
  });
}
