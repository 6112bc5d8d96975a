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
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("auth.totp.title"), noindex: true });

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
      return redirectWithToast("/account/security", pageToast(request, { title: "Two-factor authentication is off", type: "info" }));
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
  const { t, rich } = useI18n();
  return (
    <div className="container account-page">
      <div className="page-head">
        <h1>{t("auth.totp.title")}</h1>
        <p className="muted">
          <Link to="/account/security" prefetch="none">
            {t("auth.security.title")}
          </Link>
        </p>
      </div>
      {codes ? (
        <section className="form-card" aria-labelledby="codes-title">
          <h2 id="codes-title">{t("auth.totp.codesTitle")}</h2>
          <Alert title={t("auth.totp.saveNow")} tone="info">
            {t("auth.totp.saveNowText")}
          </Alert>
          <ol className="recovery-codes">
            {codes.map((c: string) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          {/* A plain link: the admin has one language, and a Remix Link would put the page's prefix on it. */}
          <a href="/admin" className="button">
            {t("auth.totp.done")}
          </a>
        </section>
      ) : status.enabled ? (
        <section className="form-card" aria-labelledby="on-title">
          <h2 id="on-title">{t("auth.totp.isOn")}</h2>
          <p>{t("auth.totp.codesLeft", { left: status.recoveryCodesLeft })}</p>
          <CodeForm
            intent={INTENTS.regenerate}
            label={t("auth.totp.newCodes")}
            constraints={constraints}
            errors={actionData?.intent === INTENTS.regenerate ? errors : null}
          />
          <CodeForm
            intent={INTENTS.disable}
            label={t("auth.totp.turnOff")}
            secondary
            constraints={constraints}
            errors={actionData?.intent === INTENTS.disable ? errors : null}
          />
        </section>
      ) : enrolment ? (
        <section className="form-card" aria-labelledby="setup-title">
          <h2 id="setup-title">{t("auth.totp.setupTitle")}</h2>
          <ol>
            <li>{t("auth.totp.scan")}</li>
            <li>{t("auth.totp.enterCode")}</li>
          </ol>
          <div className="totp-qr" role="img" aria-label={t("auth.totp.qrLabel")} dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
          <p>{rich("auth.totp.cannotScan", { key: <code className="totp-secret">{enrolment.secret}</code> })}</p>
          <CodeForm intent={INTENTS.enable} label={t("auth.totp.turnOn")} constraints={constraints} errors={errors} withPassword />
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
  const { t } = useI18n();
  return (
    <Form method="post" className="form-stack" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {withPassword ? (
        <PasswordField
          name="currentPassword"
          idPrefix={`${intent}-`}
          label={t("auth.security.currentPassword")}
          autoComplete="current-password"
          constraint={constraints.currentPassword}
          error={firstError(errors, "currentPassword")}
        />
      ) : null}
      <Field
        name="code"
        idPrefix={`${intent}-`}
        label={t("auth.totp.code")}
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
