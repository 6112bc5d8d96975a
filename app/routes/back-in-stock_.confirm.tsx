import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { DomainError } from "~/domain/common/errors";
import { confirmBackInStock, getBackInStockConfirmation } from "~/domain/mail/back-in-stock.server";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("product.backInStock.confirmMeta"), noindex: true, canonical: false });

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
  const { t, text, rich } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("product.backInStock.confirmTitle")}</h1>
      <div className="form-card">
        {actionData?.done ? (
          <Alert title={t("product.backInStock.onList")} tone="success">
            {text(MAIL_TEXT.backInStockConfirmed)}
          </Alert>
        ) : !productTitle || actionData?.error ? (
          <Alert title={t("product.backInStock.badLink")}>{text(actionData?.error ?? MAIL_TEXT.backInStockConfirmInvalid)}</Alert>
        ) : (
          <Form method="post" className="form-stack" aria-label={t("product.backInStock.confirmMeta")}>
            <input type="hidden" name="token" value={token} />
            <p>{rich("product.backInStock.question", { title: <strong>{productTitle}</strong> })}</p>
            <button type="submit" className="button button-lg button-block">
              {t("product.backInStock.confirm")}
            </button>
          </Form>
        )}
        <p className="small center">
          {actionData?.done ? (
            <Link to={`/product/${actionData.slug}`}>{t("product.backInStock.backTo", { title: actionData.productTitle })}</Link>
          ) : (
            <Link to="/shop">{t("product.backInStock.backToShop")}</Link>
          )}
        </p>
      </div>
    </div>
  );
}
