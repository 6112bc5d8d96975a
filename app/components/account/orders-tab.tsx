import { Link } from "@remix-run/react";
import { formatAccountDate } from "~/components/account/links";
import { orderStatusLabel } from "~/domain/orders/status-labels";
import { Money } from "~/components/ui/money";
import { useI18n } from "~/i18n/context";

export interface AccountOrder {
  id: number;
  status: string;
  totalCents: number;
  createdAt: string;
  confirmationToken: string;
}

export function OrdersTab({ orders }: { orders: AccountOrder[] }) {
  const { t, rich, text, locale } = useI18n();
  if (orders.length === 0) {
    return (
      <section className="empty-state" aria-labelledby="orders-title">
        <h2 id="orders-title">{t("account.orders.emptyTitle")}</h2>
        <p>{t("account.orders.emptyText")}</p>
        <Link to="/shop" className="button">
          {t("account.orders.startShopping")}
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">{t("account.orders.title")}</h2>
      <ul className="order-list" role="list">
        {orders.map((order) => (
          <li key={order.id} className="order-row">
            <div className="order-main">
              <p className="order-number">{t("account.orders.number", { id: String(order.id) })}</p>
              <p className="muted small">
                {rich("account.orders.placed", { date: <time dateTime={order.createdAt}>{formatAccountDate(order.createdAt, locale)}</time> })}
              </p>
            </div>
            <span className={`status-pill status-${order.status.replace(/[^a-z_]/g, "")}`}>{text(orderStatusLabel(order.status))}</span>
            <p className="order-total">
              <Money cents={order.totalCents} />
            </p>
            <Link to={`/order-details/${order.id}?token=${encodeURIComponent(order.confirmationToken)}`} className="button button-secondary">
              {t("account.orders.viewDetails")}
              <span className="sr-only">{t("account.orders.viewDetailsOf", { id: String(order.id) })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
