import { Form, Link } from "@remix-run/react";
import { type FormEvent, useRef } from "react";
import { confirmCancel } from "~/components/admin/orders-tab";
import { NotFoundView } from "~/components/layout/not-found";
import { formatOrderDate, OrderItems, OrderTotals, ShippingAddress, StatusBadge, TrackingLink } from "~/components/orders/order-parts";
import { ADMIN_ORDER_INTENTS, ADMIN_ORDER_TEXT, type AdminOrderPageData, type AdminOrderPageOrder, ORDER_LANGUAGE_NAMES } from "~/domain/orders/fulfilment";
import { REFUND_KIND_LABELS, REFUND_STATUS_LABELS } from "~/components/admin/refund-labels";
import { trackingUrl } from "~/domain/orders/page-data";
import { formatReceivedAt } from "~/domain/withdrawals/rules";
import { formatMoney } from "~/lib/money";
import { paidForUnits, type ReturnLine, returnRefund, type ReturnTick, unitPaidCents } from "~/domain/orders/line-shares";
import { AdminAccessDenied } from "~/components/admin/access-denied";
import { TaxRecordCard } from "~/components/admin/tax-record-card";
import { AdminInvoiceCard } from "~/components/admin/admin-invoice-card";

type OkData = Extract<AdminOrderPageData, { state: "ok" }>;

/**
 * The admin order page of /admin/orders/{orderId}:
 * items, customer, address, summary, tracking card and the actions the status allows. The
 * forms post to the page itself and come back here with a toast.
 */
export function AdminOrderView({ data }: { data: AdminOrderPageData }) {
  if (data.state === "denied") {
    return <AdminAccessDenied />;
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
          Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time> · <StatusBadge status={order.status} label={order.statusLabel} />
        </p>
        <p className="admin-order-tools">
          <Link to={`/admin/orders/${order.id}/packing-slip`} className="button button-secondary button-small">
            Print packing slip
          </Link>
        </p>
      </div>
      {data.confirm ? <ConfirmCancel order={order} /> : null}
      {data.withdrawal ? <WithdrawalBanner data={data} /> : null}
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
          <MoneyCard data={data} />
          <TaxRecordCard records={data.records} />
          <AdminInvoiceCard invoice={data.invoice} />
          {data.returnTerms ? <ReturnForm data={data} /> : null}
          <HistoryCard data={data} />
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
          <CustomerCard order={order} />
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

/** Who ordered, when, whether it is a gift, and the customer's message. */
function CustomerCard({ order }: { order: AdminOrderPageOrder }) {
  return (
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
          <dt>Language</dt>
          <dd className="admin-order-language">{ORDER_LANGUAGE_NAMES[order.locale]}</dd>
        </div>
        {order.isGift ? (
          <div>
            <dt>Gift</dt>
            <dd className="admin-order-gift">Yes: no prices on the packing slip</dd>
          </div>
        ) : null}
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
        {order.deliveredAt ? (
          <div>
            <dt>Delivered</dt>
            <dd>{formatOrderDate(order.deliveredAt)}</dd>
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
  );
}

function AdminActions({ data }: { data: OkData }) {
  const { order, can } = data;
  const none = !can.cancel && !can.ship && !can.return && !can.pack && !can.deliver && !can.decline && !can.resolve;
  return (
    <section className="order-card order-actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      {order.status === "cancel_request" ? (
        <p className="small">The customer asked to cancel this order. Approve (full refund through PayPal, stock and points back) or decline with a reason.</p>
      ) : null}
      {can.resolve ? (
        <>
          <p className="small" role="alert">
            {ADMIN_ORDER_TEXT.reversedBanner}
          </p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.resolve} />
            <input type="hidden" name="orderId" value={order.id} />
            <button type="submit" className="button button-secondary button-block">
              Mark resolved
            </button>
          </Form>
        </>
      ) : null}
      {can.pack ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.pack} />
          <input type="hidden" name="orderId" value={order.id} />
          <button type="submit" className="button button-secondary button-block">
            Start packing
          </button>
        </Form>
      ) : null}
      {can.deliver ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.deliver} />
          <input type="hidden" name="orderId" value={order.id} />
          <button type="submit" className="button button-secondary button-block">
            Mark delivered
          </button>
        </Form>
      ) : null}
      {can.ship ? (
        <Form method="post" className="admin-ship-form" preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.ship} />
          <input type="hidden" name="orderId" value={order.id} />
          <div className="field">
            <label htmlFor="trackingNumber">Tracking number</label>
            <input id="trackingNumber" name="trackingNumber" {...data.trackingConstraint} autoComplete="off" />
          </div>
          <button type="submit" className="button button-block">
            Ship Order
          </button>
        </Form>
      ) : null}
      {can.return ? (
        <a href="#return" className="button button-secondary button-block">
          Process Return
        </a>
      ) : null}
      {can.decline ? (
        <Form method="post" className="admin-decline-form" preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.decline} />
          <input type="hidden" name="orderId" value={order.id} />
          <div className="field">
            <label htmlFor="decline-reason">Reason for the customer</label>
            <textarea id="decline-reason" name="reason" {...data.declineReasonConstraint} rows={3} />
          </div>
          <button type="submit" className="button button-secondary button-block">
            Decline request
          </button>
        </Form>
      ) : null}
      {can.cancel ? (
        <Form method="post" onSubmit={confirmCancel} preventScrollReset>
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.cancel} />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="confirmed" value="" />
          <button type="submit" className="button button-secondary button-danger button-block">
            {order.status === "cancel_request" ? "Approve and refund" : "Cancel Order"}
          </button>
        </Form>
      ) : null}
      {can.cancel && order.status !== "unpaid" && data.paypal.captureId ? (
        <p className="muted small">Cancelling refunds what is left of the payment through PayPal first; if PayPal refuses, nothing changes.</p>
      ) : null}
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

