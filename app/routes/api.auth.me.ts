import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/domain/auth/guards.server";
import { apiAction, apiHandler } from "~/lib/http.server";

/** GET /api/auth/me: the signed-in user, or 401 `{message}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    return json(
      {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        shippingCountry: user.shippingCountry,
        loyaltyPoints: user.loyaltyPoints,
        isAdmin: user.isAdmin,
        is_admin: user.isAdmin,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
