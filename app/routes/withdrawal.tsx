import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { WithdrawalSummary } from "~/components/withdrawals/withdrawal-summary";
import { Alert, EmailField, Field, type FieldErrors, firstError } from "~/components/ui/field";
import { orderPageHeaders } from "~/web/order-pages.server";
import { LONGEST_DELIVERY_DAYS, nextSteps, WITHDRAWAL_DAYS, WITHDRAWAL_INTENTS, WITHDRAWAL_TEXT } from "~/domain/withdrawals/rules";
import { loadWithdrawalPage, type WithdrawalActionData, withdrawalPageAction } from "~/web/withdrawal-page.server";
import { busyLabel } from "~/lib/behavior-contract";
import { pageMeta } from "~/lib/meta";
import { type FieldConstraint } from "~/lib/field-constraint";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: WITHDRAWAL_TEXT.title,
    description: `Withdraw from your purchase within ${WITHDRAWAL_DAYS} days of delivery: two short steps, no account needed.`,
  });

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
  return (
    <div className="container withdrawal-page">
      <div className="page-head">
        <h1>{WITHDRAWAL_TEXT.title}</h1>
        <p className="muted">
          You may withdraw from your purchase without giving any reason within {WITHDRAWAL_DAYS} days of delivery, and at any time before your order ships. We
          send the receipt to the e-mail address of the order.
        </p>
      </div>
      <div className="form-card withdrawal-card">
        {actionData?.step === "two" ? (
          <StepTwo data={actionData} />
        ) : (
          <StepOne prefill={prefill} over={over} actionData={actionData} constraints={constraints} />
        )}
      </div>
      <p className="muted small withdrawal-note">
        The period counts from the day your parcel was delivered. Where we have no delivery date, it counts from the day we shipped plus {LONGEST_DELIVERY_DAYS}{" "}
        days, the longest delivery time to anywhere we ship.
      </p>
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
  return (
    <>
      <h2 className="withdrawal-step">Step 1 of 2: your order</h2>
      {formError ? <Alert title="We could not accept this withdrawal">{formError}</Alert> : null}
      {over && !formError ? (
        <Alert title="The withdrawal period is over" tone="info">
          {`Order #${prefill.orderId} was delivered more than ${WITHDRAWAL_DAYS} days ago, so it can no longer be withdrawn from here. If you think this is wrong, please write to us.`}
        </Alert>
      ) : null}
      <Form method="post" className="form-stack" aria-label="Withdraw from contract">
        <Field
          name="orderId"
          label="Order number"
          inputMode="numeric"
          {...constraints.orderId}
          autoComplete="off"
          defaultValue={values.orderId}
          error={firstError(errors, "orderId")}
          hint="The number after # in your order e-mail, for example 1042."
        />
        <EmailField label="E-mail address used for the order" constraint={constraints.email} defaultValue={values.email} error={firstError(errors, "email")} />
        <Field name="name" label="Your name" autoComplete="name" {...constraints.name} defaultValue={values.name} error={firstError(errors, "name")} />
        <div className="field">
          <label htmlFor="statement">Statement (optional)</label>
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
            {`For example: "I hereby withdraw from my contract for the sale of these goods." You do not have to give a reason.`}
          </p>
          {firstError(errors, "statement") ? (
            <p className="field-error" id="statement-error">
              {firstError(errors, "statement")}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value={WITHDRAWAL_INTENTS.check} className="button button-lg button-block" {...busyLabel("Checking...")}>
          Continue
        </button>
      </Form>
    </>
  );
}

/** Step two for anyone but the order's signed-in owner: what they typed, and where the order is shown. */
function WithdrawalTyped({ values }: { values: { orderId: number; name: string; statement: string } }) {
  return (
    <div className="withdrawal-summary" data-testid="withdrawal-typed">
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd className="strong">{`#${values.orderId}`}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{values.name}</dd>
        </div>
      </dl>
      {values.statement ? (
        <>
          <h3 className="order-subtitle">Your statement</h3>
          <p className="order-message">{values.statement}</p>
        </>
      ) : null}
      <p className="small">{WITHDRAWAL_TEXT.byMail}</p>
    </div>
  );
}

function StepTwo({ data }: { data: Extract<WithdrawalActionData, { step: "two" }> }) {
  const { summary, values } = data;
  return (
    <>
      <h2 className="withdrawal-step">Step 2 of 2: check and confirm</h2>
      <p>You are withdrawing from the contract for this order. Nothing is sent until you confirm.</p>
      {summary ? (
        <>
          <WithdrawalSummary summary={summary} name={values.name} statement={values.statement || null} />
          <h3 className="order-subtitle">What happens next</h3>
          <p className="small">
            {nextSteps(
              summary.shipped,
              summary.items.filter((i) => i.exempt).map((i) => i.title),
            )}
          </p>
        </>
      ) : (
        <WithdrawalTyped values={values} />
      )}
      <Form method="post" className="withdrawal-confirm" aria-label="Confirm withdrawal">
        <input type="hidden" name="orderId" value={values.orderId} />
        <input type="hidden" name="email" value={values.email} />
        <input type="hidden" name="name" value={values.name} />
        <input type="hidden" name="statement" value={values.statement} />
        <button type="submit" name="intent" value={WITHDRAWAL_INTENTS.confirm} className="button button-lg button-block" {...busyLabel("Sending...")}>
          {WITHDRAWAL_TEXT.confirmButton}
        </button>
      </Form>
      <p className="small center">
        <Link to={`/withdrawal?orderId=${values.orderId}`}>Change the details</Link>
      </p>
    </>
  );
}
