import { type ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/domain/auth/schemas";
import { registerAndSignIn } from "~/web/auth/register-api.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/auth/register {email, password, firstName, lastName}: creates the account and signs it in (201). */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => registerAndSignIn(request, await parseJsonBody(request, RegisterSchema)),
  });
}
