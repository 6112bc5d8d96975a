import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { confirmEmailChange, readEmailChangeToken } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { emailTokenAction } from "~/web/email-token.server";
import { useI18n } from "~/i18n/context";
import { metaI18n } from "~/web/auth/page-language.server";

// The token is in the URL: no canonical link, no indexing, no Referer to other sites.
export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: metaI18n(args.matches).t("auth.change.title"), noindex: true, canonical: false }),
  { name: "referrer", content: "same-origin" },
];

// Opening the link changes nothing (mail scanners open links): the page shows the change and asks for one click.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state, newEmail } = await readEmailChangeToken(db, token);
  const problem = state === "valid" ? null : EMAIL_TOKEN_TEXT.change[state];
  return json({ token: problem ? "" : token, newEmail, problem }, { status: problem ? 400 : 200 });
}

/** Moves the account to the new address; the old address gets a notice with an undo link. */
export function action({ request }: ActionFunctionArgs) {
  return emailTokenAction(request, EMAIL_TOKEN_TEXT.change.invalid, (token) => confirmEmailChange(db, token));
}

export default function ConfirmEmailChangePage() {
  const { token, newEmail, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? problem;
  const { t, text, rich } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("auth.change.title")}</h1>
      <div className="form-card">
        {actionData?.done ? (
          <Alert title={t("auth.change.changed")} tone="success">
            {text(EMAIL_TOKEN_TEXT.changeConfirmed)} <strong>{actionData.email}</strong>
          </Alert>
        ) : error ? (
          <Alert title={t("auth.link.cannotUse")}>{text(error)}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>{rich("auth.change.question", { email: <strong>{newEmail}</strong> })}</p>
            <button type="submit" className="button button-lg button-block">
              {t("auth.change.confirm")}
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
