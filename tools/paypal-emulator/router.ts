// Which handler answers which method and path, and the dispatcher that turns a PaypalError into its answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import { token } from "./auth";
import { checkoutDecision, checkoutPage } from "./checkout-page";
import { controls, delayAnswerIfAsked } from "./controls";
import { listDisputes, showDispute } from "./disputes";
import { detail, methodNotAllowed, PaypalError } from "./errors";
import { type Ctx, errorBody, sendJson } from "./http";
import { captureOrder, createOrder, patchOrder, showOrder } from "./orders";
import { refundCapture, showCapture, showRefund } from "./payments";
import type { EmulatorContext } from "./state";
import { debugId, decodeId } from "./util";
import { verifyWebhook } from "./verify-webhook";

export function route(emu: EmulatorContext, ctx: Ctx) {
  const { method, path } = ctx;
  if (path === "/v1/oauth2/token") return method === "POST" ? token(emu, ctx) : methodNotAllowed("POST");
  if (path === "/v2/checkout/orders") return method === "POST" ? createOrder(emu, ctx) : methodNotAllowed("POST");
  let m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
  if (m) {
    const id = decodeId(m[1], "order_id");
    if (method === "GET" || method === "HEAD") return showOrder(emu, ctx, id);
    if (method === "PATCH") return patchOrder(emu, ctx, id);
    return methodNotAllowed("GET, PATCH");
  }
  m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
  if (m) return method === "POST" ? captureOrder(emu, ctx, decodeId(m[1], "order_id")) : methodNotAllowed("POST");
  m = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
  if (m) return method === "GET" || method === "HEAD" ? showCapture(emu, ctx, decodeId(m[1], "capture_id")) : methodNotAllowed("GET");
  m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
  if (m) return method === "POST" ? refundCapture(emu, ctx, decodeId(m[1], "capture_id")) : methodNotAllowed("POST");
  m = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
  if (m) return method === "GET" || method === "HEAD" ? showRefund(emu, ctx, decodeId(m[1], "refund_id")) : methodNotAllowed("GET");
  if (path === "/v1/notifications/verify-webhook-signature") return method === "POST" ? verifyWebhook(emu, ctx) : methodNotAllowed("POST");
  if (path === "/v1/customer/disputes") return method === "GET" || method === "HEAD" ? listDisputes(emu, ctx) : methodNotAllowed("GET");
  m = /^\/v1\/customer\/disputes\/([^/]+)$/.exec(path);
  if (m) return method === "GET" || method === "HEAD" ? showDispute(emu, ctx, decodeURIComponent(m[1])) : methodNotAllowed("GET");
  if (path === "/checkoutnow") {
    if (method === "GET" || method === "HEAD") return checkoutPage(emu, ctx);
    if (method === "POST") return checkoutDecision(emu, ctx);
    return methodNotAllowed("GET, POST");
  }
  if (path.startsWith("/__emulator/")) return controls(emu, ctx, path.slice("/__emulator/".length));
  throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "path", path, "path")]);
}

export function handle(emu: EmulatorContext, req: IncomingMessage, res: ServerResponse, body: Buffer | null) {
  res.setHeader("Paypal-Debug-Id", debugId());
  const hostHeader = typeof req.headers.host === "string" && /^[A-Za-z0-9.:[\]-]+$/.test(req.headers.host) ? req.headers.host : undefined;
  const apiBase = hostHeader ? `http://${hostHeader}` : emu.ownUrl;
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  const path = (queryAt === -1 ? target : target.slice(0, queryAt)).replace(/\/+$/, "") || "/";
  const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
  if (body === null) {
    return sendJson(res, 413, errorBody(new PaypalError(413, [detail("INVALID_PARAMETER_VALUE", "body")], "INVALID_REQUEST"), res));
  }
  const ctx: Ctx = { req, res, method: req.method ?? "GET", path, query, body, apiBase };
  delayAnswerIfAsked(emu, ctx);
  const run = () => {
    try {
      route(emu, ctx);
      // Handlers change the state synchronously: saved before the next request is read.
      if (emu.persist && ctx.method !== "GET" && ctx.method !== "HEAD") emu.persist();
    } catch (error) {
      if (error instanceof PaypalError) {
        const allow = (error as PaypalError & { allow?: string }).allow;
        return sendJson(res, error.status, errorBody(error, res), allow ? { Allow: allow } : {});
      }
      // A bug in the emulator itself: say so loudly, answer like PayPal would.
      console.error("PayPal emulator: unexpected error", error);
      sendJson(res, 500, errorBody(new PaypalError(500), res));
    }
  };
  // A capture held by POST /__emulator/hold-capture waits, unanswered, until it is released.
  const held = ctx.method === "POST" ? /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path) : null;
  const waiting = held ? emu.state.heldCaptures.get(decodeURIComponent(held[1]!)) : undefined;
  if (waiting) waiting.push(run);
  else run();
}
