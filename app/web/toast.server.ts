import { redirect, redirectDocument } from "@remix-run/node";
import { type Toast } from "~/lib/toast";
import { createToastCookie } from "~/web/session.server";

// The one-message flash: a notification that travels in a cookie to the next page, shown once.

export type { Toast };

const toastCookie = createToastCookie();

/** The notification a previous request left for this page, and the Set-Cookie that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__toast=")) return { toast: null, setCookie: null };
  const value = (await toastCookie.parse(header)) as Toast | null;
  return { toast: value ?? null, setCookie: await toastCookie.serialize("", { maxAge: 0 }) };
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

/** Post/redirect/get with a notification shown on the next page. */
export async function redirectWithToast(url: string, toast: Toast, extraCookies: (string | null)[] = [], opts: { document?: boolean } = {}): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await toastHeader(toast));
  for (const c of extraCookies) if (c) headers.append("Set-Cookie", c);
  // document: the browser loads the target as a new document even when JavaScript followed the
  // redirect (the payment page needs its own Content-Security-Policy, with PayPal's hosts).
  return opts.document ? redirectDocument(url, { headers }) : redirect(url, { headers });
}
