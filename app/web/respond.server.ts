import { json, redirect } from "@remix-run/node";
import { toastHeader } from "~/web/guards.server";
import { type Toast } from "~/web/session.server";

/**
 * A submission from script (the browser module asks for JSON: web/form-answer.server.ts; the
 * admin's Remix fetchers ask for anything) does not ask for HTML; a plain HTML form always does.
 */
export function isFetchRequest(request: Request): boolean {
  return !(request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * Ends a form action. Plain HTML forms get post/redirect/get with the toast in a flash cookie;
 * scripts get JSON carrying the toast, which they show themselves, and `answer`'s fields (what
 * the page would have shown, e.g. Add to Cart's drawer) so they need no second request.
 */
export async function respond(
  request: Request,
  opts: { redirectTo: string; toast?: Toast; status?: number; cookies?: (string | null)[]; answer?: () => Promise<Record<string, unknown>> },
): Promise<Response> {
  const headers = new Headers();
  const ok = !opts.status || opts.status < 400;
  if (opts.toast && !isFetchRequest(request)) headers.append("Set-Cookie", await toastHeader(opts.toast));
  for (const c of opts.cookies ?? []) if (c) headers.append("Set-Cookie", c);
  if (isFetchRequest(request)) {
    const extra = opts.answer ? await opts.answer() : {};
    return json(ok ? { ...extra, ok: true as const, toast: opts.toast ?? null } : { ...extra, ok: false as const, error: opts.toast ?? null }, {
      status: opts.status ?? 200,
      headers,
    });
  }
  return redirect(opts.redirectTo, { headers });
}
