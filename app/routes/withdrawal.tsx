import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { WithdrawalSummary } from "~/components/withdrawals/withdrawal-summary";
import { Alert, EmailField, Field, type FieldErrors, firstError } from "~/components/ui/field";
import { orderPageHeaders } from "~/web/order-pages.server";
import { LONGEST_DELIVERY_DAYS, WITHDRAWAL_DAYS, WITHDRAWAL_INTENTS } from "~/domain/withdrawals/rules";
import { nextStepsIn } from "~/components/withdrawals/order-withdrawal";
import { useI18n } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { loadWithdrawalPage, type WithdrawalActionData, withdrawalPageAction } from "~/web/withdrawal-page.server";
import { busyLabel } from "~/lib/behavior-contract";
import { pageMeta, seoContext } from "~/lib/meta";
import { type FieldConstraint } from "~/lib/field-constraint";

export const meta: MetaFunction = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return pageMeta(args, { title: t("withdrawal.title"), description: t("withdrawal.metaDescription", { days: String(WITHDRAWAL_DAYS) }) });
};

export const headers: HeadersFunction = (args) => orderPageHeaders(args);

export function loader({ request }: LoaderFunctionArgs) {
  return loadWithdrawalPage(request);
}

export function action({ request }: ActionFunctionArgs) {
  return withdrawalPageAction(request);
}

/**
 * The withdrawal function (no sign-in, plain forms): step one asks for the order number, the
 * order's e-mail, a name and an optional statement; step two shows the order and asks to
 * 'Confirm withdrawal'; then the acknowledgement page (/withdrawal/received).
 */
export default function WithdrawalPage() {
  const { prefill, over, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as WithdrawalActionData | undefined;
  const { t } = useI18n();
  return (
    <div className="container withdrawal-page">
      <div className="page-head">
        <h1>{t("withdrawal.title")}</h1>
        <p className="muted">{t("withdrawal.intro", { days: String(WITHDRAWAL_DAYS) })}</p>
      </div>
      <div className="form-card withdrawal-card">
        {actionData?.step === "two" ? (
          <StepTwo data={actionData} />
        ) : (
          <StepOne prefill={prefill} over={over} actionData={actionData} constraints={constraints} />
        )}
      </div>
      <p className="muted small withdrawal-note">{t("withdrawal.periodNote", { days: String(LONGEST_DELIVERY_DAYS) })}</p>
    </div>
  );
}

function StepOne({
  prefill,
  over,
  actionData,
  constraints,
}: {
  prefill: { orderId: string; email: string; name: string };
  over: boolean;
  actionData: WithdrawalActionData | undefined;
  constraints: Record<"orderId" | "email" | "name" | "statement", FieldConstraint>;
}) {
  const result = actionData?.step === "one" ? actionData.result : undefined;
  const errors = result?.error as FieldErrors;
  const values = { ...prefill, statement: "", ...((result?.initialValue ?? {}) as Record<string, string | undefined>) };
  const formError = firstError(errors, "");
  const { t, text } = useI18n();
  return (
    <>
      <h2 className="withdrawal-step">{t("withdrawal.stepOne")}</h2>
      {formError ? <Alert title={t("withdrawal.notAccepted")}>{text(formError)}</Alert> : null}
      {over && !formError ? (
        <Alert title={t("withdrawal.periodOver")} tone="info">
          {t("withdrawal.periodOverText", { id: prefill.orderId, days: String(WITHDRAWAL_DAYS) })}
        </Alert>
      ) : null}
      <Form method="post" className="form-stack" aria-label={t("withdrawal.title")}>
        <Field
          name="orderId"
          label={t("withdrawal.orderNumber")}
          inputMode="numeric"
          {...constraints.orderId}
          autoComplete="off"
          defaultValue={values.orderId}
          error={firstError(errors, "orderId")}
          hint={t("withdrawal.orderNumberHint")}
        />
        <EmailField label={t("withdrawal.email")} constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
        <Field
          name="name"
          label={t("withdrawal.yourName")}
          autoComplete="name"
          {...constraints.name}
          defaultValue={values.name}
          error={firstError(errors, "name")}
        />
        <div className="field">
          <label htmlFor="statement">{t("withdrawal.statementLabel")}</label>
          <textarea
            id="statement"
            name="statement"
            rows={4}
            maxLength={constraints.statement.maxLength}
            defaultValue={values.statement}
            aria-describedby={firstError(errors, "statement") ? "statement-hint statement-error" : "statement-hint"}
            aria-invalid={firstError(errors, "statement") ? true : undefined}
          />
          <p className="field-hint" id="statement-hint">
            {t("withdrawal.statementHint")}
          </p>
          {firstError(errors, "statement") ? (
            <p className="field-error" id="statement-error">
              {text(firstError(errors, "statement") ?? "")}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value={WITHDRAWAL_INTENTS.check} className="button button-lg button-block" {...busyLabel(t("withdrawal.checking"))}>
          {t("withdrawal.continue")}
        </button>
      </Form>
    </>
  );
}

/** Step two for anyone but the order's signed-in owner: what they typed, and where the order is shown. */
function WithdrawalTyped({ values }: { values: { orderId: number; name: string; statement: string } }) {
  const { t } = useI18n();
  return (
    <div className="withdrawal-summary" data-testid="withdrawal-typed">
      <dl className="order-facts">
        <div>
          <dt>{t("withdrawal.orderNumber")}</dt>
          <dd className="strong">{`#${values.orderId}`}</dd>
        </div>
        <div>
          <dt>{t("withdrawal.name")}</dt>
          <dd>{values.name}</dd>
        </div>
      </dl>
      {values.statement ? (
        <>
          <h3 className="order-subtitle">{t("withdrawal.yourStatement")}</h3>
          <p className="order-message">{values.statement}</p>
        </>
      ) : null}
      <p className="small">{t("withdrawal.byMail")}</p>
    </div>
  );
}

function StepTwo({ data }: { data: Extract<WithdrawalActionData, { step: "two" }> }) {
  const { summary, values } = data;
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      <h2 className="withdrawal-step">{t("withdrawal.stepTwo")}</h2>
      <p>{t("withdrawal.stepTwoText")}</p>
      {summary ? (
        <>
          <WithdrawalSummary summary={summary} name={values.name} statement={values.statement || null} />
          <h3 className="order-subtitle">{t("withdrawal.whatNext")}</h3>
          <p className="small">
            {nextStepsIn(
              i18n,
              summary.shipped,
              summary.items.filter((i) => i.exempt).map((i) => i.title),
            )}
          </p>
        </>
      ) : (
        <WithdrawalTyped values={values} />
      )}
      <Form method="post" className="withdrawal-confirm" aria-label={t("withdrawal.confirmLabel")}>
        <input type="hidden" name="orderId" value={values.orderId} />
        <input type="hidden" name="email" value={values.email} />
        <input type="hidden" name="name" value={values.name} />
        <input type="hidden" name="statement" value={values.statement} />
        <button
          type="submit"
          name="intent"
          value={WITHDRAWAL_INTENTS.confirm}
          className="button button-lg button-block"
          {...busyLabel(t("withdrawal.sending"))}
        >
          {t("withdrawal.confirmButton")}
        </button>
      </Form>
      <p className="small center">
        <Link to={`/withdrawal?orderId=${values.orderId}`}>{t("withdrawal.changeDetails")}</Link>
      </p>
    </>
  );
}
