import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { destroySession, getSession, getUserId } from "~/web/session.server";
import { toastHeader } from "~/web/toast.server";
import { DomainError } from "~/domain/common/errors";
import { confirmDeletionByLink, readDeletionLink } from "~/domain/privacy/deletion.server";
import { DeleteLinkSchema } from "~/domain/privacy/schemas";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast } from "~/web/auth/page-language.server";

// The token is in the URL: no canonical link, no indexing, no Referer to other sites.
export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: metaI18n(args.matches).t("privacy.deleteLink.title"), noindex: true, canonical: false }),
  { name: "referrer", content: "same-origin" },
];

/**
 * The e-mailed deletion link of an account without a password. Opening it deletes nothing (mail
 * scanners open links): the page names the account and asks for one click, a POST. The link
 * alone is the proof, so it works in any browser, signed in or not.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state, email } = await readDeletionLink(db, token);
  const problem = state === "valid" ? null : PRIVACY_TEXT.link[state];
  return json({ token: state === "valid" ? token : "", email, problem }, { status: problem ? 400 : 200, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: DeleteLinkSchema });
  let userId: number;
  try {
    if (submission.status !== "success") throw new DomainError(PRIVACY_TEXT.link.invalid, 400);
    ({ userId } = await confirmDeletionByLink(db, submission.value.token));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
  const headers = new Headers();
  // This browser's session ended with the account (all its sessions are gone); a stranger's stays.
  if ((await getUserId(request)) === userId) headers.append("Set-Cookie", await destroySession(await getSession(request)));
  headers.append("Set-Cookie", await toastHeader(pageToast(request, { title: PRIVACY_TEXT.deleted, type: "success" })));
  return redirect("/", { headers });
}

export default function DeleteByLinkPage() {
  const { token, email, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? problem;
  const { t, text, rich } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("privacy.deleteLink.title")}</h1>
      <div className="form-card">
        {error ? (
          <Alert title={t("auth.link.cannotUse")}>{text(error)}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>{rich("privacy.deleteLink.question", { email: <strong>{email}</strong> })}</p>
            <button type="submit" className="button button-lg button-block button-delete">
              {t("privacy.data.deleteButton")}
            </button>
          </Form>
        )}
        <p className="small center">
          <Link to="/shop">{t("auth.link.backToShop")}</Link>
        </p>
      </div>
    </div>
  );
}
