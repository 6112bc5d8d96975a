import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type z } from "zod";
import { Alert, EmailField, Field, type FieldErrors, firstError, PasswordField } from "~/components/ui/field";
import { LoginSchema, RegisterSchema } from "~/domain/auth/schemas";
import { formConstraints, type FormConstraints } from "~/web/form-constraints.server";
import { isGoogleConfigured } from "~/web/auth/authenticator.server";
import { AUTH_TOAST_TEXT } from "~/domain/auth/texts";
import { answerSignedIn, answerThrownRedirect, registerWithForm, signInWithForm } from "~/web/auth/sign-in.server";
import { jsonError, readFormData, safeRedirect } from "~/web/http.server";
import { requireAnonymous } from "~/web/guards.server";
import { pageMeta } from "~/lib/meta";
import { busyLabel, SIGN_IN_FORM, TAB_LINK, tabBar } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageErrors, pageToast, redirectTarget } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => {
  const { t } = metaI18n(args.matches);
  return pageMeta(args, { title: t("auth.login.title"), description: t("auth.login.description"), noindex: true });
};

type Tab = "signin" | "signup";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "signin";
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  // Someone already signed in has nothing to do here.
  await requireAnonymous(request, redirectTarget(request, redirectTo === "/" ? "/account" : redirectTo));
  return json({
    tab,
    redirectTo,
    google: isGoogleConfigured(),
    constraints: { signin: formConstraints(LoginSchema), signup: formConstraints(RegisterSchema) },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== "signin" && intent !== "signup") throw jsonError("Unknown action", 400);
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  let outcome: Awaited<ReturnType<typeof signInWithForm>>;
  try {
    outcome = intent === "signin" ? await signInWithForm(request, formData) : await registerWithForm(request, formData);
  } catch (thrown) {
    // The second factor's page is next: the browser module is told where, as after a sign-in.
    throw (await answerThrownRedirect(request, thrown)) ?? thrown;
  }
  if (!outcome.ok) {
    // The browser module shows these as they come: in the page's language.
    const result = { ...outcome.result, error: pageErrors(request, outcome.result.error) };
    return json({ intent: intent as Tab, result, alert: pageToast(request, outcome.alert) }, { status: outcome.status });
  }
  const toast = intent === "signin" ? { ...AUTH_TOAST_TEXT.loginSuccess } : { ...AUTH_TOAST_TEXT.registered };
  return answerSignedIn(request, redirectTo, toast, [outcome.cookie]);
}

export default function LoginPage() {
  const { tab, redirectTo, google, constraints } = useLoaderData<typeof loader>();
  const i18n = useI18n();
  const { t } = i18n;
  const actionData = useActionData<typeof action>();
  const active: Tab = actionData?.intent ?? tab;
  const values = (actionData?.result.initialValue ?? {}) as Record<string, string | undefined>;
  const errors = actionData?.result.error as FieldErrors;
  const tabLink = (t: Tab) => `/login?${new URLSearchParams({ ...(t === "signup" ? { tab: "signup" } : {}), ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;

  return (
    // Tabs swap this element in place (browser/behaviors/tabs.ts): heading and form change together.
    <div className="container auth-page" id="login-panel">
      <h1>{active === "signup" ? t("auth.login.createTitle") : t("auth.login.welcomeBack")}</h1>
      <p className="muted">{active === "signup" ? t("auth.login.signUpIntro") : t("auth.login.signInIntro")}</p>
      <div className="form-card">
        <nav className="tabs" aria-label={t("auth.login.tabs")} {...tabBar("login-panel", "replace")}>
          <Link to={tabLink("signin")} aria-current={active === "signin" ? "page" : undefined} {...TAB_LINK}>
            {t("auth.login.signInTab")}
          </Link>
          <Link to={tabLink("signup")} aria-current={active === "signup" ? "page" : undefined} {...TAB_LINK}>
            {t("auth.login.signUpTab")}
          </Link>
        </nav>

        {actionData?.alert ? (
          <Alert title={i18n.text(actionData.alert.title)}>{actionData.alert.description ? i18n.text(actionData.alert.description) : undefined}</Alert>
        ) : null}

        {active === "signin" ? (
          <SignInForm redirectTo={redirectTo} values={values} errors={errors} constraints={constraints.signin} />
        ) : (
          <SignUpForm redirectTo={redirectTo} values={values} errors={errors} constraints={constraints.signup} />
        )}

        {google ? (
          <>
            <p className="divider">{t("auth.login.or")}</p>
            {/* Google's return comes to an English path: it carries the page's language in redirectTo. */}
            <a href={`/api/auth/google?${new URLSearchParams({ redirectTo: i18n.path(redirectTo) })}`} className="button button-google button-block">
              {t("auth.login.google")}
            </a>
          </>
        ) : null}
      </div>
    </div>
  );
}

interface AuthFormProps<S extends z.ZodTypeAny> {
  redirectTo: string;
  values: Record<string, string | undefined>;
  errors: FieldErrors;
  constraints: FormConstraints<S>;
}

function SignInForm({ redirectTo, values, errors, constraints }: AuthFormProps<typeof LoginSchema>) {
  const { t } = useI18n();
  return (
    <Form method="post" className="form-stack" key="signin" aria-label={t("auth.login.signInForm")} {...SIGN_IN_FORM}>
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EmailField label={t("auth.field.email")} constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
      <PasswordField
        label={t("auth.field.password")}
        autoComplete="current-password"
        constraint={constraints.password}
        error={firstError(errors, "password")}
      />
      <button type="submit" className="button button-lg button-block" {...busyLabel(t("auth.login.signingIn"))}>
        {t("auth.login.signIn")}
      </button>
      <p className="small center">
        <Link to="/forgot-password">{t("auth.login.forgot")}</Link>
      </p>
    </Form>
  );
}

function SignUpForm({ redirectTo, values, errors, constraints }: AuthFormProps<typeof RegisterSchema>) {
  const { t, rich } = useI18n();
  return (
    <Form method="post" className="form-stack" key="signup" aria-label={t("auth.login.signUpForm")} {...SIGN_IN_FORM}>
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="form-row">
        <Field
          name="firstName"
          label={t("auth.login.firstName")}
          autoComplete="given-name"
          {...constraints.firstName}
          defaultValue={values.firstName}
          error={firstError(errors, "firstName")}
        />
        <Field
          name="lastName"
          label={t("auth.login.lastName")}
          autoComplete="family-name"
          {...constraints.lastName}
          defaultValue={values.lastName}
          error={firstError(errors, "lastName")}
        />
      </div>
      <EmailField label={t("auth.field.email")} constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
      <PasswordField
        label={t("auth.field.password")}
        autoComplete="new-password"
        constraint={constraints.password}
        hint={t("auth.login.passwordHint", { min: constraints.password.minLength ?? "" })}
        error={firstError(errors, "password")}
      />
      <p className="muted small">{rich("auth.login.privacy", { link: <Link to="/privacy">{t("auth.login.privacyLink")}</Link> })}</p>
      <button type="submit" className="button button-lg button-block" {...busyLabel(t("auth.login.creating"))}>
        {t("auth.login.create")}
      </button>
    </Form>
  );
}
