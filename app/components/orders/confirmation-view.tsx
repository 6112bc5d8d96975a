import { Link } from "@remix-run/react";
import {
  formatOrderDate,
  OrderBanners,
  OrderItems,
  OrderNotFound,
  OrderTotals,
  ShippingAddress,
  StatusBadge,
  SupportContact,
} from "~/components/orders/order-parts";
import { type ConfirmationPageData, ORDER_TEXT, type OrderPageOrder } from "~/domain/orders/page-data";
import { ShipDateNote } from "~/components/orders/ship-date-note";
import { OrderWithdrawalCard } from "~/components/withdrawals/order-withdrawal";

/**
 * The confirmation page of /order/{orderId}/confirmation?token= and /orders/{orderId}/{token}.
 */
export function ConfirmationView({ data }: { data: ConfirmationPageData }) {
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
              <h2 id="order-details-title">Order Details</h2>
              <StatusBadge status={order.status} label={order.statusLabel} />
            </div>
            <dl className="order-facts">
              <div>
                <dt>Order Number</dt>
                <dd>{`#${order.id}`}</dd>
              </div>
              <div>
                <dt>Order Date</dt>
                <dd>
                  <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{order.email}</dd>
              </div>
            </dl>
            <ShipDateNote order={order} />
            <h3 className="order-subtitle">Items</h3>
            <OrderItems items={order.items} />
            <OrderTotals order={order} />
          </section>
          {order.status === "unpaid" || order.status === "unpaidcancelled" ? null : (
            <WhatsNext madeToOrder={order.expectedShipDate !== null} shippingTime={data.shippingTime} />
          )}
        </div>
        <aside className="order-side-col">
          <section className="order-card" aria-labelledby="shipping-address-title">
            <h2 id="shipping-address-title">Shipping Address</h2>
            <ShippingAddress address={order.shippingAddress} />
          </section>
          <div className="order-card order-next-actions">
            <Link to="/shop" className="button button-block">
              Continue Shopping
            </Link>
            <Link to="/account" className="button button-secondary button-block">
              View Order History
            </Link>
            <Link to={order.links.details} className="link-button">
              View Order Details
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
  if (order.status === "unpaid") {
    return (
      <header className="order-hero order-hero-pending">
        <h1>{ORDER_TEXT.paymentPending}</h1>
        <p>{ORDER_TEXT.paymentPendingText}</p>
        <Link to={order.links.payment} className="button" reloadDocument>
          Complete Payment
        </Link>
      </header>
    );
  }
  if (order.status === "unpaidcancelled") {
    return (
      <header className="order-hero order-hero-muted">
        <h1>{ORDER_TEXT.unpaidCancelled}</h1>
        <p>{ORDER_TEXT.unpaidCancelledText}</p>
      </header>
    );
  }
  return (
    <header className="order-hero">
      <span className="order-hero-mark" aria-hidden="true">
        ✓
      </span>
      <h1>{ORDER_TEXT.confirmed}</h1>
      <p>{ORDER_TEXT.confirmedText}</p>
      <p className="muted">{`Order #${order.id} · ${formatOrderDate(order.createdAt)}`}</p>
    </header>
  );
}

function WhatsNext({ madeToOrder, shippingTime }: { madeToOrder: boolean; shippingTime: string }) {
  return (
    <section className="order-card whats-next" aria-labelledby="whats-next-title">
      <h2 id="whats-next-title">What&apos;s Next?</h2>
      <ol className="next-steps">
        <li>
          <p className="strong">Processing</p>
          <p>
            {madeToOrder
              ? "Your made-to-order piece is sewn for you first; then every piece is checked and carefully packed, and the order goes out in one parcel when it is ready."
              : `Every piece is checked and carefully packed. Orders go out within ${shippingTime}.`}
          </p>
        </li>
        <li>
          <p className="strong">Shipping</p>
          <p>Your parcel travels from Poland by registered priority airmail with a tracking number, which appears on your order details page once it ships.</p>
        </li>
        <li>
          <p className="strong">Delivery</p>
          <p>Usually up to 2 days in Poland, 2 to 4 days elsewhere in Europe, about a week to the USA and 1 to 2 weeks to Australia and remote areas.</p>
        </li>
      </ol>
    </section>
  );
}

function AccessDenied() {
  return (
    <div className="container">
      <section className="empty-state">
        <h1>{ORDER_TEXT.accessDenied}</h1>
        <p>{ORDER_TEXT.accessDeniedText}</p>
        <p className="muted small">{ORDER_TEXT.tokenRequired}</p>
        <div className="actions">
          <Link to="/account" className="button">
            View Order History
          </Link>
          <Link to="/shop" className="button button-secondary">
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
