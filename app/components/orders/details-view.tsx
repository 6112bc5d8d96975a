import { Link } from "@remix-run/react";
import {
  orderDate,
  OrderBanners,
  OrderItems,
  OrderNotFound,
  OrderTotals,
  ShippingAddress,
  StatusBadge,
  SupportContact,
  TrackingLink,
} from "~/components/orders/order-parts";
import { ShipDateNote } from "~/components/orders/ship-date-note";
import { OrderWithdrawalCard } from "~/components/withdrawals/order-withdrawal";
import { OrderReviews } from "~/components/reviews/order-reviews";
import { InvoiceRequest } from "~/components/orders/invoice-request";
import { type DetailsActionData, type DetailsPageData, ORDER_INTENTS, type OrderIntent, type OrderPageOrder } from "~/domain/orders/page-data";
import { type MessageKey } from "~/i18n/catalogue.server";
import { useI18n } from "~/i18n/context";
import { confirmFirst } from "~/lib/behavior-contract";

type OkData = Extract<DetailsPageData, { state: "ok" }>;

const ACTIONS: Record<OrderIntent, { button: MessageKey; question: MessageKey; yes: MessageKey }> = {
  [ORDER_INTENTS.cancel]: { button: "orders.cancelOrder", question: "orders.cancelQuestion", yes: "orders.yesCancel" },
  [ORDER_INTENTS.requestCancellation]: {
    button: "orders.requestCancellation",
    question: "orders.requestQuestion",
    yes: "orders.yesRequest",
  },
};

/**
 * The customer order details page of /order-details/{orderId} and /order-details/{orderId}/{token}:
 * status, tracking, items, summary, banners,
 * address, contact, message, and the order actions with their confirmation step.
 */
