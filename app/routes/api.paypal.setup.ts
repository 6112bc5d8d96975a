import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getPaypalClientId, getPaypalMode } from "~/lib/paypal-client.server";
import { apiAction, apiHandler } from "~/web/http.server";

/**
 * GET /api/paypal/setup: what the browser's PayPal script needs. The client id is public;
 * the secret never leaves the server. `configured: false` when payments are not set up.
 */
export function loader() {
  return apiHandler(async () => {
    const mode = getPaypalMode();
    return json(
      { configured: mode !== null, mode, clientId: getPaypalClientId(), clientToken: null, currency: "USD", intent: "capture" },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
