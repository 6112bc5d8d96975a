import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, type FieldErrors, firstError, PasswordField } from "~/components/ui/field";
import { beginSignIn } from "~/web/auth/sign-in-session.server";
import { redirectWithToast } from "~/web/toast.server";
import { getResetTokenState, resetPassword, resetTokenMessage } from "~/domain/auth/password-reset.server";
import { DomainError } from "~/domain/common/errors";
import { ResetPasswordSchema } from "~/domain/mail/schemas";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { busyLabel } from "~/lib/behavior-contract";
import { formConstraints } from "~/web/form-constraints.server";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast } from "~/web/auth/page-language.server";

// The token is in the URL: no canonical link, no indexing, and no Referer to other sites (same-origin: "no-referrer" would make the form post Origin: null).
export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: metaI18n(args.matches).t("auth.reset.title"), noindex: true, canonical: false }),
  { name: "referrer", content: "same-origin" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await getResetTokenState(db, token);
  return json(
    { token: state === "valid" ? token : "", problem: state === "valid" ? null : resetTokenMessage(state), constraints: formConstraints(ResetPasswordSchema) },
    { status: state === "valid" ? 200 : 400 },
  );
}

/**
 * Sets the new password, ends every other session and signs the user in with a fresh one (an
 * account with a second factor is sent to its code page first).
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  try {
    const { userId } = await resetPassword(db, submission.value);
    // The mailbox alone is not the second factor: an account with one asks for its code next.
    const next = await beginSignIn(request, userId, "/account");
    return redirectWithToast(next.location, pageToast(request, { title: "Password changed", description: MAIL_TEXT.resetDone, type: "success" }), [
      next.cookie,
    ]);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const errors = error.field === "password" ? { fieldErrors: { password: [error.message] } } : { formErrors: [error.message] };
    return json({ result: submission.reply({ ...errors, hideFields: ["password", "confirmPassword"] }) }, { status: error.status });
  }
}

export default function ResetPasswordPage() {
  const { token, problem, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error as FieldErrors;
  const formError = firstError(errors, "") ?? firstError(errors, "token");
  const shownProblem = formError ?? problem;
  const { t, text } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{t("auth.reset.heading")}</h1>
      <div className="form-card">
        {shownProblem ? (
          <>
            <Alert title={t("auth.link.cannotUse")}>{text(shownProblem)}</Alert>
            <p className="center">
              <Link to="/forgot-password" className="button">
                {t("auth.reset.askNew")}
              </Link>
            </p>
          </>
        ) : null}
        {token && !formError ? (
          <Form method="post" className="form-stack" aria-label={t("auth.reset.form")}>
            <input type="hidden" name="token" value={token} />
            <PasswordField
              label={t("auth.reset.newPassword")}
              autoComplete="new-password"
              constraint={constraints.password}
              hint={t("auth.login.passwordHint", { min: constraints.password.minLength ?? "" })}
              error={firstError(errors, "password")}
            />
            {/* The schema holds the confirmation equal to the password, so it has the password's limits. */}
            <PasswordField
              name="confirmPassword"
              label={t("auth.reset.confirmPassword")}
              autoComplete="new-password"
              constraint={constraints.password}
              error={firstError(errors, "confirmPassword")}
            />
            <button type="submit" className="button button-lg button-block" {...busyLabel(t("auth.reset.saving"))}>
              {t("auth.reset.submit")}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
