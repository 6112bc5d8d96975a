import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, Field, firstError, type FieldErrors, PasswordField } from "~/components/ui/field";
import { getSessionId } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import { EnableSecondFactorSchema, SecondFactorSchema } from "~/domain/auth/schemas";
import { disableTotp, enableTotp, getTotpEnrolment, getTotpStatus, regenerateRecoveryCodes } from "~/domain/auth/totp.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { type FieldConstraint } from "~/lib/field-constraint";
import { formConstraints } from "~/web/form-constraints.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Two-Factor Authentication", noindex: true });

const INTENTS = { enable: "enable", regenerate: "regenerate-codes", disable: "disable" } as const;

/** Admins: set up TOTP with a QR code (no JavaScript needed), see and renew recovery codes, turn it off. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const status = await getTotpStatus(db, user.id);
  const enrolment = status.enabled ? null : await getTotpEnrolment(db, user.id);
  return json(
    {
      status,
      enrolment: enrolment ? { secret: enrolment.secret, qrSvg: enrolment.qrSvg } : null,
      // The code's limits are SecondFactorSchema's too. The domain requires the current password of an account
      // that has one and refuses the others, so the field is required although the schema cannot know the account.
      constraints: formConstraints(EnableSecondFactorSchema, { required: ["currentPassword"] }),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== INTENTS.enable && intent !== INTENTS.regenerate && intent !== INTENTS.disable) throw jsonError("Unknown action", 400);
  const submission = parseWithZod(formData, { schema: intent === INTENTS.enable ? EnableSecondFactorSchema : SecondFactorSchema });
  const hidden = { hideFields: ["code", "currentPassword"] };
  if (submission.status !== "success") return json({ intent, result: submission.reply(hidden), codes: null }, { status: 400 });
  const { code, currentPassword } = submission.value as { code: string; currentPassword?: string | null };
  try {
    if (intent === INTENTS.disable) {
      await disableTotp(db, user.id, code);
      return redirectWithToast("/account/security", { title: "Two-factor authentication is off", type: "info" });
    }
    const codes =
      intent === INTENTS.enable
        ? await enableTotp(db, user.id, { code, currentPassword }, await getSessionId(request))
        : await regenerateRecoveryCodes(db, user.id, code);
    return json({ intent, result: null, codes }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = error.field === "currentPassword" ? "currentPassword" : "code";
    return json({ intent, result: submission.reply({ fieldErrors: { [field]: [error.message] }, ...hidden }), codes: null }, { status: error.status });
  }
}

export default function TwoFactorPage() {
  const { status, enrolment, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData?.result?.error ?? null) as FieldErrors;
  const codes = actionData?.codes ?? null;
  return (
    <div className="container account-page">
      <div className="page-head">
        <h1>Two-Factor Authentication</h1>
        <p className="muted">
          <Link to="/account/security" prefetch="none">
            Sign-in &amp; Security
          </Link>
        </p>
      </div>
      {codes ? (
        <section className="form-card" aria-labelledby="codes-title">
          <h2 id="codes-title">Your recovery codes</h2>
          <Alert title="Save these codes now" tone="info">
            Each works once, instead of a code from your phone. They are not shown again.
          </Alert>
          <ol className="recovery-codes">
            {codes.map((c: string) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <Link to="/admin" className="button">
            Done
          </Link>
        </section>
      ) : status.enabled ? (
        <section className="form-card" aria-labelledby="on-title">
          <h2 id="on-title">Two-factor authentication is on</h2>
          <p>{status.recoveryCodesLeft} of 10 recovery codes left.</p>
          <CodeForm
            intent={INTENTS.regenerate}
            label="New recovery codes"
            constraints={constraints}
            errors={actionData?.intent === INTENTS.regenerate ? errors : null}
          />
          <CodeForm
            intent={INTENTS.disable}
            label="Turn off"
            secondary
            constraints={constraints}
            errors={actionData?.intent === INTENTS.disable ? errors : null}
          />
        </section>
      ) : enrolment ? (
        <section className="form-card" aria-labelledby="setup-title">
          <h2 id="setup-title">Set up your authenticator app</h2>
          <ol>
            <li>Scan this QR code with an authenticator app (Google Authenticator, 1Password, Aegis…).</li>
            <li>Enter the six-digit code it shows.</li>
          </ol>
          <div className="totp-qr" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
          <p>
            Cannot scan? Enter this key instead: <code className="totp-secret">{enrolment.secret}</code>
          </p>
          <CodeForm intent={INTENTS.enable} label="Turn on" constraints={constraints} errors={errors} withPassword />
        </section>
      ) : null}
    </div>
  );
}

function CodeForm({
  intent,
  label,
  constraints,
  errors,
  secondary,
  withPassword,
}: {
  intent: string;
  label: string;
  constraints: Record<"code" | "currentPassword", FieldConstraint>;
  errors: FieldErrors;
  secondary?: boolean;
  withPassword?: boolean;
}) {
  return (
    <Form method="post" className="form-stack" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {withPassword ? (
        <PasswordField
          name="currentPassword"
          idPrefix={`${intent}-`}
          label="Current password"
          autoComplete="current-password"
          constraint={constraints.currentPassword}
          error={firstError(errors, "currentPassword")}
        />
      ) : null}
      <Field
        name="code"
        idPrefix={`${intent}-`}
        label="Code from your app"
        autoComplete="one-time-code"
        {...constraints.code}
        error={firstError(errors, "code")}
      />
      <button type="submit" className={secondary ? "button button-secondary" : "button"}>
        {label}
      </button>
    </Form>
  );
}
