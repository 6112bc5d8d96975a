import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, Field, firstError, type FieldErrors } from "~/components/ui/field";
import { getPendingSignIn, signInUser } from "~/web/auth/sign-in-session.server";
import { redirectWithToast } from "~/web/toast.server";
import { AUTH_TOAST_TEXT, loginFailed } from "~/domain/auth/texts";
import { SecondFactorSchema } from "~/domain/auth/schemas";
import { verifySecondFactor } from "~/domain/auth/totp.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { logAccountSignIn } from "~/domain/ops/activity.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { formConstraints } from "~/web/form-constraints.server";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast, redirectTarget } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("auth.twoFactorSignIn.title"), noindex: true });

const EXPIRED = "Your sign-in took too long. Please sign in again.";

/** The second step of signing in to an account with a second factor (after the password). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getPendingSignIn(request))) throw await redirectWithToast("/login", pageToast(request, loginFailed(EXPIRED)));
  return json({ ok: true, constraints: formConstraints(SecondFactorSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const pending = await getPendingSignIn(request);
  if (!pending) return redirectWithToast("/login", pageToast(request, loginFailed(EXPIRED)));
  const submission = parseWithZod(formData, { schema: SecondFactorSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await verifySecondFactor(db, pending.userId, submission.value.code);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await logAccountSignIn(db, { userId: pending.userId, ok: false, reason: error.status === 429 ? "too many codes" : "wrong code", ip: getClientIp(request) });
    if (error.status === 429) return redirectWithToast("/login", pageToast(request, loginFailed(`${error.message} Please sign in again later.`)));
    return json({ result: submission.reply({ fieldErrors: { code: [error.message] }, hideFields: ["code"] }) }, { status: error.status });
  }
  const cookie = await signInUser(request, pending.userId);
  const toast = pending.redirectTo.startsWith("/admin") ? AUTH_TOAST_TEXT.adminLoginSuccess : AUTH_TOAST_TEXT.loginSuccess;
  // A sign-in begun on a Polish page goes on in Polish, except to the admin (English only, never /pl/admin).
  return redirectWithToast(redirectTarget(request, pending.redirectTo), pageToast(request, toast, pending.redirectTo), [cookie]);
}

export default function TwoFactorSignIn() {
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData && "result" in actionData ? actionData.result.error : null) as FieldErrors;
  const i18n = useI18n();
  const { t } = i18n;
  const failure = firstError(errors, "code");
  return (
    <div className="container auth-page">
      <h1>{t("auth.twoFactorSignIn.title")}</h1>
      <p className="muted">{t("auth.twoFactorSignIn.intro")}</p>
      <div className="form-card">
        {failure ? <Alert title={t("auth.twoFactorSignIn.notFinished")}>{i18n.text(failure)}</Alert> : null}
        <Form method="post" className="form-stack" aria-label={t("auth.twoFactorSignIn.form")}>
          <Field
            name="code"
            label={t("auth.twoFactorSignIn.code")}
            autoComplete="one-time-code"
            inputMode="text"
            {...constraints.code}
            autoFocus
            error={failure}
          />
          <button type="submit" className="button button-lg button-block">
            {t("auth.twoFactorSignIn.verify")}
          </button>
        </Form>
        <form method="post" action={i18n.path("/logout")}>
          <button type="submit" className="button button-secondary">
            {t("auth.twoFactorSignIn.cancel")}
          </button>
        </form>
      </div>
    </div>
  );
}
