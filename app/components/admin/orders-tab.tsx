import { Form, Link } from "@remix-run/react";
import { formatDecimalMoney } from "~/lib/money";
import { type FormEvent } from "react";
import { formatOrderDate, StatusBadge } from "~/components/orders/order-parts";
import { ADMIN_ORDER_INTENTS, ADMIN_ORDER_TEXT, adminOrderActions } from "~/domain/orders/fulfilment";
import { type FieldConstraint } from "~/lib/field-constraint";
import { ORDER_STATUSES } from "~/domain/orders/status";
import type { OrdersTabData } from "~/web/admin/orders-tab.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { Pager } from "~/components/admin/store-parts";
import { formatShipDate } from "~/domain/catalogue/made-to-order";
import { HeldPlacesNotice } from "~/components/admin/made-to-order-held";
import { SalesReportCard } from "~/components/admin/sales-report-card";
import { RowMenu } from "~/components/admin/row-menu";

type Ready = Extract<OrdersTabData, { ready: true }>;

/** The 'Print packing slips' form: a plain GET of the ticked rows' `ids` (their boxes name it with `form`, as the rows hold forms of their own). */
const SLIPS_FORM = "packing-slips-form";
type Row = Ready["orders"][number];

/**
 * The admin's Orders tab: a filter, and a table (stacked
 * cards on a phone) with each order's actions. Every action is a plain form posting to /admin;
 * Cancel asks first (confirm() with JavaScript, the server's confirmation step without), Ship
 * opens a small tracking-number form in place (a <details>, which needs no JavaScript).
 */
export function OrdersTab({ data }: { data: OrdersTabData }) {
  if (!data.ready) return <p className="muted">Loading orders…</p>;
  const { orders, filter, here, confirm, total, page, pageCount } = data;
  const filtered = Boolean(filter.status || filter.q || filter.from || filter.to || filter.withdrawal);
  return (
    <section className="admin-orders" aria-labelledby="admin-orders-title">
      <div className="admin-orders-head">
        <h2 id="admin-orders-title">Orders</h2>
        <p className="muted small" data-testid="orders-count">
          {total.toLocaleString("en-US")} {total === 1 ? "order" : "orders"}
          {filtered ? " match" : ", every status (the dashboard's Total Orders counts only paid and shipped ones)"}
        </p>
      </div>
      <HeldPlacesNotice held={data.heldPlaces} back={here} />
      <Form method="get" action="/admin" className="admin-orders-filter" role="search" aria-label="Filter orders">
        <input type="hidden" name="tab" value="orders" />
        <div className="field">
          <label htmlFor="orders-q">Search</label>
          <input id="orders-q" name="q" type="search" defaultValue={filter.q} placeholder="Order # or e-mail" {...data.searchConstraint} />
        </div>
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={filter.status}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-from">From</label>
          <input id="orders-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="orders-to">To</label>
          <input id="orders-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <div className="field">
          <label htmlFor="orders-sort">Sort</label>
          <select id="orders-sort" name="sort" defaultValue={filter.sort}>
            <option value="">Newest first</option>
            <option value="ship-date">Expected ship date</option>
          </select>
        </div>
        <label className="check admin-orders-withdrawals">
          <input type="checkbox" name="withdrawal" value="open" defaultChecked={filter.withdrawal === "open"} /> Withdrawals to handle
        </label>
        <div className="admin-orders-filter-actions">
          <button type="submit" className="button">
            Filter
          </button>
          <a href={data.exportUrl} className="button button-ghost" download>
            Export CSV
          </a>
          {filtered ? (
            <Link to="/admin?tab=orders" className="button button-ghost">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {confirm ? <CancelConfirm confirm={confirm} back={here} /> : null}
      {orders.length > 0 ? (
        <form id={SLIPS_FORM} method="get" action="/admin/orders/packing-slips" className="admin-orders-bulk">
          <button type="submit" className="button button-secondary button-small">
            Print packing slips
          </button>
          <span className="muted small">of the ticked orders, one per page</span>
        </form>
      ) : null}
      {orders.length === 0 ? (
        <p className="empty-state admin-orders-empty">{filtered ? "No orders match this filter." : "No orders yet."}</p>
      ) : (
        <table className="admin-orders-table">
          <caption className="sr-only">{filter.sort === "ship-date" ? "Orders, soonest expected ship date first" : "Orders, newest first"}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Select for packing slips</span>
              </th>
              <th scope="col">Order</th>
              <th scope="col">Customer</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
              <th scope="col">Ships by</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} back={here} shipOpen={data.shipOpen === order.id} trackingConstraint={data.trackingConstraint} />
            ))}
          </tbody>
        </table>
      )}
      {pageCount > 1 ? <Pager here={here} page={page} pageCount={pageCount} label="Order pages" /> : null}
      <SalesReportCard />
    </section>
  );
}

