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

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In",
    description: "Sign in or create an account to keep favorites, follow orders and earn loyalty points.",
    noindex: true,
  });

type Tab = "signin" | "signup";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "signin";
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  // Someone already signed in has nothing to do here.
  await requireAnonymous(request, redirectTo === "/" ? "/account" : redirectTo);
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
    return json({ intent: intent as Tab, result: outcome.result, alert: outcome.alert }, { status: outcome.status });
  }
  const toast = intent === "signin" ? { ...AUTH_TOAST_TEXT.loginSuccess } : { ...AUTH_TOAST_TEXT.registered };
  return answerSignedIn(request, redirectTo, toast, [outcome.cookie]);
}

export default function LoginPage() {
  const { tab, redirectTo, google, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const active: Tab = actionData?.intent ?? tab;
  const values = (actionData?.result.initialValue ?? {}) as Record<string, string | undefined>;
  const errors = actionData?.result.error as FieldErrors;
  const tabLink = (t: Tab) => `/login?${new URLSearchParams({ ...(t === "signup" ? { tab: "signup" } : {}), ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;

  return (
    // Tabs swap this element in place (browser/behaviors/tabs.ts): heading and form change together.
    <div className="container auth-page" id="login-panel">
      <h1>{active === "signup" ? "Create your account" : "Welcome back"}</h1>
      <p className="muted">
        {active === "signup"
          ? "Keep favorites, follow your orders and earn loyalty points on every purchase."
          : "Sign in to see your orders, favorites and loyalty points."}
      </p>
      <div className="form-card">
        <nav className="tabs" aria-label="Sign in or sign up" {...tabBar("login-panel", "replace")}>
          <Link to={tabLink("signin")} aria-current={active === "signin" ? "page" : undefined} {...TAB_LINK}>
            Sign In
          </Link>
          <Link to={tabLink("signup")} aria-current={active === "signup" ? "page" : undefined} {...TAB_LINK}>
            Sign Up
          </Link>
        </nav>

        {actionData?.alert ? <Alert title={actionData.alert.title}>{actionData.alert.description}</Alert> : null}

        {active === "signin" ? (
          <SignInForm redirectTo={redirectTo} values={values} errors={errors} constraints={constraints.signin} />
        ) : (
          <SignUpForm redirectTo={redirectTo} values={values} errors={errors} constraints={constraints.signup} />
        )}

        {google ? (
          <>
            <p className="divider">or</p>
            <a href={`/api/auth/google?${new URLSearchParams({ redirectTo })}`} className="button button-google button-block">
              Continue with Google
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
  return (
    <Form method="post" className="form-stack" key="signin" aria-label="Sign in" {...SIGN_IN_FORM}>
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EmailField constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
      <PasswordField autoComplete="current-password" constraint={constraints.password} error={firstError(errors, "password")} />
      <button type="submit" className="button button-lg button-block" {...busyLabel("Signing in...")}>
        Sign In
      </button>
      <p className="small center">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </Form>
  );
}

function SignUpForm({ redirectTo, values, errors, constraints }: AuthFormProps<typeof RegisterSchema>) {
  return (
    <Form method="post" className="form-stack" key="signup" aria-label="Sign up" {...SIGN_IN_FORM}>
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="form-row">
        <Field
          name="firstName"
          label="First Name"
          autoComplete="given-name"
          {...constraints.firstName}
          defaultValue={values.firstName}
          error={firstError(errors, "firstName")}
        />
        <Field
          name="lastName"
          label="Last Name"
          autoComplete="family-name"
          {...constraints.lastName}
          defaultValue={values.lastName}
          error={firstError(errors, "lastName")}
        />
      </div>
      <EmailField constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
      <PasswordField
        autoComplete="new-password"
        constraint={constraints.password}
        hint={`At least ${constraints.password.minLength} characters.`}
        error={firstError(errors, "password")}
      />
      <p className="muted small">
        We keep your data as our <Link to="/privacy">Privacy Policy</Link> says.
      </p>
      <button type="submit" className="button button-lg button-block" {...busyLabel("Creating account...")}>
        Create Account
      </button>
    </Form>
  );
}
