import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, EmailField, type FieldErrors, firstError } from "~/components/ui/field";
import { redirectWithToast } from "~/web/toast.server";
import { DomainError } from "~/domain/common/errors";
import { requestBackInStock } from "~/domain/mail/back-in-stock.server";
import { BackInStockSchema } from "~/domain/mail/schemas";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { db } from "~/lib/db.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor, i18nOf } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";
import { formConstraints } from "~/web/form-constraints.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("product.backInStock.title"), noindex: true });

/** Only the product page's form posts here; a visit without one goes back to the shop. */
export function loader() {
  return json({ constraints: formConstraints(BackInStockSchema) });
}

/**
 * The product page's 'Email me when it's back' form: saved, back to the product with a
 * notice; refused (a malformed address, an unknown or in-stock item), this page shows the
 * form again with the message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: BackInStockSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const { slug } = await requestBackInStock(db, submission.value, getClientIp(request));
    const { t, text } = i18nOf(request);
    return redirectWithToast(`/product/${slug}`, {
      title: t("product.backInStock.checkInbox"),
      description: text(MAIL_TEXT.backInStockSaved),
      type: "success",
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}

export default function BackInStockPage() {
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error as FieldErrors;
  const values = (actionData?.result.initialValue ?? {}) as Record<string, string | undefined>;
  const problem = firstError(errors, "") ?? firstError(errors, "productId") ?? firstError(errors, "colorId") ?? firstError(errors, "variationCode");
  const { t, text } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("product.backInStock.title")}</h1>
      <div className="form-card">
        {problem ? <Alert title={t("product.backInStock.refused")}>{text(problem)}</Alert> : null}
        {values.productId && !problem ? (
          <Form method="post" className="form-stack" aria-label={t("product.backInStock.title")}>
            <input type="hidden" name="productId" value={values.productId} />
            {values.colorId ? <input type="hidden" name="colorId" value={values.colorId} /> : null}
            {values.variationCode ? <input type="hidden" name="variationCode" value={values.variationCode} /> : null}
            <EmailField constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
            <button type="submit" className="button button-lg button-block">
              {t("product.backInStock.notify")}
            </button>
          </Form>
        ) : null}
        <p className="small center">
          <Link to="/shop">{t("product.backInStock.backToShop")}</Link>
        </p>
      </div>
    </div>
  );
}
