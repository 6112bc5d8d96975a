import { type EntryContext } from "@remix-run/node";
import { STORAGE_FAULT_RETRY_AFTER_SECONDS } from "~/lib/storage-fault";
import { requestWantsJson } from "~/lib/wants-json";

/**
 * The public contract between the shop's browser module and its pages: a form posted to its own
 * action with `Accept: application/json` gets the action's result as JSON, with the action's
 * status and cookies, instead of the page (a plain form post, which asks for HTML, still gets
 * post/redirect/get or the page with its errors). Redirects are answered as Remix answers them.
 * A refusal the action threw (401, 403, 404, 405) becomes `{ message }` with its status, and so
 * does a write the database refused (503, with Retry-After).
 * Who wants JSON is lib/wants-json.ts's rule; a page's GET always gets the page.
 */
export function answersActionAsJson(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  return requestWantsJson(request);
}

interface ErrorLike {
  status: number;
  statusText?: string;
  data?: unknown;
  /** Remix's own refusals (no such route, no action): their text is for developers. */
  internal?: boolean;
}

function isErrorResponse(error: unknown): error is ErrorLike {
  return typeof error === "object" && error !== null && typeof (error as ErrorLike).status === "number" && "data" in error;
}

function messageOf(error: ErrorLike): string {
  if (error.internal) return error.status === 404 ? "Not found" : error.status === 405 ? "Method not allowed" : "Request refused";
  const data = error.data;
  if (typeof data === "object" && data !== null && typeof (data as { message?: unknown }).message === "string") return (data as { message: string }).message;
  if (typeof data === "string" && data) return data;
  return error.statusText || "Request refused";
}

export function formJsonAnswer(context: EntryContext["staticHandlerContext"], status: number, headers: Headers): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  const errors = Object.values(context.errors ?? {});
  if (errors.length > 0) {
    const error = errors[0];
    // Anything but a refusal the route threw stays generic: details go to the log only. A 503
    // (a write the database refused) says so, and when to come back.
    if (isErrorResponse(error) && (error.status < 500 || (error.status === 503 && !error.internal))) {
      if (error.status === 503) headers.set("Retry-After", String(STORAGE_FAULT_RETRY_AFTER_SECONDS));
      return new Response(JSON.stringify({ message: messageOf(error) }), { status: error.status, headers });
    }
    return new Response(JSON.stringify({ message: "Something went wrong. Please try again." }), { status: 500, headers });
  }
  const data = Object.values(context.actionData ?? {})[0] ?? null;
  return new Response(JSON.stringify(data), { status, headers });
}
