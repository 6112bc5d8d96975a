import { formatAccountDate } from "~/components/account/links";
import { LOYALTY_EVENT_LABELS, type LoyaltyConfig, type LoyaltyEventType } from "~/domain/loyalty/rules";
import { formatMoney } from "~/lib/money";

export interface AccountLoyalty {
  points: number;
  redeemable: number;
  config: LoyaltyConfig;
  history: { id: number; eventType: LoyaltyEventType; description: string; points: number; pointsAfter: number; createdAt: string }[];
}

function dollars(amount: number): string {
  return formatMoney(Math.round(amount * 100));
}

function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

export function LoyaltyTab({ loyalty }: { loyalty: AccountLoyalty }) {
  const { config, points, redeemable, history } = loyalty;
  const ex = config.discountExchange;
  return (
    <section aria-labelledby="loyalty-title" className="loyalty">
      <h2 id="loyalty-title">Loyalty Points</h2>
      <dl className="loyalty-figures">
        <div>
          <dt>Points balance</dt>
          <dd data-testid="loyalty-balance">{points}</dd>
        </div>
        <div>
          <dt>Redeemable discounts</dt>
          <dd data-testid="loyalty-redeemable">{redeemable}</dd>
        </div>
      </dl>
      <p className="muted">
        {redeemable > 0
          ? `You can redeem ${redeemable} ${redeemable === 1 ? "discount" : "discounts"} of ${dollars(ex.discountAmount)} at checkout.`
          : `Collect ${ex.pointsRequired} points to redeem your first ${dollars(ex.discountAmount)} discount.`}
      </p>
      <div className="loyalty-rules">
        <h3>How it works</h3>
        <ul>
          <li>
            {`Earn 1 point for every ${dollars(config.dollarsPerPoint)} spent${
              config.minimumOrderForPoints > 0 ? ` on orders of ${dollars(config.minimumOrderForPoints)} or more` : ""
            }.`}
          </li>
          <li>{`${ex.pointsRequired} points = ${dollars(ex.discountAmount)} off orders of ${dollars(ex.minimumOrderValue)} or more.`}</li>
          <li>Tick &ldquo;Use loyalty points&rdquo; at checkout to apply a discount.</li>
        </ul>
      </div>
      <h3 id="history-title">Points History</h3>
      {history.length === 0 ? (
        <p className="muted">No points activity yet. Points you earn and spend will appear here.</p>
      ) : (
        <div className="history-scroll" role="region" aria-label="Points history" tabIndex={0}>
          <ol className="history-list" role="list">
            {history.map((h) => (
              <li key={h.id} className="history-item">
                <div className="history-line">
                  <span className="history-event">{LOYALTY_EVENT_LABELS[h.eventType]}</span>
                  <span className={`history-points ${h.points < 0 ? "minus" : "plus"}`}>{signedPoints(h.points)}</span>
                </div>
                {h.description ? <p className="history-description">{h.description}</p> : null}
                <p className="muted small history-meta">
                  <time dateTime={h.createdAt}>{formatAccountDate(h.createdAt)}</time> · {`Balance: ${h.pointsAfter}`}
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
