import { type ActionFunctionArgs, json } from "@remix-run/node";
import { destroySession, getSession } from "~/web/session.server";
import { requireApiUser } from "~/web/guards.server";
import { requestAccountDeletion } from "~/domain/privacy/deletion.server";
import { DeleteAccountSchema } from "~/domain/privacy/schemas";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/account/delete {password}: deletes the signed-in account and ends its sessions
 * (200 `{message}`, the session cookie cleared). 401 signed out; 400 no password on an account
 * that has one; 403 a wrong password; 429 too many tries; 409 the shop's last admin. An account
 * without a password gets the e-mailed link instead: 202 `{message}`, nothing deleted yet.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const user = await requireApiUser(request);
      const input = await parseJsonBody(request, DeleteAccountSchema);
      const result = await requestAccountDeletion(db, user.id, input);
      if (result.status === "link-sent") {
        return json({ message: PRIVACY_TEXT.linkSent }, { status: 202, headers: { "Cache-Control": "no-store" } });
      }
      const cookie = await destroySession(await getSession(request));
      return json({ message: PRIVACY_TEXT.deleted }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
    },
  });
}
