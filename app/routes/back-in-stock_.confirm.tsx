import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { DomainError } from "~/domain/common/errors";
import { confirmBackInStock, getBackInStockConfirmation } from "~/domain/mail/back-in-stock.server";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Confirm back-in-stock e-mail", noindex: true, canonical: false });

// Opening the link changes nothing (mail scanners open links): the page asks for one click.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = await getBackInStockConfirmation(db, token);
  return json({ token: pending ? token : "", productTitle: pending?.productTitle ?? null }, { status: pending ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  try {
    const { productTitle, slug } = await confirmBackInStock(db, String(formData.get("token") ?? ""));
    return json({ done: true as const, productTitle, slug, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: false as const, productTitle: null, slug: null, error: error.message }, { status: error.status });
  }
}

export default function ConfirmBackInStockPage() {
  const { token, productTitle } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container auth-page">
      <h1>Back-in-stock e-mail</h1>
      <div className="form-card">
        {actionData?.done ? (
          <Alert title="You are on the list" tone="success">
            {MAIL_TEXT.backInStockConfirmed}
          </Alert>
        ) : !productTitle || actionData?.error ? (
          <Alert title="This link cannot be used">{actionData?.error ?? MAIL_TEXT.backInStockConfirmInvalid}</Alert>
        ) : (
          <Form method="post" className="form-stack" aria-label="Confirm back-in-stock e-mail">
            <input type="hidden" name="token" value={token} />
            <p>
              E-mail this address when <strong>{productTitle}</strong> is back in stock?
            </p>
            <button type="submit" className="button button-lg button-block">
              Confirm
            </button>
          </Form>
        )}
        <p className="small center">
          {actionData?.done ? <Link to={`/product/${actionData.slug}`}>Back to {actionData.productTitle}</Link> : <Link to="/shop">Back to the shop</Link>}
        </p>
      </div>
    </div>
  );
}
