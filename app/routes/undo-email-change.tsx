import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { readUndoToken, undoEmailChange } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { emailTokenAction } from "~/web/email-token.server";
import { useI18n } from "~/i18n/context";
import { metaI18n } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: metaI18n(args.matches).t("auth.undo.title"), noindex: true, canonical: false }),
  { name: "referrer", content: "same-origin" },
];

// Opening the link changes nothing: the page shows both addresses and asks for one click.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state, oldEmail, newEmail } = await readUndoToken(db, token);
  const problem = state === "valid" ? null : EMAIL_TOKEN_TEXT.undo[state];
  return json({ token: problem ? "" : token, oldEmail, newEmail, problem }, { status: problem ? 400 : 200 });
}

/** Restores the old address and ends every session of the account (this browser's too). */
export function action({ request }: ActionFunctionArgs) {
  return emailTokenAction(request, EMAIL_TOKEN_TEXT.undo.invalid, (token) => undoEmailChange(db, token));
}

export default function UndoEmailChangePage() {
  const { token, oldEmail, newEmail, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? problem;
  const { t, text, rich } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("auth.undo.title")}</h1>
      <div className="form-card">
        {actionData?.done ? (
          <>
            <Alert title={t("auth.undo.restored")} tone="success">
              {rich("auth.undo.again", { email: <strong>{actionData.email}</strong> })} {text(EMAIL_TOKEN_TEXT.undoneShort)}
            </Alert>
            <p className="center">
              <Link to="/forgot-password" className="button">
                {t("auth.undo.newPassword")}
              </Link>
            </p>
          </>
        ) : error ? (
          <Alert title={t("auth.link.cannotUse")}>{text(error)}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>{rich("auth.undo.question", { newEmail: <strong>{newEmail}</strong>, oldEmail: <strong>{oldEmail}</strong> })}</p>
            <button type="submit" className="button button-lg button-block">
              {t("auth.undo.confirm")}
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
