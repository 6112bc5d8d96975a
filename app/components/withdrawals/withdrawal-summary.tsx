import { orderDate } from "~/components/orders/order-parts";
import { useI18n } from "~/i18n/context";
import { Money } from "~/components/ui/money";
import { type WithdrawalOrderSummary } from "~/domain/withdrawals/rules";
import { PERSONALISED_ITEM_TEXT } from "~/domain/catalogue/made-to-order";

/** The order a withdrawal is about, as step two and the acknowledgement show it. */
export function WithdrawalSummary({ summary, name, statement }: { summary: WithdrawalOrderSummary; name: string; statement: string | null }) {
  const i18n = useI18n();
  const { t, text } = i18n;
  return (
    <div className="withdrawal-summary" data-testid="withdrawal-summary">
      <dl className="order-facts">
        <div>
          <dt>{t("withdrawal.orderNumber")}</dt>
          <dd className="strong">{`#${summary.id}`}</dd>
        </div>
        <div>
          <dt>{t("withdrawal.placed")}</dt>
          <dd>
            <time dateTime={summary.createdAt}>{orderDate(i18n, summary.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("withdrawal.name")}</dt>
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
              {item.exempt ? <span className="muted small personalised-note">{` · ${text(PERSONALISED_ITEM_TEXT)}`}</span> : null}
            </span>
            <span>
              <Money cents={item.lineCents} />
            </span>
          </li>
        ))}
        <li className="withdrawal-total">
          <span>{t("withdrawal.totalPaid")}</span>
          <span>
            <Money cents={summary.totalCents} />
          </span>
        </li>
      </ul>
      {statement ? (
        <>
          <h3 className="order-subtitle">{t("withdrawal.yourStatement")}</h3>
          <p className="order-message">{statement}</p>
        </>
      ) : null}
    </div>
  );
}
