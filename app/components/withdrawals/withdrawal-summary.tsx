import { formatOrderDate } from "~/components/orders/order-parts";
import { type WithdrawalOrderSummary } from "~/domain/withdrawals/rules";
import { formatMoney } from "~/lib/money";
import { PERSONALISED_ITEM_TEXT } from "~/domain/catalogue/made-to-order";

/** The order a withdrawal is about, as step two and the acknowledgement show it. */
export function WithdrawalSummary({ summary, name, statement }: { summary: WithdrawalOrderSummary; name: string; statement: string | null }) {
  return (
    <div className="withdrawal-summary" data-testid="withdrawal-summary">
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd className="strong">{`#${summary.id}`}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={summary.createdAt}>{formatOrderDate(summary.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{name}</dd>
        </div>
      </dl>
      <ul className="withdrawal-items">
        {summary.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.title}
              {item.option ? <span className="muted small">{` · ${item.option}`}</span> : null}
              <span className="muted small">{` × ${item.quantity}`}</span>
              {item.exempt ? <span className="muted small personalised-note">{` · ${PERSONALISED_ITEM_TEXT}`}</span> : null}
            </span>
            <span>{formatMoney(item.lineCents)}</span>
          </li>
        ))}
        <li className="withdrawal-total">
          <span>Total paid (shipping included)</span>
          <span>{formatMoney(summary.totalCents)}</span>
        </li>
      </ul>
      {statement ? (
        <>
          <h3 className="order-subtitle">Your statement</h3>
          <p className="order-message">{statement}</p>
        </>
      ) : null}
    </div>
  );
}
