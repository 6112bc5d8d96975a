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
import { useI18n } from "~/i18n/context";
import { i18nOf } from "~/i18n/i18n.server";
import { metaI18n, pageToast } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("auth.security.title"), noindex: true });

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
      return redirectWithToast(SECURITY_URL, pageToast(request, { title: "Password changed", description: SECURITY_TEXT.passwordChanged, type: "success" }));
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
      const { t } = i18nOf(request);
      return redirectWithToast(SECURITY_URL, {
        title: t("auth.link.sent"),
        description: t("auth.security.linkSentText", { email: user.email }),
        type: "success",
      });
    }
    case INTENTS.signOutEverywhere: {
      await endSessions(db, user.id, null);
      const headers = new Headers();
      headers.append("Set-Cookie", await destroySession(await getSession(request)));
      headers.append(
        "Set-Cookie",
        await toastHeader(pageToast(request, { title: "Signed out", description: SECURITY_TEXT.signedOutEverywhere, type: "success" })),
      );
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
  const { t } = useI18n();
  return (
    <div className="container account-page">
      <div className="page-head">
        <h1>{t("auth.security.title")}</h1>
        <p className="muted">
          <Link to="/account" prefetch="none">
            {t("auth.security.myAccount")}
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
        <h2 id="devices-title">{t("auth.security.devices")}</h2>
        <p className="muted">{t("auth.security.devicesText")}</p>
        <Form method="post">
          <input type="hidden" name="intent" value={INTENTS.signOutEverywhere} />
          <button type="submit" className="button button-secondary">
            {t("auth.security.signOutAll")}
          </button>
        </Form>
      </section>
    </div>
  );
}

function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const { t, rich } = useI18n();
  return (
    <section className="form-card" aria-labelledby="email-title">
      <h2 id="email-title">{t("auth.security.email")}</h2>
      {verified ? (
        <p>{rich("auth.security.emailConfirmed", { email: <strong>{email}</strong> })}</p>
      ) : (
        <>
          <p>{rich("auth.security.emailUnconfirmed", { email: <strong>{email}</strong> })}</p>
          {/* The same form as /verify-email's, posted there: its answer says the link was sent. */}
          <Form method="post" action="/verify-email">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button-secondary">
              {t("auth.verify.sendNew")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

function ChangePasswordSection({ errors, constraints }: { errors: FieldErrors; constraints: FormConstraints<typeof ChangePasswordSchema> }) {
  const formError = firstError(errors, "");
  const { t, text } = useI18n();
  return (
    <section className="form-card" aria-labelledby="password-title">
      <h2 id="password-title">{t("auth.security.changePassword")}</h2>
      <p className="muted">{t("auth.security.changeText")}</p>
      {formError ? <Alert title={t("auth.security.notChanged")}>{text(formError)}</Alert> : null}
      <Form method="post" className="form-stack" aria-label={t("auth.security.changePassword")}>
        <input type="hidden" name="intent" value={INTENTS.changePassword} />
        <PasswordField
          name="currentPassword"
          label={t("auth.security.currentPassword")}
          autoComplete="current-password"
          constraint={constraints.currentPassword}
          error={firstError(errors, "currentPassword")}
        />
        <PasswordField
          name="newPassword"
          label={t("auth.security.newPassword")}
          autoComplete="new-password"
          constraint={constraints.newPassword}
          hint={t("auth.security.newPasswordHint", { min: constraints.newPassword.minLength ?? "" })}
          error={firstError(errors, "newPassword")}
        />
        <PasswordField
          name="confirmPassword"
          label={t("auth.security.confirmPassword")}
          autoComplete="new-password"
          constraint={constraints.confirmPassword}
          error={firstError(errors, "confirmPassword")}
        />
        <div className="actions">
          <button type="submit" className="button">
            {t("auth.security.changePassword")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function SetPasswordSection({ email, formError }: { email: string; formError: string | undefined }) {
  const { t, text, rich } = useI18n();
  return (
    <section className="form-card" aria-labelledby="password-title">
      <h2 id="password-title">{t("auth.security.setPassword")}</h2>
      <p>{rich("auth.security.setPasswordText", { email: <strong>{email}</strong> })}</p>
      {formError ? <Alert title={t("auth.security.linkNotSent")}>{text(formError)}</Alert> : null}
      <Form method="post" aria-label={t("auth.security.setPassword")}>
        <input type="hidden" name="intent" value={INTENTS.sendPasswordLink} />
        <button type="submit" className="button">
          {t("auth.security.sendLink")}
        </button>
      </Form>
    </section>
  );
}

function TwoFactorSection({ totp }: { totp: { enabled: boolean; recoveryCodesLeft: number } }) {
  const { t } = useI18n();
  return (
    <section className="form-card" aria-labelledby="totp-title">
      <h2 id="totp-title">{t("auth.security.twoFactor")}</h2>
      {totp.enabled ? (
        <p>
          {t("auth.security.twoFactorOn", { left: totp.recoveryCodesLeft })} <Link to="/account/two-factor">{t("auth.security.manage")}</Link>
        </p>
      ) : (
        <>
          <p>{t("auth.security.twoFactorOff")}</p>
          <Link to="/account/two-factor" className="button">
            {t("auth.security.turnOn")}
          </Link>
        </>
      )}
    </section>
  );
}
