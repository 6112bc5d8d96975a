import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getPaypalClient, getPaypalWebhookId } from "~/lib/paypal-client.server";
import { handlePaypalWebhook } from "~/domain/payments/webhooks.server";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed } from "~/web/http.server";

const MAX_BODY = 256 * 1024;

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/paypal/webhook (CONTRACT.md): PayPal's webhook events. Verified with PayPal first
 * (verify-webhook-signature with PAYPAL_WEBHOOK_ID); unverified 400, replayed 200 with no change.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const paypal = getPaypalClient();
      const webhookId = getPaypalWebhookId();
      if (!paypal || !webhookId) return jsonError("PayPal webhooks are not configured", 503);
      const length = Number(request.headers.get("content-length") ?? "0");
      if (length > MAX_BODY) return jsonError("The webhook body is too large", 413);
      const body = await request.text();
      if (body.length > MAX_BODY) return jsonError("The webhook body is too large", 413);
      const answer = await handlePaypalWebhook(db, { headers: request.headers, body }, { paypal, webhookId });
      if (answer.status !== 200) return jsonError(answer.message, answer.status);
      return json({ message: answer.message }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}
