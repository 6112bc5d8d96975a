import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { DomainError } from "~/domain/common/errors";
import { readUnsubscribeToken, unsubscribeBackInStock } from "~/domain/mail/back-in-stock.server";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Unsubscribe", noindex: true, canonical: false });

// Opening the link changes nothing (mail scanners open links): the page asks for one click.
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = readUnsubscribeToken(token);
  return json({ token: email ? token : "", email }, { status: email ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  try {
    const { email } = await unsubscribeBackInStock(db, String(formData.get("token") ?? ""));
    return json({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: false as const, email: null, error: error.message }, { status: error.status });
  }
}

export default function UnsubscribePage() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container auth-page">
      <h1>Back-in-stock e-mails</h1>
      <div className="form-card">
        {actionData?.done ? (
          <Alert title="Unsubscribed" tone="success">
            {MAIL_TEXT.unsubscribed}
          </Alert>
        ) : !email || actionData?.error ? (
          <Alert title="This link cannot be used">{actionData?.error ?? MAIL_TEXT.unsubscribeInvalid}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>
              Stop every back-in-stock e-mail to <strong>{email}</strong>?
            </p>
            <button type="submit" className="button button-lg button-block">
              Unsubscribe
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
