import { Link } from "@remix-run/react";
import { formatAccountDate } from "~/components/account/links";
import { orderStatusLabel } from "~/domain/orders/status-labels";
import { formatMoney } from "~/lib/money";

export interface AccountOrder {
  id: number;
  status: string;
  totalCents: number;
  createdAt: string;
  confirmationToken: string;
}

export function OrdersTab({ orders }: { orders: AccountOrder[] }) {
  if (orders.length === 0) {
    return (
      <section className="empty-state" aria-labelledby="orders-title">
        <h2 id="orders-title">No orders yet</h2>
        <p>You haven&apos;t placed any orders yet.</p>
        <Link to="/shop" className="button">
          Start Shopping
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Your Orders</h2>
      <ul className="order-list" role="list">
        {orders.map((order) => (
          <li key={order.id} className="order-row">
            <div className="order-main">
              <p className="order-number">Order #{order.id}</p>
              <p className="muted small">
                Placed <time dateTime={order.createdAt}>{formatAccountDate(order.createdAt)}</time>
              </p>
            </div>
            <span className={`status-pill status-${order.status.replace(/[^a-z_]/g, "")}`}>{orderStatusLabel(order.status)}</span>
            <p className="order-total">{formatMoney(order.totalCents)}</p>
            <Link to={`/order-details/${order.id}?token=${encodeURIComponent(order.confirmationToken)}`} className="button button-secondary">
              View Details<span className="sr-only"> of order #{order.id}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
