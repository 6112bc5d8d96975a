import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { readUndoToken, undoEmailChange } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { emailTokenAction } from "~/web/email-token.server";

export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: "Undo the e-mail change", noindex: true, canonical: false }),
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
  return (
    <div className="container auth-page">
      <h1>Undo the e-mail change</h1>
      <div className="form-card">
        {actionData?.done ? (
          <>
            <Alert title="Address restored" tone="success">
              <strong>{actionData.email}</strong> is your address again. {EMAIL_TOKEN_TEXT.undoneShort}
            </Alert>
            <p className="center">
              <Link to="/forgot-password" className="button">
                Choose a new password
              </Link>
            </p>
          </>
        ) : error ? (
          <Alert title="This link cannot be used">{error}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>
              The address of your account was changed to <strong>{newEmail}</strong>. Restore <strong>{oldEmail}</strong> and sign out every device?
            </p>
            <button type="submit" className="button button-lg button-block">
              Restore my address and sign out everywhere
            </button>
          </Form>
        )}
        <p className="small center">
          <Link to="/shop">Back to the shop</Link>
        </p>
      </div>
    </div>
  );
}
