import { Link } from "@remix-run/react";
import { type OrderPageOrder } from "~/domain/orders/page-data";
import { formatReceivedAt, WITHDRAWAL_DAYS, withdrawalPath } from "~/domain/withdrawals/rules";

/**
 * The customer order pages' withdrawal card: the link 'Withdraw from contract' while the order can
 * be withdrawn from, and the withdrawal's state once it was received. Nothing otherwise.
 */
export function OrderWithdrawalCard({ order }: { order: Pick<OrderPageOrder, "id" | "withdrawal" | "canWithdraw"> }) {
  if (!order.withdrawal && !order.canWithdraw) return null;
  return (
    <section className="order-card order-withdrawal" aria-labelledby="withdrawal-card-title" data-testid="order-withdrawal">
      <h2 id="withdrawal-card-title">Withdrawal</h2>
      {order.withdrawal ? (
        <>
          <p>
            We received your withdrawal on <time dateTime={order.withdrawal.receivedAt}>{formatReceivedAt(order.withdrawal.receivedAt)}</time>.
          </p>
          <p className="muted small">
            {order.withdrawal.handledAt
              ? `Handled on ${formatReceivedAt(order.withdrawal.handledAt)}: the refund is on its way to your PayPal account.`
              : "We are handling it: the receipt in your inbox says what happens next."}
          </p>
        </>
      ) : (
        <>
          <p className="small">You may withdraw from this purchase without giving a reason within {WITHDRAWAL_DAYS} days of delivery.</p>
          <Link to={withdrawalPath(order.id)} className="button button-secondary button-block">
            Withdraw from contract
          </Link>
        </>
      )}
    </section>
  );
}