function MoneyCard({ data }: { data: OkData }) {
  const { refunds, paypal, order } = data;
  const refunded = refunds.filter((r) => r.status === "COMPLETED" || r.status === "PENDING").reduce((a, r) => a + r.amountCents, 0);
  return (
    <section className="order-card" aria-labelledby="money-title">
      <h2 id="money-title">Payment and refunds</h2>
      <dl className="order-facts">
        <div>
          <dt>PayPal order</dt>
          <dd>{paypal.orderId ?? "—"}</dd>
        </div>
        <div>
          <dt>PayPal capture</dt>
          <dd>{paypal.captureId ?? "—"}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-testid="refunded-total">
            {formatMoney(refunded)} of {formatMoney(order.totalCents)}
          </dd>
        </div>
      </dl>
      {refunds.length > 0 ? (
        <table className="admin-refunds">
          <caption className="sr-only">Refunds</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((r) => (
              <tr key={r.id}>
                <td>{formatOrderDate(r.createdAt)}</td>
                <td>{REFUND_KIND_LABELS[r.kind] ?? r.kind}</td>
                <td>{formatMoney(r.amountCents)}</td>
                <td>
                  {REFUND_STATUS_LABELS[r.status] ?? r.status}
                  {r.paypalRefundId ? <span className="muted small refund-id">{r.paypalRefundId}</span> : null}
                  {r.failureReason ? <span className="refund-reason small">{r.failureReason}</span> : null}
                  {r.creditNote ? (
                    <a className="small refund-credit-note" href={r.creditNote.url} data-testid="refund-credit-note">
                      Credit note {r.creditNote.number}
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">No refunds.</p>
      )}
    </section>
  );
}

/** The form's ticked items and their quantities, as processReturn reads them (readRestock). */
function formTicks(form: HTMLFormElement): ReturnTick[] {
  const data = new FormData(form);
  return data.getAll("restock").map((id) => ({ orderItemId: Number(id), quantity: Number(data.get(`qty-${String(id)}`)) || 0 }));
}

function ReturnForm({ data }: { data: OkData }) {
  const terms = data.returnTerms!;
  const { order } = data;
  const suggested = (terms.suggestedCents / 100).toFixed(2);
  const amount = useRef<HTMLInputElement>(null);
  const room = { withdrawn: terms.withdrawn, shippingPaidCents: terms.shippingPaidCents, leftCents: terms.leftCents };
  // With JavaScript, ticking items or changing their quantities prefills what they were paid; without it the
  // lines show their paid amounts and the server refuses a refund above them.
  const onTicksChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!terms.hasPayment || !amount.current || (target.name !== "restock" && !target.name.startsWith("qty-"))) return;
    amount.current.value = (returnRefund(terms.lines, formTicks(event.currentTarget), room).suggestedCents / 100).toFixed(2);
  };
  return (
    <section className="order-card" id="return" aria-labelledby="return-title">
      <h2 id="return-title">Process Return</h2>
      {/* Keyed by what was refunded, so the fields start afresh after each return. */}
      <Form method="post" className="admin-return-form" preventScrollReset key={`${terms.refundedCents}-${terms.leftCents}`} onChange={onTicksChange}>
        <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.return} />
        <input type="hidden" name="orderId" value={order.id} />
        <fieldset className="return-items">
          <legend>Items coming back to stock</legend>
          {order.items.map((item) => {
            const left = item.quantity - item.returnedQuantity;
            const line = terms.lines.find((l) => l.orderItemId === item.id);
            return (
              <div key={item.id} className="return-item">
                <label>
                  <input type="checkbox" name="restock" value={item.id} disabled={left <= 0} defaultChecked={terms.withdrawn && left > 0} /> {item.title}
                  {item.colorName ? ` · ${item.colorName}` : ""}
                  {item.variationName ? ` · ${item.variationName}` : ""}
                </label>
                <label className="return-qty">
                  <span className="sr-only">{`Quantity of ${item.title}`}</span>
                  <input type="number" name={`qty-${item.id}`} min={0} max={left} defaultValue={left} disabled={left <= 0} inputMode="numeric" />
                  <span className="muted small"> of {left}</span>
                </label>
                {line && terms.hasPayment && left > 0 ? <ReturnLinePaid line={line} left={left} /> : null}
              </div>
            );
          })}
        </fieldset>
        <div className="field">
          <label htmlFor="return-amount">Refund amount (USD)</label>
          <input
            id="return-amount"
            ref={amount}
            name="amount"
            defaultValue={terms.hasPayment ? suggested : "0.00"}
            inputMode="decimal"
            pattern="\$?\d{1,9}([.,]\d{1,2})?"
            required
            autoComplete="off"
          />
          <p className="muted small">
            {terms.withdrawn
              ? "Prefilled for the withdrawal: every item as paid (less its share of the discounts) and the shipping the buyer paid (the law makes the shop refund the standard outbound shipping too)."
              : "Prefilled with the items as paid, less their share of the discounts (the buyer pays shipping)."}{" "}
            With items ticked, the refund is at most what they were paid
            {terms.withdrawn ? " plus the shipping" : ""}. At most {formatMoney(terms.leftCents)} is left to refund
            {terms.refundedCents > 0 ? ` (${formatMoney(terms.refundedCents)} already refunded)` : ""}.
          </p>
        </div>
        <div className="field">
          <label htmlFor="return-reason">{terms.late ? "Reason (required: more than 14 days since delivery)" : "Note (optional)"}</label>
          <textarea id="return-reason" name="reason" rows={2} {...data.returnReasonConstraint} />
        </div>
        <button type="submit" className="button button-block">
          Refund and process return
        </button>
      </Form>
    </section>
  );
}

/** What the units still out of a line were paid, and one unit's amount when there are several. */
function ReturnLinePaid({ line, left }: { line: ReturnLine; left: number }) {
  const paid = paidForUnits(line, left, line.returnedQuantity);
  const unit = unitPaidCents(line);
  return (
    <span className="muted small return-paid" data-testid="return-paid">
      {`Paid ${formatMoney(paid)}`}
      {left > 1 ? ` (${formatMoney(unit)} each${paid !== unit * left ? ", the last one " + formatMoney(paid - unit * (left - 1)) : ""})` : ""}
      {line.discountCents > 0 && left === line.quantity ? `, of ${formatMoney(line.lineCents)} before discounts` : ""}
    </span>
  );
}

/** The customer's withdrawal, above everything else: when, who, what they wrote, and what to do. */
function WithdrawalBanner({ data }: { data: OkData }) {
  const w = data.withdrawal!;
  const { order } = data;
  return (
    <section className={`withdrawal-banner ${w.handledAt ? "is-handled" : "is-open"}`} aria-labelledby="withdrawal-title" data-testid="withdrawal-banner">
      <div className="withdrawal-banner-head">
        <h2 id="withdrawal-title">{w.handledAt ? "Withdrawal handled" : "Withdrawal to handle"}</h2>
        <span className={`status-pill ${w.handledAt ? "status-delivered" : "status-cancel_request"}`}>{w.handledAt ? "Handled" : "Open"}</span>
      </div>
      <p>
        <strong>{w.name}</strong> withdrew from the contract on <time dateTime={w.receivedAt}>{formatReceivedAt(w.receivedAt)}</time>.
        {w.handledAt ? (
          <>
            {" "}
            Handled on <time dateTime={w.handledAt}>{formatReceivedAt(w.handledAt)}</time>.
          </>
        ) : null}
      </p>
      {w.statement ? <p className="order-message">{w.statement}</p> : null}
      {!w.handledAt && w.canRefundInFull ? (
        <>
          <p className="small">The order has not shipped: cancel it and refund the whole payment through PayPal (stock and points go back).</p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.withdrawalRefund} />
            <input type="hidden" name="orderId" value={order.id} />
            <button type="submit" className="button button-secondary button-danger">
              Cancel and refund in full
            </button>
          </Form>
        </>
      ) : null}
      {w.keepExemptNote ? <p className="small">{w.keepExemptNote}</p> : null}
      {!w.handledAt && !w.canRefundInFull && data.returnTerms ? (
        <p className="small">
          The order has shipped: when the items are back (or the customer sends proof of posting), <a href="#return">process the return</a>. The form is
          prefilled with every item and the shipping, which must be refunded too, within 14 days of the withdrawal.
        </p>
      ) : null}
    </section>
  );
}

function HistoryCard({ data }: { data: OkData }) {
  if (data.events.length === 0) return null;
  return (
    <section className="order-card" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ol className="order-history">
        {data.events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.createdAt} className="muted small">
              {formatOrderDate(e.createdAt)}
            </time>{" "}
            {e.message}
          </li>
        ))}
      </ol>
    </section>
  );
}
