// POST /v1/notifications/verify-webhook-signature: checks a webhook's signature like PayPal does.
import { timingSafeEqual } from "node:crypto";
import { requireBearer } from "./auth";
import { type Detail, detail, PaypalError } from "./errors";
import { type Ctx, parseJson, sendJson } from "./http";
import type { EmulatorContext } from "./state";
import { isRecord } from "./util";
import { sign, WEBHOOK_ALGO } from "./webhooks";

export function verifyWebhook(emu: EmulatorContext, ctx: Ctx) {
  requireBearer(emu, ctx);
  const input = parseJson(ctx);
  if (!isRecord(input)) throw new PaypalError(400, [detail("INVALID_PARAMETER_SYNTAX", "/")]);
  const details: Detail[] = [];
  for (const field of ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"]) {
    if (typeof input[field] !== "string" || input[field] === "") details.push(detail("MISSING_REQUIRED_PARAMETER", `/${field}`));
  }
  if (!isRecord(input.webhook_event)) details.push(detail("MISSING_REQUIRED_PARAMETER", "/webhook_event"));
  if (details.length > 0) throw new PaypalError(400, details);
  const sig = String(input.transmission_sig);
  let ok = input.auth_algo === WEBHOOK_ALGO && input.webhook_id === emu.config.webhookId && /^[0-9a-f]{64}$/.test(sig);
  if (ok) {
    const expected = Buffer.from(sign(emu, String(input.transmission_id), String(input.transmission_time), JSON.stringify(input.webhook_event)), "hex");
    ok = timingSafeEqual(expected, Buffer.from(sig, "hex"));
  }
  sendJson(ctx.res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
}
