import { type ActionFunctionArgs } from "@remix-run/node";
import { RegisterCheckoutSchema } from "~/domain/auth/schemas";
import { registerAndSignIn } from "~/web/auth/register-api.server";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/auth/register-checkout {email, password, firstName, lastName, createAccount: true}:
 * the checkout's "create an account" step. Same rules as /api/auth/register; a non-ok answer
 * carries `{message}` (409 when the e-mail already has an account).
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const { createAccount: _flag, ...input } = await parseJsonBody(request, RegisterCheckoutSchema);
      return registerAndSignIn(request, input);
    },
  });
}
