/** What the shop looks at to choose between a JSON answer and a page. */
export interface AnswerRequest {
  /** The request's path, with its query when it has one ("/cart", "/admin?tab=products&_data=routes%2Fadmin"). */
  path: string;
  accept?: string | null;
  contentType?: string | null;
}

const API_PATH = /^\/api(?:\/|$)/i;

/** The media types a header lists, without their parameters ("text/html;q=0.9" → "text/html"). */
function mediaTypes(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .filter(Boolean);
}

const isJsonType = (type: string) => type === "application/json" || type.endsWith("+json");

/**
 * Whether a request gets JSON rather than a page: the one rule behind every answer that can be
 * either (the server's 403 and 413, a page action's answer, respond(), sign-in, checkout).
 *
 * - A path under /api/ always gets JSON.
 * - An Accept that names text/html gets a page: every browser navigation and plain form post sends it.
 * - Otherwise JSON when the client asks for it: its Accept names JSON, its body is JSON, or it is
 *   Remix's own client fetching a route's data (`?_data=`, the admin's pages), which sends no Accept.
 * - Anything else (no Accept, or the wildcard of curl and a bare fetch) gets what a form post gets: a page.
 */
export function wantsJson({ path, accept, contentType }: AnswerRequest): boolean {
  const [pathname, query = ""] = path.split("?", 2) as [string, string?];
  if (API_PATH.test(pathname)) return true;
  const accepted = mediaTypes(accept);
  if (accepted.includes("text/html")) return false;
  if (accepted.some(isJsonType) || mediaTypes(contentType).some(isJsonType)) return true;
  return new URLSearchParams(query).has("_data");
}

/** wantsJson for a Fetch API request (the app's side; the server asks with express's fields). */
export function requestWantsJson(request: Request): boolean {
  const url = new URL(request.url);
  return wantsJson({ path: url.pathname + url.search, accept: request.headers.get("Accept"), contentType: request.headers.get("Content-Type") });
}
