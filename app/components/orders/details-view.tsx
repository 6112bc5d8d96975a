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
  TrackingLink,
} from "~/components/orders/order-parts";
import { ShipDateNote } from "~/components/orders/ship-date-note";
import { OrderWithdrawalCard } from "~/components/withdrawals/order-withdrawal";
import { OrderReviews } from "~/components/reviews/order-reviews";
import { type DetailsPageData, ORDER_INTENTS, ORDER_TEXT, type OrderIntent, type OrderPageOrder } from "~/domain/orders/page-data";
import { confirmFirst } from "~/lib/behavior-contract";

type OkData = Extract<DetailsPageData, { state: "ok" }>;

const ACTIONS: Record<OrderIntent, { button: string; question: string; yes: string }> = {
  [ORDER_INTENTS.cancel]: { button: "Cancel Order", question: ORDER_TEXT.cancelQuestion, yes: "Yes, cancel order" },
  [ORDER_INTENTS.requestCancellation]: {
    button: "Request Cancellation",
    question: ORDER_TEXT.requestQuestion,
    yes: "Yes, request cancellation",
  },
};

/**
 * The customer order details page of /order-details/{orderId} and /order-details/{orderId}/{token}:
 * status, tracking, items, summary, banners,
 * address, contact, message, and the order actions with their confirmation step.
 */
export function OrderDetailsView({ data }: { data: DetailsPageData }) {
  if (data.state === "not-found") return <OrderNotFound />;
  const { order } = data;
  return (
    <div className="container order-page">
      <div className="page-head order-head">
        <p className="muted small">
          <Link to="/account">My Account</Link> · <Link to="/shop">Continue Shopping</Link>
        </p>
        <h1>{`Order #${order.id}`}</h1>
        <p className="muted">
          Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </p>
      </div>
      {data.confirm ? <ConfirmStep intent={data.confirm} self={data.self} /> : null}
      <OrderBanners order={order} />
      <div className="order-layout">
        <div className="order-main-col">
          <section className="order-card" aria-labelledby="status-title">
            <div className="order-card-head">
              <h2 id="status-title">Status</h2>
              <StatusBadge status={order.status} label={order.statusLabel} />
            </div>
            <dl className="order-facts">
              <div>
                <dt>Tracking Number</dt>
                <dd>{order.trackingNumber ? <TrackingLink trackingNumber={order.trackingNumber} /> : <span className="muted">Not shipped yet</span>}</dd>
              </div>
            </dl>
            {order.declineReason && order.status !== "cancel_request" && order.status !== "cancelled" ? (
              <div className="decline-reason" data-testid="decline-reason">
                <p className="strong">We could not cancel this order</p>
                <p>{order.declineReason}</p>
              </div>
            ) : null}
            {order.status === "unpaid" ? (
              <p className="notice">
                This order is waiting for payment.{" "}
                <Link to={order.links.payment} className="strong" reloadDocument>
                  Complete Payment
                </Link>
              </p>
            ) : null}
          </section>
          <section className="order-card" aria-labelledby="items-title">
            <h2 id="items-title">Items</h2>
            <ShipDateNote order={order} />
            <OrderItems items={order.items} />
          </section>
          <section className="order-card" aria-labelledby="summary-title">
            <h2 id="summary-title">Order Summary</h2>
            <OrderTotals order={order} />
            {order.refunds.length > 0 ? (
              <>
                <h3 className="order-subtitle">Refunds</h3>
                <ul className="order-refunds" data-testid="order-refunds">
                  {order.refunds.map((r) => (
                    <li key={r.id}>
                      {`$${(r.amountCents / 100).toFixed(2)} refunded to your PayPal account on `}
                      <time dateTime={r.createdAt}>{formatOrderDate(r.createdAt)}</time>
                      {r.status === "PENDING" ? " (pending at PayPal)" : ""}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>
        <aside className="order-side-col">
          <section className="order-card" aria-labelledby="shipping-address-title">
            <h2 id="shipping-address-title">Shipping Address</h2>
            <ShippingAddress address={order.shippingAddress} />
          </section>
          <section className="order-card" aria-labelledby="contact-title">
            <h2 id="contact-title">Contact Information</h2>
            <p className="order-email">{order.email}</p>
          </section>
          {order.customerMessage ? (
            <section className="order-card" aria-labelledby="message-title">
              <h2 id="message-title">Your Message</h2>
              <p className="order-message">{order.customerMessage}</p>
            </section>
          ) : null}
          <OrderActions data={data} order={order} />
          <OrderReviews items={data.reviewable ?? []} self={data.self} constraints={data.reviewConstraints} />
          <OrderWithdrawalCard order={order} />
          <SupportContact orderId={order.id} />
        </aside>
      </div>
    </div>
  );
}

function OrderActions({ data, order }: { data: OkData; order: OrderPageOrder }) {
  const intents = [data.can.cancel ? ORDER_INTENTS.cancel : null, data.can.requestCancellation ? ORDER_INTENTS.requestCancellation : null].filter(
    (i): i is OrderIntent => i !== null,
  );
  return (
    <section className="order-card order-actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Order Actions</h2>
      {order.status === "unpaid" ? (
        <Link to={order.links.payment} className="button button-block" reloadDocument>
          Complete Payment
        </Link>
      ) : null}
      {intents.map((intent) => (
        // With JavaScript a confirm() prompt asks; without, the server's confirmation step (?confirm=).
        <form key={intent} method="post" action={data.self} {...confirmFirst(ACTIONS[intent].question)}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirmed" value="" />
          <button type="submit" className="button button-secondary button-block button-danger">
            {ACTIONS[intent].button}
          </button>
        </form>
      ))}
      {intents.length === 0 ? (
        <p className="muted small">
          {order.status === "cancel_request"
            ? "Your cancellation request is being reviewed."
            : "There are no actions for this order. Please contact us if you need help."}
        </p>
      ) : null}
      {data.can.requestCancellation ? <p className="muted small">A cancellation with a full refund is possible until the order has shipped.</p> : null}
    </section>
  );
}

function ConfirmStep({ intent, self }: { intent: OrderIntent; self: string }) {
  const action = ACTIONS[intent];
  return (
    <section className="confirm-box" role="alertdialog" aria-labelledby="confirm-title">
      <p id="confirm-title" className="strong">
        {action.question}
      </p>
      <div className="actions">
        <form method="post" action={self}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="button">
            {action.yes}
          </button>
        </form>
        <Link to={self} className="button button-secondary">
          No, keep order
        </Link>
      </div>
    </section>
  );
}
