import { json, redirect } from "@remix-run/node";
import { toastHeader } from "~/web/guards.server";
import { type Toast } from "~/web/session.server";

/**
 * A fetcher (JavaScript) submission is a fetch() that does not ask for HTML; a plain
 * HTML form submission always does. (Remix strips its `_data` marker before actions run.)
 */
export function isFetchRequest(request: Request): boolean {
  return !(request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * Ends a form action. Plain HTML forms get post/redirect/get with the toast in a
 * flash cookie; fetchers get JSON (errors carry the toast so the page shows it).
 */
export async function respond(request: Request, opts: { redirectTo: string; toast?: Toast; status?: number; cookies?: (string | null)[] }): Promise<Response> {
  const headers = new Headers();
  const ok = !opts.status || opts.status < 400;
  if (opts.toast && (ok || !isFetchRequest(request))) headers.append("Set-Cookie", await toastHeader(opts.toast));
  for (const c of opts.cookies ?? []) if (c) headers.append("Set-Cookie", c);
  if (isFetchRequest(request)) {
    return json(ok ? { ok: true as const } : { ok: false as const, error: opts.toast ?? null }, { status: opts.status ?? 200, headers });
  }
  return redirect(opts.redirectTo, { headers });
}
