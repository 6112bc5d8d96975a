import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { confirmEmailChange, readEmailChangeToken } from "~/domain/auth/email-tokens.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { emailTokenAction } from "~/web/email-token.server";

// The token is in the URL: no canonical link, no indexing, no Referer to other sites.
export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: "Confirm your new e-mail address", noindex: true, canonical: false }),
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
  return (
    <div className="container auth-page">
      <h1>Confirm your new e-mail address</h1>
      <div className="form-card">
        {actionData?.done ? (
          <Alert title="Address changed" tone="success">
            {EMAIL_TOKEN_TEXT.changeConfirmed} <strong>{actionData.email}</strong>
          </Alert>
        ) : error ? (
          <Alert title="This link cannot be used">{error}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>
              An account at this shop asked to use <strong>{newEmail}</strong> as its address. Confirm only if you asked for it yourself.
            </p>
            <button type="submit" className="button button-lg button-block">
              Use this address for my account
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
