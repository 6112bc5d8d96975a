import { Link } from "@remix-run/react";
import { orderDate, OrderBanners, OrderItems, OrderNotFound, OrderTotals, ShippingAddress, StatusBadge, SupportContact } from "~/components/orders/order-parts";
import { type ConfirmationPageData, type OrderPageOrder } from "~/domain/orders/page-data";
import { useI18n } from "~/i18n/context";
import { ShipDateNote } from "~/components/orders/ship-date-note";
import { OrderWithdrawalCard } from "~/components/withdrawals/order-withdrawal";

/**
 * The confirmation page of /order/{orderId}/confirmation?token= and /orders/{orderId}/{token}.
 */
export function ConfirmationView({ data }: { data: ConfirmationPageData }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (data.state === "denied") return <AccessDenied />;
  if (data.state === "not-found") return <OrderNotFound />;
  const { order } = data;
  return (
    <div className="container order-page">
      <ConfirmationHead order={order} />
      <OrderBanners order={order} />
      <div className="order-layout">
        <div className="order-main-col">
          <section className="order-card" aria-labelledby="order-details-title">
            <div className="order-card-head">
              <h2 id="order-details-title">{t("orders.orderDetails")}</h2>
              <StatusBadge status={order.status} label={order.statusLabel} />
            </div>
            <dl className="order-facts">
              <div>
                <dt>{t("orders.orderNumber")}</dt>
                <dd>{`#${order.id}`}</dd>
              </div>
              <div>
                <dt>{t("orders.orderDate")}</dt>
                <dd>
                  <time dateTime={order.createdAt}>{orderDate(i18n, order.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>{t("orders.email")}</dt>
                <dd>{order.email}</dd>
              </div>
            </dl>
            <ShipDateNote order={order} />
            <h3 className="order-subtitle">{t("orders.items")}</h3>
            <OrderItems items={order.items} />
            <OrderTotals order={order} />
          </section>
          {order.status === "unpaid" || order.status === "unpaidcancelled" ? null : (
            <WhatsNext madeToOrder={order.expectedShipDate !== null} shippingTime={data.shippingTime} />
          )}
        </div>
        <aside className="order-side-col">
          <section className="order-card" aria-labelledby="shipping-address-title">
            <h2 id="shipping-address-title">{t("orders.shippingAddress")}</h2>
            <ShippingAddress address={order.shippingAddress} />
          </section>
          <div className="order-card order-next-actions">
            <Link to="/shop" className="button button-block">
              {t("orders.continueShopping")}
            </Link>
            <Link to="/account" className="button button-secondary button-block">
              {t("orders.viewHistory")}
            </Link>
            <Link to={order.links.details} className="link-button">
              {t("orders.viewDetails")}
            </Link>
          </div>
          <OrderWithdrawalCard order={order} />
          <SupportContact orderId={order.id} />
        </aside>
      </div>
    </div>
  );
}

function ConfirmationHead({ order }: { order: OrderPageOrder }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (order.status === "unpaid") {
    return (
      <header className="order-hero order-hero-pending">
        <h1>{t("orders.paymentPending")}</h1>
        <p>{t("orders.paymentPendingText")}</p>
        <Link to={order.links.payment} className="button" reloadDocument>
          {t("orders.completePayment")}
        </Link>
      </header>
    );
  }
  if (order.status === "unpaidcancelled") {
    return (
      <header className="order-hero order-hero-muted">
        <h1>{t("orders.unpaidCancelled")}</h1>
        <p>{t("orders.unpaidCancelledText")}</p>
      </header>
    );
  }
  return (
    <header className="order-hero">
      <span className="order-hero-mark" aria-hidden="true">
        ✓
      </span>
      <h1>{t("orders.confirmed")}</h1>
      <p>{t("orders.confirmedText")}</p>
      <p className="muted">{t("orders.numberDate", { id: String(order.id), date: orderDate(i18n, order.createdAt) })}</p>
    </header>
  );
}

function WhatsNext({ madeToOrder, shippingTime }: { madeToOrder: boolean; shippingTime: string }) {
  const { t } = useI18n();
  return (
    <section className="order-card whats-next" aria-labelledby="whats-next-title">
      <h2 id="whats-next-title">{t("orders.whatsNext")}</h2>
      <ol className="next-steps">
        <li>
          <p className="strong">{t("orders.processing")}</p>
          <p>{madeToOrder ? t("orders.processingMadeToOrder") : t("orders.processingReady", { time: shippingTime })}</p>
        </li>
        <li>
          <p className="strong">{t("orders.shipping")}</p>
          <p>{t("orders.shippingText")}</p>
        </li>
        <li>
          <p className="strong">{t("orders.delivery")}</p>
          <p>{t("orders.deliveryText")}</p>
        </li>
      </ol>
    </section>
  );
}

function AccessDenied() {
  const { t } = useI18n();
  return (
    <div className="container">
      <section className="empty-state">
        <h1>{t("orders.accessDenied")}</h1>
        <p>{t("orders.accessDeniedText")}</p>
        <p className="muted small">{t("orders.tokenRequired")}</p>
        <div className="actions">
          <Link to="/account" className="button">
            {t("orders.viewHistory")}
          </Link>
          <Link to="/shop" className="button button-secondary">
            {t("orders.continueShopping")}
          </Link>
        </div>
      </section>
    </div>
  );
}
