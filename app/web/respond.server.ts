import { json, redirect } from "@remix-run/node";
import { type Toast, toastHeader } from "~/web/toast.server";
import { requestWantsJson } from "~/lib/wants-json";
import { i18nOf } from "~/i18n/i18n.server";

/**
 * Ends a form action. Plain HTML forms get post/redirect/get with the toast in a flash cookie;
 * scripts (whoever wants JSON, lib/wants-json.ts: the browser module, the admin's Remix forms) get JSON carrying the toast, which they show themselves, and `answer`'s fields (what
 * the page would have shown, e.g. Add to Cart's drawer) so they need no second request.
 */
export async function respond(
  request: Request,
  opts: { redirectTo: string; toast?: Toast; status?: number; cookies?: (string | null)[]; answer?: () => Promise<Record<string, unknown>> },
): Promise<Response> {
  const scripted = requestWantsJson(request);
  const headers = new Headers();
  const ok = !opts.status || opts.status < 400;
  if (opts.toast && !scripted) headers.append("Set-Cookie", await toastHeader(opts.toast));
  for (const c of opts.cookies ?? []) if (c) headers.append("Set-Cookie", c);
  if (scripted) {
    const extra = opts.answer ? await opts.answer() : {};
    // The script shows the toast as it comes: in the page's language (the page's toaster translates its own).
    const { text } = i18nOf(request);
    const toast = opts.toast
      ? { ...opts.toast, title: text(opts.toast.title), ...(opts.toast.description ? { description: text(opts.toast.description) } : {}) }
      : null;
    return json(ok ? { ...extra, ok: true as const, toast } : { ...extra, ok: false as const, error: toast }, {
      status: opts.status ?? 200,
      headers,
    });
  }
  return redirect(opts.redirectTo, { headers });
}