function OrderRow({ order, back, shipOpen, trackingConstraint }: { order: Row; back: string; shipOpen: boolean; trackingConstraint: FieldConstraint }) {
  const can = adminOrderActions(order.status);
  return (
    <tr data-order-id={order.id}>
      <td data-label="Select" className="admin-orders-select">
        <input type="checkbox" name="ids" value={order.id} form={SLIPS_FORM} aria-label={`Select order #${order.id} for packing slips`} />
      </td>
      <th scope="row" data-label="Order">
        <Link to={`/admin/orders/${order.id}`} className="order-number">{`#${order.id}`}</Link>
        {order.withdrawal && !order.withdrawal.handledAt ? (
          <span className="withdrawal-badge" title="The customer withdrew from the contract: refund within 14 days">
            Withdrawal
          </span>
        ) : null}
      </th>
      <td data-label="Customer" className="admin-orders-email">
        {order.email}
      </td>
      <td data-label="Total">{formatDecimalMoney(order.total)}</td>
      <td data-label="Status">
        <StatusBadge status={order.status} label={order.statusLabel} />
      </td>
      <td data-label="Date">
        <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
      </td>
      <td data-label="Ships by" className="admin-orders-ship-date">
        {order.expectedShipDate ? <time dateTime={order.expectedShipDate}>{formatShipDate(order.expectedShipDate)}</time> : <span className="muted">–</span>}
      </td>
      <td data-label="Actions" className="row-actions">
        <div className="row-actions-inner">
          <Link to={`/admin/orders/${order.id}`} className="button button-secondary button-small" aria-label={`View Details of order #${order.id}`}>
            View Details
          </Link>
          <RowMenu label={`order #${order.id}`} open={shipOpen}>
            {can.ship ? <ShipOrderForm orderId={order.id} back={back} open={shipOpen} trackingConstraint={trackingConstraint} /> : null}
            <Link to={`/admin/orders/${order.id}/packing-slip`} className="row-menu-item" aria-label={`Packing slip of order #${order.id}`}>
              Packing slip
            </Link>
            {can.return ? <ReturnOrderForm orderId={order.id} back={back} /> : null}
            {can.cancel ? (
              <>
                <div className="row-menu-separator" role="presentation" />
                <CancelOrderForm orderId={order.id} back={back} />
              </>
            ) : null}
          </RowMenu>
        </div>
      </td>
    </tr>
  );
}

/** With JavaScript a confirm() prompt; without, the server answers with the confirmation step. */
export function confirmCancel(event: FormEvent<HTMLFormElement>) {
  if (!window.confirm(ADMIN_ORDER_TEXT.cancelQuestion)) {
    event.preventDefault();
    return;
  }
  const input = event.currentTarget.elements.namedItem("confirmed");
  if (input instanceof HTMLInputElement) input.value = "yes";
}

function CancelOrderForm({ orderId, back }: { orderId: number; back: string }) {
  return (
    <Form method="post" action="/admin" onSubmit={confirmCancel} preventScrollReset>
      <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.cancel} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" className="row-menu-item" aria-label={`Cancel order #${orderId}`}>
        Cancel
      </button>
    </Form>
  );
}

function ReturnOrderForm({ orderId, back }: { orderId: number; back: string }) {
  return (
    <Form method="post" action="/admin" preventScrollReset>
      <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.return} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" className="row-menu-item" aria-label={`Process return of order #${orderId}`}>
        Return
      </button>
    </Form>
  );
}

function ShipOrderForm({ orderId, back, open, trackingConstraint }: { orderId: number; back: string; open: boolean; trackingConstraint: FieldConstraint }) {
  const fieldId = `tracking-${orderId}`;
  return (
    <details className="admin-ship" open={open || undefined}>
      <summary className="row-menu-item" aria-label={`Ship order #${orderId}`}>
        Ship
      </summary>
      <Form method="post" action="/admin" className="admin-ship-form" preventScrollReset>
        <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.ship} />
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="redirectTo" value={back} />
        <div className="field">
          <label htmlFor={fieldId}>Tracking number</label>
          <input id={fieldId} name="trackingNumber" {...trackingConstraint} autoComplete="off" autoFocus={open} />
        </div>
        <button type="submit" className="button button-small">
          Mark as Shipped
        </button>
      </Form>
    </details>
  );
}

function CancelConfirm({ confirm, back }: { confirm: NonNullable<Ready["confirm"]>; back: string }) {
  return (
    <section className="confirm-box" role="alertdialog" aria-labelledby="order-confirm-title" aria-describedby="order-confirm-what">
      <p id="order-confirm-title" className="strong">
        {ADMIN_ORDER_TEXT.cancelQuestion}
      </p>
      <p id="order-confirm-what" className="muted">
        {`Order #${confirm.id} · ${confirm.email} · ${formatDecimalMoney(confirm.total)} · ${confirm.statusLabel}`}
      </p>
      <div className="actions">
        <Form method="post" action="/admin">
          <input type="hidden" name="intent" value={ADMIN_ORDER_INTENTS.cancel} />
          <input type="hidden" name="orderId" value={confirm.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <input type="hidden" name="redirectTo" value={back} />
          <button type="submit" className="button button-danger">
            Yes, cancel order
          </button>
        </Form>
        <Link to={back} className="button button-secondary">
          No, keep it
        </Link>
      </div>
    </section>
  );
}
