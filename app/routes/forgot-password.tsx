import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, EmailField, type FieldErrors, firstError } from "~/components/ui/field";
import { requestPasswordReset } from "~/domain/auth/password-reset.server";
import { DomainError } from "~/domain/common/errors";
import { ForgotPasswordSchema } from "~/domain/mail/schemas";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { db } from "~/lib/db.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { busyLabel } from "~/lib/behavior-contract";
import { formConstraints } from "~/web/form-constraints.server";
import { useI18n } from "~/i18n/context";
import { metaI18n } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("auth.forgot.title"), noindex: true });

export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "1", constraints: formConstraints(ForgotPasswordSchema) });
}

/** The same answer whether or not the address has an account; 429 while throttled. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await requestPasswordReset(db, submission.value.email, getClientIp(request));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPasswordPage() {
  const { sent, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error as FieldErrors;
  const values = (actionData?.result.initialValue ?? {}) as Record<string, string | undefined>;
  const formError = firstError(errors, "");
  const { t, text } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("auth.forgot.heading")}</h1>
      <p className="muted">{t("auth.forgot.intro")}</p>
      <div className="form-card">
        {sent ? (
          <Alert title={t("auth.forgot.checkInbox")} tone="success">
            {text(MAIL_TEXT.forgotSent)}
          </Alert>
        ) : null}
        {formError ? <Alert title={t("auth.forgot.tryLater")}>{text(formError)}</Alert> : null}
        <Form method="post" className="form-stack" aria-label={t("auth.forgot.form")}>
          <EmailField label={t("auth.field.email")} constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
          <button type="submit" className="button button-lg button-block" {...busyLabel(t("auth.forgot.sending"))}>
            {t("auth.forgot.send")}
          </button>
        </Form>
        <p className="small center">
          <Link to="/login">{t("auth.forgot.back")}</Link>
        </p>
      </div>
    </div>
  );
}
