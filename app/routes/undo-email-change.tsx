import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { EmailTokenSchema } from "~/domain/auth/email-schemas";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { readUndoToken, undoEmailChange } from "~/domain/auth/email-tokens.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => [...pageMeta(args, { title: "Undo the e-mail change", noindex: true, canonical: false }), { name: "referrer", content: "same-origin" }];

// Opening the link changes nothing: the page shows both addresses and asks for one click.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state, oldEmail, newEmail } = await readUndoToken(db, token);
  const problem = state === "valid" ? null : EMAIL_TOKEN_TEXT.undo[state];
  return json({ token: problem ? "" : token, oldEmail, newEmail, problem }, { status: problem ? 400 : 200 });
}

/** Restores the old address and ends every session of the account (this browser's too). */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: EmailTokenSchema });
  try {
    if (submission.status !== "success") throw new DomainError(EMAIL_TOKEN_TEXT.undo.invalid, 400);
    const { email } = await undoEmailChange(db, submission.value.token);
    return json({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: false as const, email: null, error: error.message }, { status: error.status });
  }
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
