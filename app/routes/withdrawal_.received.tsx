import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { WithdrawalSummary } from "~/components/withdrawals/withdrawal-summary";
import { Alert } from "~/components/ui/field";
import { orderPageHeaders } from "~/web/order-pages.server";
import { nextStepsIn, receivedAtIn } from "~/components/withdrawals/order-withdrawal";
import { useI18n } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { loadReceiptPage } from "~/web/withdrawal-page.server";
import { pageMeta, seoContext } from "~/lib/meta";

// `withdrawal_` keeps this page out of withdrawal.tsx's layout: the URL is /withdrawal/received.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("withdrawal.receivedTitle"), noindex: true });

export const headers: HeadersFunction = (args) => orderPageHeaders(args);

export function loader({ request }: LoaderFunctionArgs) {
  return loadReceiptPage(request);
}

/** The acknowledgement without the order, for anyone but its signed-in owner: received, when, and where the receipt went. */
function WithdrawalSent({ orderId, receivedAt }: { orderId: number; receivedAt: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="container withdrawal-page">
      <div className="page-head">
        <h1>{t("withdrawal.receivedHeading")}</h1>
      </div>
      <div className="form-card withdrawal-card">
        <div className="alert alert-success" role="status">
          <p className="alert-title">{t("withdrawal.receivedTitle")}</p>
          <p data-testid="withdrawal-received-at">{t("withdrawal.receivedAt", { id: String(orderId), when: receivedAtIn(i18n, receivedAt) })}</p>
        </div>
        <p>{t("withdrawal.sentBody")}</p>
        <p className="small center">
          <Link to="/shop">{t("withdrawal.backToShop")}</Link>
        </p>
      </div>
    </div>
  );
}

/** The acknowledgement: received, when, and what happens next (the same words as the e-mailed receipt). */
export default function WithdrawalReceivedPage() {
  const data = useLoaderData<typeof loader>();
  const i18n = useI18n();
  const { t } = i18n;
  if (data.state === "sent") return <WithdrawalSent orderId={data.orderId} receivedAt={data.receivedAt} />;
  if (data.state !== "ok") {
    return (
      <div className="container withdrawal-page">
        <h1>{t("withdrawal.heading")}</h1>
        <Alert title={t("withdrawal.receiptNotFound")}>{t("withdrawal.receiptInvalid")}</Alert>
        <p>
          <Link to="/withdrawal">{t("withdrawal.title")}</Link>
        </p>
      </div>
    );
  }
  const when = receivedAtIn(i18n, data.receivedAt);
  return (
    <div className="container withdrawal-page">
      <div className="page-head">
        <h1>{t("withdrawal.receivedHeading")}</h1>
      </div>
      <div className="form-card withdrawal-card">
        <div className="alert alert-success" role="status">
          <p className="alert-title">{t("withdrawal.receivedTitle")}</p>
          <p data-testid="withdrawal-received-at">{t("withdrawal.receivedAt", { id: String(data.summary.id), when })}</p>
        </div>
        <p>{t("withdrawal.receiptSent")}</p>
        <h2 className="order-subtitle">{t("withdrawal.whatNext")}</h2>
        <p>
          {data.handledAt
            ? t("withdrawal.handled")
            : nextStepsIn(
                i18n,
                data.summary.shipped,
                data.summary.items.filter((i) => i.exempt).map((i) => i.title),
              )}
        </p>
        <WithdrawalSummary summary={data.summary} name={data.name} statement={data.statement} />
        <p className="small center">
          <Link to="/shop">{t("withdrawal.backToShop")}</Link>
        </p>
      </div>
    </div>
  );
}
