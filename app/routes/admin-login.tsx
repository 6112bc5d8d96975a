import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Alert, EmailField, type FieldErrors, firstError, PasswordField } from "~/components/ui/field";
import { LoginSchema } from "~/domain/auth/schemas";
import { formConstraints } from "~/web/form-constraints.server";
import { redirectWithToast } from "~/web/toast.server";
import { ADMIN_DENIED_TEXT, AUTH_TOAST_TEXT } from "~/domain/auth/texts";
import { signInWithForm } from "~/web/auth/sign-in.server";
import { countThrottledAdminSignIn } from "~/domain/ops/activity.server";
import { db } from "~/lib/db.server";
import { getClientIp, readFormData, safeRedirect } from "~/web/http.server";
import { requireAnonymous } from "~/web/guards.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Admin Sign In", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/admin");
  const user = await requireAnonymous(request, redirectTo, "admin");
  return json({ redirectTo, signedInAs: user?.email ?? null, constraints: formConstraints(LoginSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/admin");
  const outcome = await signInWithForm(request, formData);
  const email = String(formData.get("email") ?? "");
  if (!outcome.ok) {
    // A wrong password of an admin account is logged where it is checked (verifyLogin, after the
    // limits); a throttled one only adds to its address's row. Other e-mails are never logged.
    if (outcome.status === 429) await countThrottledAdminSignIn(db, { email, ip: getClientIp(request) });
    return json({ denied: false, result: outcome.result, alert: outcome.alert }, { status: outcome.status });
  }
  if (!outcome.user.isAdmin) {
    // The sign-in itself succeeded (the customer is signed in), but this door stays shut: no redirect.
    return json(
      { denied: true, result: null, alert: { title: ADMIN_DENIED_TEXT, type: "error" as const, description: undefined } },
      { status: 403, headers: { "Set-Cookie": outcome.cookie } },
    );
  }
  // The sign-in itself was logged by signInUser (every door's way in).
  return redirectWithToast(redirectTo, { ...AUTH_TOAST_TEXT.adminLoginSuccess }, [outcome.cookie]);
}

export default function AdminLoginPage() {
  const { redirectTo, signedInAs, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = (actionData?.result?.initialValue ?? {}) as Record<string, string | undefined>;
  const errors = actionData?.result?.error as FieldErrors;
  const busy = useNavigation().state !== "idle";
  useClearPasswordAfter(actionData);

  return (
    <div className="container auth-page">
      <h1>Admin Sign In</h1>
      <p className="muted">For the shop&apos;s owner: products, orders, customers and loyalty points.</p>
      <div className="form-card">
        {actionData?.alert ? <Alert title={actionData.alert.title}>{actionData.alert.description}</Alert> : null}
        {!actionData && signedInAs ? (
          <Alert title="Signed in without admin rights" tone="info">
            You are signed in as {signedInAs}. Sign in with an admin account to open the dashboard.
          </Alert>
        ) : null}
        <Form method="post" className="form-stack" aria-label="Admin sign in">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <EmailField autoComplete="username" constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
          <PasswordField autoComplete="current-password" constraint={constraints.password} error={firstError(errors, "password")} />
          <button type="submit" className="button button-lg button-block" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </button>
        </Form>
      </div>
    </div>
  );
}

/**
 * After a refused attempt the page keeps what was typed (without JavaScript the server sends
 * it back, never the password); with JavaScript the inputs survive, so password fields are
 * emptied to match. The admin's sign-in alone hydrates, so it alone can do this.
 */
function useClearPasswordAfter(result: unknown) {
  useEffect(() => {
    if (!result) return;
    document.querySelectorAll<HTMLInputElement>('main input[type="password"]').forEach((input) => {
      input.value = "";
    });
  }, [result]);
}
