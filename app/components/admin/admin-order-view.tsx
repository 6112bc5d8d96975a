import { Form, Link } from "@remix-run/react";
import { confirmCancel } from "~/components/admin/orders-tab";
import { NotFoundView } from "~/components/layout/not-found";
import { formatOrderDate, OrderItems, OrderTotals, ShippingAddress, StatusBadge, TrackingLink } from "~/components/orders/order-parts";
import { ADMIN_ORDER_INTENTS, ADMIN_ORDER_TEXT, type AdminOrderPageData, type AdminOrderPageOrder, TRACKING_NUMBER_MAX } from "~/domain/admin/admin-orders";
import { ACCESS_DENIED } from "~/domain/admin/tabs";
import { trackingUrl } from "~/domain/orders/page-data";
import { formatMoney } from "~/lib/money";

type OkData = Extract<AdminOrderPageData, { state: "ok" }>;

/**
 * The admin order page of /admin/orders/{orderId} (checkout-account-admin spec, section 2):
 * items, customer, address, summary, tracking card and the actions the status allows. The
 * forms post to the page itself and come back here with a toast.
 */
export function AdminOrderView({ data }: { data: AdminOrderPageData }) {
  if (data.state === "denied") {
    return (
      <div className="container narrow">
        <h1>Access Denied</h1>
        <p>{ACCESS_DENIED}</p>
        <p>
          <Link to="/admin-login">Sign in as an admin</Link> or <Link to="/">go to the shop</Link>.
        </p>
      </div>
    );
  }
  if (data.state === "not-found") {
    return (
      <div className="container">
        <NotFoundView title={ADMIN_ORDER_TEXT.pageNotFound} text={ADMIN_ORDER_TEXT.pageNotFoundText} />
        <p className="admin-order-back-center">
          <Link to="/admin?tab=orders" className="button">
            Back to Admin
          </Link>
        </p>
      </div>
    );
  }
  const { order } = data;
  return (
    <div className="container order-page admin-order-page">
      <div className="page-head order-head">
        <p className="muted small">
          <Link to="/admin?tab=orders">← Back to Admin</Link>
        </p>
        <h1>{`Order #${order.id}`}</h1>
        <p className="muted">
          Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time> ·{" "}
          <StatusBadge status={order.status} label={order.statusLabel} />
        </p>
      </div>
      {data.confirm ? <ConfirmCancel order={order} /> : null}
      <div className="order-layout">
        <div className="order-main-col">
          <section className="order-card" aria-labelledby="items-title">
            <h2 id="items-title">Items</h2>
            <OrderItems items={order.items} alwaysShowEach />
          </section>
          <section className="order-card" aria-labelledby="summary-title">
            <h2 id="summary-title">Order Summary</h2>
            <OrderTotals order={order} />
          </section>
        </div>
        <aside className="order-side-col">
          {order.trackingNumber && (order.status === "shipped" || order.status === "delivered" || order.shippedAt) ? (
            <section className="order-card admin-tracking-card" aria-labelledby="tracking-title">
              <h2 id="tracking-title">Tracking</h2>
              <p className="admin-tracking-number">
                <TrackingLink trackingNumber={order.trackingNumber} />
              </p>
              {order.shippedAt ? (
                <p className="muted small">
                  Shipped <time dateTime={order.shippedAt}>{formatOrderDate(order.shippedAt)}</time>
                </p>
              ) : null}
              <p className="small">
                <a href={trackingUrl(order.trackingNumber)} target="_blank" rel="noopener noreferrer">
                  Track on parcelsapp.com
                </a>
              </p>
            </section>
          ) : null}
          <section className="order-card" aria-labelledby="customer-title">
            <h2 id="customer-title">Customer</h2>
            <dl className="order-facts">
              <div>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${order.email}?subject=${encodeURIComponent(`Your order #${order.id}`)}`}>{order.email}</a>
                </dd>
              </div>
              <div>
                <dt>Account</dt>
                <dd>{order.userId ? "Registered customer" : "Guest"}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatOrderDate(order.createdAt)}</dd>
              </div>
              {order.paidAt ? (
                <div>
                  <dt>Paid</dt>
                  <dd>{formatOrderDate(order.paidAt)}</dd>
                </div>
              ) : null}
            </dl>
            {order.customerMessage ? (
              <>
                <h3 className="order-subtitle">Customer message</h3>
                <p className="order-message">{order.customerMessage}</p>
              </>
            ) : null}
          </section>
          <section className="order-card" aria-labelledby="address-title">
            <h2 id="address-title">Shipping Address</h2>
            <ShippingAddress address={order.shippingAddress} />
          </section>
          <AdminActions data={data} />
        </aside>
      </div>
    </div>
  );
}

function AdminActions({ data }: { data: OkData }) {
  const { order, can } = data;
  const none = !can.cancel && !can.ship && !can.return;
  return (
    <section className="order-card order-actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      {can.ship ? (
        <Form method="post" className="admin-ship-form" preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.ship} />
          <input type="hidden" name="orderId" value={order.id} />
          <div className="field">
            <label htmlFor="trackingNumber">Tracking number</label>
            <input id="trackingNumber" name="trackingNumber" required maxLength={TRACKING_NUMBER_MAX} autoComplete="off" />
          </div>
          <button type="submit" className="button button-block">
            Ship Order
          </button>
        </Form>
      ) : null}
      {can.return ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.return} />
          <input type="hidden" name="orderId" value={order.id} />
          <button type="submit" className="button button-secondary button-block">
            Process Return
          </button>
        </Form>
      ) : null}
      {can.cancel ? (
        <Form method="post" onSubmit={confirmCancel} preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.cancel} />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="confirmed" value="" />
          <button type="submit" className="button button-secondary button-danger button-block">
            Cancel Order
          </button>
        </Form>
      ) : null}
      {can.return ? <p className="muted small">A return does not put the stock back: check the piece, then adjust the stock in the product editor.</p> : null}
      {order.status === "unpaid" ? <p className="muted small">This order has not been paid yet.</p> : null}
      {none ? <p className="muted small">No actions are available for an order that is {order.statusLabel}.</p> : null}
    </section>
  );
}

function ConfirmCancel({ order }: { order: AdminOrderPageOrder }) {
  const self = `/admin/orders/${order.id}`;
  return (
    <section className="confirm-box" role="alertdialog" aria-labelledby="order-confirm-title">
      <p id="order-confirm-title" className="strong">
        {ADMIN_ORDER_TEXT.cancelQuestion}
      </p>
      <div className="actions">
        <Form method="post" action={self}>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.cancel} />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="button button-danger">
            Yes, cancel order
          </button>
        </Form>
        <Link to={self} className="button button-secondary">
          No, keep it
        </Link>
      </div>
    </section>
  );
}
