import { json } from "@remix-run/node";
import { DomainError } from "~/domain/common/errors";
import { db, type DB } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";

/**
 * The confirm step of an e-mail's unsubscribe link (back-in-stock, review requests): the page's
 * loader only reads the token, since mail scanners open links; the action does the unsubscribing.
 */
export async function unsubscribeLoaderAnswer(request: Request, emailFor: (token: string) => string | null | Promise<string | null>) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await emailFor(token);
  return json({ token: email ? token : "", email }, { status: email ? 200 : 400 });
}

export async function unsubscribeAction(request: Request, unsubscribe: (db: DB, token: string) => Promise<{ email: string }>) {
  const formData = await readFormData(request);
  try {
    const { email } = await unsubscribe(db, String(formData.get("token") ?? ""));
    return json({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: false as const, email: null, error: error.message }, { status: error.status });
  }
}
