// One request's context and the helpers that read it and write PayPal-shaped answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PaypalError, detail } from "./errors";
import type { EmulatorContext } from "./state";
import { debugId } from "./util";

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  /** Base URL of the API as the caller reached it, for `links`. */
  apiBase: string;
}

export function send(res: ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  res.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": String(Buffer.byteLength(body)),
    "Paypal-Debug-Id": String(res.getHeader("Paypal-Debug-Id") ?? debugId()),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  send(res, status, status === 204 ? "" : JSON.stringify(value), "application/json", headers);
}

/** PayPal's error JSON; its debug_id is the one in the answer's Paypal-Debug-Id header. */
export function errorBody(error: PaypalError, res: ServerResponse) {
  const body: Record<string, unknown> = { name: error.errorName, message: error.message, debug_id: String(res.getHeader("Paypal-Debug-Id") ?? debugId()) };
  if (error.details.length > 0) body.details = error.details;
  const issue = error.details[0]?.issue;
  body.links = [
    {
      href: issue ? `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}` : "https://developer.paypal.com/api/rest/reference/orders/v2/errors/",
      rel: "information_link",
      method: "GET",
    },
  ];
  return body;
}

export function parseJson(ctx: Ctx, { emptyAllowed = false } = {}): unknown {
  const text = ctx.body.toString("utf8").trim();
  if (text === "") {
    if (emptyAllowed) return {};
    throw new PaypalError(400, [detail("MALFORMED_REQUEST_JSON")]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new PaypalError(400, [detail("MALFORMED_REQUEST_JSON")]);
  }
}

/** Runs `handler` once per `PayPal-Request-Id`; a repeat gets the first answer back. 5xx answers are not kept. */
export function idempotent(emu: EmulatorContext, ctx: Ctx, operation: string, handler: () => { status: number; value: unknown }) {
  const requestId = ctx.req.headers["paypal-request-id"];
  const key = typeof requestId === "string" && requestId !== "" ? `${operation} ${requestId}` : undefined;
  const stored = key ? emu.state.idempotency.get(key) : undefined;
  if (stored) return send(ctx.res, stored.status, stored.body, "application/json");
  let status: number;
  let body: string;
  try {
    const result = handler();
    status = result.status;
    body = JSON.stringify(result.value);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    status = error.status;
    body = JSON.stringify(errorBody(error, ctx.res));
  }
  if (key && status < 500) emu.state.idempotency.set(key, { status, body });
  send(ctx.res, status, body, "application/json");
}

export function wantsMinimal(ctx: Ctx) {
  return /return=minimal/i.test(String(ctx.req.headers.prefer ?? ""));
}
