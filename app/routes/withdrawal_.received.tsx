import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { WithdrawalSummary } from "~/components/withdrawals/withdrawal-summary";
import { Alert } from "~/components/ui/field";
import { orderPageHeaders } from "~/web/order-pages.server";
import { formatReceivedAt, nextSteps, WITHDRAWAL_TEXT } from "~/domain/withdrawals/rules";
import { loadReceiptPage } from "~/web/withdrawal-page.server";
import { pageMeta } from "~/lib/meta";

// `withdrawal_` keeps this page out of withdrawal.tsx's layout: the URL is /withdrawal/received.

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Withdrawal received", noindex: true });

export const headers: HeadersFunction = (args) => orderPageHeaders(args);

export function loader({ request }: LoaderFunctionArgs) {
  return loadReceiptPage(request);
}

/** The acknowledgement without the order, for anyone but its signed-in owner: received, when, and where the receipt went. */
function WithdrawalSent({ orderId, receivedAt }: { orderId: number; receivedAt: string }) {
  return (
    <div className="container withdrawal-page">
      <div className="page-head">
        <h1>Your withdrawal is received</h1>
      </div>
      <div className="form-card withdrawal-card">
        <div className="alert alert-success" role="status">
          <p className="alert-title">Withdrawal received</p>
          <p data-testid="withdrawal-received-at">{`We received your withdrawal from order #${orderId} on ${formatReceivedAt(receivedAt)}.`}</p>
        </div>
        <p>{WITHDRAWAL_TEXT.sentBody}</p>
        <p className="small center">
          <Link to="/shop">Back to the shop</Link>
        </p>
      </div>
    </div>
  );
}

/** The acknowledgement: received, when, and what happens next (the same words as the e-mailed receipt). */
export default function WithdrawalReceivedPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "sent") return <WithdrawalSent orderId={data.orderId} receivedAt={data.receivedAt} />;
  if (data.state !== "ok") {
    return (
      <div className="container withdrawal-page">
        <h1>Withdrawal</h1>
        <Alert title="Receipt not found">{WITHDRAWAL_TEXT.receiptInvalid}</Alert>
        <p>
          <Link to="/withdrawal">Withdraw from contract</Link>
        </p>
      </div>
    );
  }
  const when = formatReceivedAt(data.receivedAt);
  return (
    <div className="container withdrawal-page">
      <div className="page-head">
        <h1>Your withdrawal is received</h1>
      </div>
      <div className="form-card withdrawal-card">
        <div className="alert alert-success" role="status">
          <p className="alert-title">Withdrawal received</p>
          <p data-testid="withdrawal-received-at">{`We received your withdrawal from order #${data.summary.id} on ${when}.`}</p>
        </div>
        <p>We have sent a receipt to the e-mail address of the order. Keep it: it records the date and time.</p>
        <h2 className="order-subtitle">What happens next</h2>
        <p>
          {data.handledAt
            ? "We have handled your withdrawal."
            : nextSteps(
                data.summary.shipped,
                data.summary.items.filter((i) => i.exempt).map((i) => i.title),
              )}
        </p>
        <WithdrawalSummary summary={data.summary} name={data.name} statement={data.statement} />
        <p className="small center">
          <Link to="/shop">Back to the shop</Link>
        </p>
      </div>
    </div>
  );
}
