import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, firstError, type FieldErrors, PasswordField } from "~/components/ui/field";
import { LoginSchema } from "~/domain/auth/schemas";
import { formConstraints } from "~/web/form-constraints.server";
import { getAccountEmail, linkGoogleAccount, verifyLogin } from "~/domain/auth/accounts.server";
import { beginSignIn, getGoogleLink } from "~/web/auth/sign-in-session.server";
import { redirectWithToast } from "~/web/toast.server";
import { AUTH_TOAST_TEXT, loginFailed } from "~/domain/auth/texts";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast, redirectTarget } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("auth.linkGoogle.title"), noindex: true });

const EXPIRED = "Your Google sign-in took too long. Please try again.";

/**
 * Google's verified address belongs to a password account whose owner verified it: the person
 * proves they own that account by entering its password once; then Google is linked to it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const link = await getGoogleLink(request);
  const email = link ? await getAccountEmail(db, link.userId) : null;
  if (!link || !email) throw await redirectWithToast("/login", pageToast(request, loginFailed(EXPIRED)));
  // The password is checked by the sign-in's own rules (verifyLogin), so it has the sign-in's limits.
  return json({ email, constraints: { password: formConstraints(LoginSchema).password } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const link = await getGoogleLink(request);
  const email = link ? await getAccountEmail(db, link.userId) : null;
  if (!link || !email) return redirectWithToast("/login", pageToast(request, loginFailed(EXPIRED)));
  const password = formData.get("password");
  if (typeof password !== "string" || password === "") {
    return json({ errors: { password: ["Password is required"] } }, { status: 400 });
  }
  try {
    // The sign-in's own rules: its limits, its 'Invalid credentials'.
    const user = await verifyLogin(db, { email, password: password.slice(0, 200) }, getClientIp(request));
    await linkGoogleAccount(db, user.id, link.googleId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ errors: { password: [error.message] } }, { status: error.status });
  }
  const next = await beginSignIn(request, link.userId, link.redirectTo);
  if (next.location !== link.redirectTo) {
    return redirectWithToast(redirectTarget(request, next.location), pageToast(request, { title: "Google sign-in linked", type: "success" }, next.location), [
      next.cookie,
    ]);
  }
  const toast = { ...AUTH_TOAST_TEXT.loginSuccess, description: "Google sign-in is now linked to your account." };
  return redirectWithToast(redirectTarget(request, link.redirectTo), pageToast(request, toast, link.redirectTo), [next.cookie]);
}

export default function LinkGooglePage() {
  const { email, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData && "errors" in actionData ? actionData.errors : null) as FieldErrors;
  const { t, text } = useI18n();
  const failure = firstError(errors, "password");
  return (
    <div className="container auth-page">
      <h1>{t("auth.linkGoogle.title")}</h1>
      <p className="muted">{t("auth.linkGoogle.intro", { email })}</p>
      <div className="form-card">
        {failure ? <Alert title={t("auth.linkGoogle.notLinked")}>{text(failure)}</Alert> : null}
        <Form method="post" className="form-stack" aria-label={t("auth.linkGoogle.form")}>
          <PasswordField label={t("auth.field.password")} autoComplete="current-password" constraint={constraints.password} error={failure} />
          <button type="submit" className="button button-lg button-block">
            {t("auth.linkGoogle.submit")}
          </button>
        </Form>
      </div>
    </div>
  );
}
