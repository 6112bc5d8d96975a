import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, firstError, type FieldErrors, PasswordField } from "~/components/ui/field";
import { getProfile } from "~/domain/auth/accounts.server";
import { destroySession, getSession, getSessionId } from "~/web/session.server";
import { redirectWithToast, toastHeader } from "~/web/toast.server";
import { requireUser } from "~/web/guards.server";
import { ChangePasswordSchema, SECURITY_TEXT } from "~/domain/auth/schemas";
import { changePassword, endSessions } from "~/domain/auth/security.server";
import { isEmailVerified } from "~/domain/auth/email-tokens.server";
import { getTotpStatus } from "~/domain/auth/totp.server";
import { requestPasswordReset } from "~/domain/auth/password-reset.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { getClientIp, jsonError, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { formConstraints, type FormConstraints } from "~/web/form-constraints.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Sign-in & Security", noindex: true });

const INTENTS = { changePassword: "change-password", sendPasswordLink: "send-password-link", signOutEverywhere: "sign-out-everywhere" } as const;
const SECURITY_URL = "/account/security";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [profile, totp, emailVerified] = await Promise.all([
    getProfile(db, user.id),
    user.isAdmin ? getTotpStatus(db, user.id) : null,
    isEmailVerified(db, user.id),
  ]);
  return json({
    email: user.email,
    emailVerified,
    hasPassword: profile?.hasPassword ?? false,
    isAdmin: user.isAdmin,
    totp,
    // The schema cannot know the account: the domain requires the current password of an account
    // that has one (400), and only such an account is shown the form.
    constraints: formConstraints(ChangePasswordSchema, { required: ["currentPassword"] }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  switch (formData.get("intent")) {
    case INTENTS.changePassword: {
      const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
      const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
      if (submission.status !== "success") return json({ result: submission.reply(hidden) }, { status: 400 });
      try {
        await changePassword(db, user.id, submission.value, await getSessionId(request));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return json({ result: submission.reply({ ...error.toConform(), ...hidden }) }, { status: error.status });
      }
      return redirectWithToast(SECURITY_URL, { title: "Password changed", description: SECURITY_TEXT.passwordChanged, type: "success" });
    }
    case INTENTS.sendPasswordLink: {
      // A first password is a new way in: it is set through a link to the account's own
      // address, never by the session alone (docs/decisions/email-change-reauthentication.md).
      try {
        await requestPasswordReset(db, user.email, getClientIp(request));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return json({ result: { error: { "": [error.message] } } }, { status: error.status });
      }
      return redirectWithToast(SECURITY_URL, { title: "Link sent", description: `${SECURITY_TEXT.passwordLinkSent} ${user.email}.`, type: "success" });
    }
    case INTENTS.signOutEverywhere: {
      await endSessions(db, user.id, null);
      const headers = new Headers();
      headers.append("Set-Cookie", await destroySession(await getSession(request)));
      headers.append("Set-Cookie", await toastHeader({ title: "Signed out", description: SECURITY_TEXT.signedOutEverywhere, type: "success" }));
      return redirect("/login", { headers });
    }
    default:
      return jsonError("Unknown action", 400);
  }
}

export default function SecurityPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData?.result.error ?? null) as FieldErrors;
  return (
    <div className="container account-page">
      <div className="page-head">
        <h1>Sign-in &amp; Security</h1>
        <p className="muted">
          <Link to="/account" prefetch="none">
            My Account
          </Link>{" "}
          · {data.email}
        </p>
      </div>
      <EmailSection email={data.email} verified={data.emailVerified} />
      {data.hasPassword ? (
        <ChangePasswordSection errors={errors} constraints={data.constraints} />
      ) : (
        <SetPasswordSection email={data.email} formError={firstError(errors, "")} />
      )}
      {data.totp ? <TwoFactorSection totp={data.totp} /> : null}
      <section className="form-card" aria-labelledby="devices-title">
        <h2 id="devices-title">Devices</h2>
        <p className="muted">Signs this account out everywhere it is signed in, including here.</p>
        <Form method="post">
          <input type="hidden" name="intent" value={INTENTS.signOutEverywhere} />
          <button type="submit" className="button button-secondary">
            Sign out of all devices
          </button>
        </Form>
      </section>
    </div>
  );
}

function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  return (
    <section className="form-card" aria-labelledby="email-title">
      <h2 id="email-title">E-mail address</h2>
      {verified ? (
        <p>
          <strong>{email}</strong> is confirmed.
        </p>
      ) : (
        <>
          <p>
            <strong>{email}</strong> is not confirmed yet. Open the link we sent to it, or ask for a new one.
          </p>
          {/* The same form as /verify-email's, posted there: its answer says the link was sent. */}
          <Form method="post" action="/verify-email">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button-secondary">
              Send me a new link
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

function ChangePasswordSection({ errors, constraints }: { errors: FieldErrors; constraints: FormConstraints<typeof ChangePasswordSchema> }) {
  const formError = firstError(errors, "");
  return (
    <section className="form-card" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p className="muted">Changing your password signs you out on every other device.</p>
      {formError ? <Alert title="Password not changed">{formError}</Alert> : null}
      <Form method="post" className="form-stack" aria-label="Change password">
        <input type="hidden" name="intent" value={INTENTS.changePassword} />
        <PasswordField
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          constraint={constraints.currentPassword}
          error={firstError(errors, "currentPassword")}
        />
        <PasswordField
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          constraint={constraints.newPassword}
          hint={`At least ${constraints.newPassword.minLength} characters; common passwords are refused.`}
          error={firstError(errors, "newPassword")}
        />
        <PasswordField
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          constraint={constraints.confirmPassword}
          error={firstError(errors, "confirmPassword")}
        />
        <div className="actions">
          <button type="submit" className="button">
            Change password
          </button>
        </div>
      </Form>
    </section>
  );
}

function SetPasswordSection({ email, formError }: { email: string; formError: string | undefined }) {
  return (
    <section className="form-card" aria-labelledby="password-title">
      <h2 id="password-title">Set a password</h2>
      <p>
        You sign in with Google. To add a password, open the link we send to <strong>{email}</strong>: it works once, for one hour.
      </p>
      {formError ? <Alert title="Link not sent">{formError}</Alert> : null}
      <Form method="post" aria-label="Set a password">
        <input type="hidden" name="intent" value={INTENTS.sendPasswordLink} />
        <button type="submit" className="button">
          E-mail me a link to set a password
        </button>
      </Form>
    </section>
  );
}

function TwoFactorSection({ totp }: { totp: { enabled: boolean; recoveryCodesLeft: number } }) {
  return (
    <section className="form-card" aria-labelledby="totp-title">
      <h2 id="totp-title">Two-factor authentication</h2>
      {totp.enabled ? (
        <p>
          On. {totp.recoveryCodesLeft} of 10 recovery codes left. <Link to="/account/two-factor">Manage</Link>
        </p>
      ) : (
        <>
          <p>Off. An admin account should ask for a code from your phone as well as the password.</p>
          <Link to="/account/two-factor" className="button">
            Turn on two-factor authentication
          </Link>
        </>
      )}
    </section>
  );
}