export function OrderDetailsView({ data, actionData }: { data: DetailsPageData; actionData?: DetailsActionData }) {
  const i18n = useI18n();
  const { t, money } = i18n;
  if (data.state === "not-found") return <OrderNotFound />;
  const { order } = data;
  return (
    <div className="container order-page">
      <div className="page-head order-head">
        <p className="muted small">
          <Link to="/account">{t("orders.myAccount")}</Link> · <Link to="/shop">{t("orders.continueShopping")}</Link>
        </p>
        <h1>{t("orders.orderTitle", { id: String(order.id) })}</h1>
        <p className="muted">{i18n.rich("orders.placed", { date: <time dateTime={order.createdAt}>{orderDate(i18n, order.createdAt)}</time> })}</p>
      </div>
      {data.confirm ? <ConfirmStep intent={data.confirm} self={data.self} /> : null}
      <OrderBanners order={order} />
      <div className="order-layout">
        <div className="order-main-col">
          <section className="order-card" aria-labelledby="status-title">
            <div className="order-card-head">
              <h2 id="status-title">{t("orders.status")}</h2>
              <StatusBadge status={order.status} label={order.statusLabel} />
            </div>
            <dl className="order-facts">
              <div>
                <dt>{t("orders.trackingNumber")}</dt>
                <dd>
                  {order.trackingNumber ? <TrackingLink trackingNumber={order.trackingNumber} /> : <span className="muted">{t("orders.notShipped")}</span>}
                </dd>
              </div>
            </dl>
            {order.declineReason && order.status !== "cancel_request" && order.status !== "cancelled" ? (
              <div className="decline-reason" data-testid="decline-reason">
                <p className="strong">{t("orders.couldNotCancel")}</p>
                <p>{order.declineReason}</p>
              </div>
            ) : null}
            {order.status === "unpaid" ? (
              <p className="notice">
                {`${t("orders.waitingPayment")} `}
                <Link to={order.links.payment} className="strong" reloadDocument>
                  {t("orders.completePayment")}
                </Link>
              </p>
            ) : null}
          </section>
          <section className="order-card" aria-labelledby="items-title">
            <h2 id="items-title">{t("orders.items")}</h2>
            <ShipDateNote order={order} />
            <OrderItems items={order.items} />
          </section>
          <section className="order-card" aria-labelledby="summary-title">
            <h2 id="summary-title">{t("orders.summary")}</h2>
            <OrderTotals order={order} />
            {order.refunds.length > 0 ? (
              <>
                <h3 className="order-subtitle">{t("orders.refunds")}</h3>
                <ul className="order-refunds" data-testid="order-refunds">
                  {order.refunds.map((r) => (
                    <li key={r.id}>
                      {i18n.rich("orders.refundLine", {
                        amount: money(r.amountCents),
                        date: <time dateTime={r.createdAt}>{orderDate(i18n, r.createdAt)}</time>,
                      })}
                      {r.status === "PENDING" ? ` ${t("orders.refundPending")}` : ""}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>
        <aside className="order-side-col">
          <section className="order-card" aria-labelledby="shipping-address-title">
            <h2 id="shipping-address-title">{t("orders.shippingAddress")}</h2>
            <ShippingAddress address={order.shippingAddress} />
          </section>
          <section className="order-card" aria-labelledby="contact-title">
            <h2 id="contact-title">{t("orders.contact")}</h2>
            <p className="order-email">{order.email}</p>
          </section>
          {order.customerMessage ? (
            <section className="order-card" aria-labelledby="message-title">
              <h2 id="message-title">{t("orders.yourMessage")}</h2>
              <p className="order-message">{order.customerMessage}</p>
            </section>
          ) : null}
          <OrderActions data={data} order={order} />
          <InvoiceRequest invoice={data.invoice} self={data.self} result={actionData?.invoice?.result ?? null} />
          <OrderReviews items={data.reviewable ?? []} self={data.self} constraints={data.reviewConstraints} />
          <OrderWithdrawalCard order={order} />
          <SupportContact orderId={order.id} />
        </aside>
      </div>
    </div>
  );
}

function OrderActions({ data, order }: { data: OkData; order: OrderPageOrder }) {
  const { t, path } = useI18n();
  const intents = [data.can.cancel ? ORDER_INTENTS.cancel : null, data.can.requestCancellation ? ORDER_INTENTS.requestCancellation : null].filter(
    (i): i is OrderIntent => i !== null,
  );
  return (
    <section className="order-card order-actions" aria-labelledby="actions-title">
      <h2 id="actions-title">{t("orders.actions")}</h2>
      {order.status === "unpaid" ? (
        <Link to={order.links.payment} className="button button-block" reloadDocument>
          {t("orders.completePayment")}
        </Link>
      ) : null}
      {intents.map((intent) => (
        // With JavaScript a confirm() prompt asks; without, the server's confirmation step (?confirm=).
        <form key={intent} method="post" action={path(data.self)} {...confirmFirst(t(ACTIONS[intent].question))}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirmed" value="" />
          <button type="submit" className="button button-secondary button-block button-danger">
            {t(ACTIONS[intent].button)}
          </button>
        </form>
      ))}
      {intents.length === 0 ? <p className="muted small">{order.status === "cancel_request" ? t("orders.requestReviewed") : t("orders.noActions")}</p> : null}
      {data.can.requestCancellation ? <p className="muted small">{t("orders.fullRefundNote")}</p> : null}
    </section>
  );
}

function ConfirmStep({ intent, self }: { intent: OrderIntent; self: string }) {
  const action = ACTIONS[intent];
  const { t, path } = useI18n();
  return (
    <section className="confirm-box" role="alertdialog" aria-labelledby="confirm-title">
      <p id="confirm-title" className="strong">
        {t(action.question)}
      </p>
      <div className="actions">
        <form method="post" action={path(self)}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="button">
            {t(action.yes)}
          </button>
        </form>
        <Link to={self} className="button button-secondary">
          {t("orders.noKeep")}
        </Link>
      </div>
    </section>
  );
}
