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

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Two-Factor Sign In", noindex: true });

const EXPIRED = "Your sign-in took too long. Please sign in again.";

/** The second step of signing in to an account with a second factor (after the password). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getPendingSignIn(request))) throw await redirectWithToast("/login", loginFailed(EXPIRED));
  return json({ ok: true, constraints: formConstraints(SecondFactorSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const pending = await getPendingSignIn(request);
  if (!pending) return redirectWithToast("/login", loginFailed(EXPIRED));
  const submission = parseWithZod(formData, { schema: SecondFactorSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await verifySecondFactor(db, pending.userId, submission.value.code);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await logAccountSignIn(db, { userId: pending.userId, ok: false, reason: error.status === 429 ? "too many codes" : "wrong code", ip: getClientIp(request) });
    if (error.status === 429) return redirectWithToast("/login", loginFailed(`${error.message} Please sign in again later.`));
    return json({ result: submission.reply({ fieldErrors: { code: [error.message] }, hideFields: ["code"] }) }, { status: error.status });
  }
  const cookie = await signInUser(request, pending.userId);
  const toast = pending.redirectTo.startsWith("/admin") ? AUTH_TOAST_TEXT.adminLoginSuccess : AUTH_TOAST_TEXT.loginSuccess;
  return redirectWithToast(pending.redirectTo, { ...toast }, [cookie]);
}

export default function TwoFactorSignIn() {
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData && "result" in actionData ? actionData.result.error : null) as FieldErrors;
  return (
    <div className="container auth-page">
      <h1>Two-Factor Sign In</h1>
      <p className="muted">Enter the six-digit code from your authenticator app, or one of your recovery codes.</p>
      <div className="form-card">
        {firstError(errors, "code") ? <Alert title="Sign in not finished">{firstError(errors, "code")}</Alert> : null}
        <Form method="post" className="form-stack" aria-label="Two-factor code">
          <Field
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="text"
            {...constraints.code}
            autoFocus
            error={firstError(errors, "code")}
          />
          <button type="submit" className="button button-lg button-block">
            Verify
          </button>
        </Form>
        <form method="post" action="/logout">
          <button type="submit" className="button button-secondary">
            Cancel and sign out
          </button>
        </form>
      </div>
    </div>
  );
}
