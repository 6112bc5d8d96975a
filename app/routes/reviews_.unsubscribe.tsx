import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { DomainError } from "~/domain/common/errors";
import { getReviewUnsubscribeEmail, optOutOfReviewMail } from "~/domain/reviews/request-mail.server";
import { REVIEW_TEXT } from "~/domain/reviews/schemas";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { readFormData } from "~/web/http.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Unsubscribe", noindex: true, canonical: false });

// Opening the link changes nothing (mail scanners open links): the page asks for one click.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await getReviewUnsubscribeEmail(db, token);
  return json({ token: email ? token : "", email }, { status: email ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  try {
    const { email } = await optOutOfReviewMail(db, String(formData.get("token") ?? ""));
    return json({ done: true as const, email, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: false as const, email: null, error: error.message }, { status: error.status });
  }
}

export default function ReviewUnsubscribePage() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container auth-page">
      <h1>Review request e-mails</h1>
      <div className="form-card">
        {actionData?.done ? (
          <Alert title="Unsubscribed" tone="success">
            {REVIEW_TEXT.unsubscribed}
          </Alert>
        ) : !email || actionData?.error ? (
          <Alert title="This link cannot be used">{actionData?.error ?? REVIEW_TEXT.unsubscribeInvalid}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>
              Stop the e-mails asking <strong>{email}</strong> to review delivered orders?
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
