// OAuth2 client credentials: POST /v1/oauth2/token, and the bearer check every API call makes.
import { randomBytes } from "node:crypto";
import { PaypalError } from "./errors";
import { type Ctx, sendJson } from "./http";
import type { EmulatorContext } from "./state";
import { sameSecret, timestamp } from "./util";

const APP_ID = "APP-80W284485P519543T";
const SCOPE =
  "https://uri.paypal.com/services/invoicing https://uri.paypal.com/services/payments/payment/authcapture openid https://uri.paypal.com/services/disputes/read-seller https://uri.paypal.com/services/payments/refund https://api-m.paypal.com/v1/payments/.* https://uri.paypal.com/services/payments/realtimepayment";

export function requireBearer(emu: EmulatorContext, ctx: Ctx) {
  const header = ctx.req.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const expiry = match ? emu.state.tokens.get(match[1]) : undefined;
  if (expiry === undefined || expiry <= Date.now()) {
    if (match && expiry !== undefined) emu.state.tokens.delete(match[1]);
    throw new PaypalError(401);
  }
}

export function token(emu: EmulatorContext, ctx: Ctx) {
  const invalidClient = () => sendJson(ctx.res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
  const header = ctx.req.headers.authorization ?? "";
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return invalidClient();
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return invalidClient();
  const id = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!sameSecret(id, emu.config.clientId) || !sameSecret(secret, emu.config.clientSecret)) return invalidClient();
  const form = new URLSearchParams(ctx.body.toString("utf8"));
  const grantType = form.get("grant_type") ?? ctx.query.get("grant_type");
  if (!grantType) return sendJson(ctx.res, 400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
  if (grantType !== "client_credentials") {
    return sendJson(ctx.res, 400, { error: "unsupported_grant_type", error_description: `Grant Type ${grantType} is not supported` });
  }
  const now = Date.now();
  for (const [t, expiry] of emu.state.tokens) if (expiry <= now) emu.state.tokens.delete(t);
  const accessToken = `A21AA${randomBytes(48).toString("base64url")}`;
  emu.state.tokens.set(accessToken, now + emu.config.tokenLifetime * 1000);
  sendJson(ctx.res, 200, {
    scope: SCOPE,
    access_token: accessToken,
    token_type: "Bearer",
    app_id: APP_ID,
    expires_in: emu.config.tokenLifetime,
    nonce: `${timestamp()}${randomBytes(32).toString("base64url")}`,
  });
}
