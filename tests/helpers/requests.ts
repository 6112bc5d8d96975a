import { CLIENT_IP_HEADER } from "~/web/http.server";

/**
 * Request builders for calling loaders and actions directly, the one set every integration test uses.
 * Writes carry the shop's own Origin unless `origin` says otherwise (`null` leaves it out), as a browser's would.
 */

/** The shop's address in tests: APP_URL from tests/setup/per-file.ts. */
export const ORIGIN = "http://localhost:3000";

export interface RequestOptions {
  /** The Cookie header, e.g. from cookieFor(userId). */
  cookie?: string;
  /** The Origin header of a write; defaults to ORIGIN, `null` sends none. */
  origin?: string | null;
  /** The Accept header; each builder has its own default, `null` sends none (a fetcher's form post). */
  accept?: string | null;
  /** The client address the app reads (the trusted proxy's header). */
  ip?: string;
  /** Any further headers. */
  headers?: Record<string, string>;
}

function build(path: string, method: string, opts: RequestOptions, defaults: { accept?: string; contentType?: string }, body?: BodyInit): Request {
  const headers: Record<string, string> = {};
  const accept = opts.accept === undefined ? defaults.accept : opts.accept;
  if (accept) headers.Accept = accept;
  if (defaults.contentType) headers["Content-Type"] = defaults.contentType;
  if (method !== "GET" && method !== "HEAD") {
    const origin = opts.origin === undefined ? ORIGIN : opts.origin;
    if (origin !== null) headers.Origin = origin;
  }
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.ip) headers[CLIENT_IP_HEADER] = opts.ip;
  Object.assign(headers, opts.headers);
  return new Request(new URL(path, ORIGIN), { method, headers, body });
}

const jsonBody = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body));

/** A GET (no Accept unless given: a plain link's request). */
export function get(path: string, opts: RequestOptions = {}): Request {
  return build(path, "GET", opts, {});
}

/** A GET asking for JSON, as the API's clients send it. */
export const getJson = (path: string, opts: RequestOptions = {}) => apiRequest("GET", path, opts);

/** An HTML form's POST (urlencoded, Accept text/html). */
export function postForm(path: string, fields: Record<string, string>, opts: RequestOptions = {}): Request {
  return build(path, "POST", opts, { accept: "text/html", contentType: "application/x-www-form-urlencoded" }, new URLSearchParams(fields).toString());
}

/** A multipart POST (file uploads); fetch sets the boundary's Content-Type. */
export function postMultipart(path: string, body: FormData | Blob, opts: RequestOptions = {}): Request {
  return build(path, "POST", opts, { accept: "text/html" }, body);
}

/** An API call: Accept JSON, and a JSON body when `body` is given (a string is sent as it is, for malformed JSON). */
export function apiRequest(method: string, path: string, opts: RequestOptions & { body?: unknown } = {}): Request {
  const { body, ...rest } = opts;
  if (body === undefined) return build(path, method, rest, { accept: "application/json" });
  return build(path, method, rest, { accept: "application/json", contentType: "application/json" }, jsonBody(body));
}

export const sendJson = (method: string, path: string, body: unknown, opts: RequestOptions = {}) => apiRequest(method, path, { ...opts, body });
export const postJson = (path: string, body: unknown, opts: RequestOptions = {}) => apiRequest("POST", path, { ...opts, body });
export const putJson = (path: string, body: unknown, opts: RequestOptions = {}) => apiRequest("PUT", path, { ...opts, body });
export const del = (path: string, opts: RequestOptions = {}) => apiRequest("DELETE", path, opts);

/** The arguments Remix hands a loader or action. */
export function args(request: Request, params: Record<string, string> = {}, context: Record<string, unknown> = {}) {
  return { request, params, context };
}

/** Calls a loader or action and gives back its Response, thrown (redirects, errors) or returned. */
export async function run(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Calls a route module's loader or action with this request and gives back its Response, thrown or returned. */
export function call(handler: (routeArgs: never) => Promise<Response> | Response, request: Request, params: Record<string, string> = {}): Promise<Response> {
  return run(() => handler(args(request, params) as never));
}

/** The `name=value` pair of the named cookie a response sets, ready to send back. */
export function setCookie(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
}
