import { formatAccountDate } from "~/components/account/links";
import { type LoyaltyConfig, type LoyaltyEventType } from "~/domain/loyalty/rules";
import { type ShopI18n, useI18n } from "~/i18n/context";

export interface AccountLoyalty {
  points: number;
  redeemable: number;
  config: LoyaltyConfig;
  history: { id: number; eventType: LoyaltyEventType; description: string; points: number; pointsAfter: number; createdAt: string }[];
}

/** A dollar amount of the loyalty settings, as the page's language writes money. */
function dollars(i18n: ShopI18n, amount: number): string {
  return i18n.money(Math.round(amount * 100));
}

function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

export function LoyaltyTab({ loyalty }: { loyalty: AccountLoyalty }) {
  const { config, points, redeemable, history } = loyalty;
  const ex = config.discountExchange;
  const i18n = useI18n();
  const { t, text } = i18n;
  const discount = dollars(i18n, ex.discountAmount);
  return (
    <section aria-labelledby="loyalty-title" className="loyalty">
      <h2 id="loyalty-title">{t("account.loyalty.title")}</h2>
      <dl className="loyalty-figures">
        <div>
          <dt>{t("account.loyalty.balance")}</dt>
          <dd data-testid="loyalty-balance">{points}</dd>
        </div>
        <div>
          <dt>{t("account.loyalty.redeemable")}</dt>
          <dd data-testid="loyalty-redeemable">{redeemable}</dd>
        </div>
      </dl>
      <p className="muted">
        {redeemable > 0
          ? t("account.loyalty.canRedeem", { count: redeemable, amount: discount })
          : t("account.loyalty.collect", { points: ex.pointsRequired, amount: discount })}
      </p>
      <div className="loyalty-rules">
        <h3>{t("account.loyalty.howItWorks")}</h3>
        <ul>
          <li>
            {config.minimumOrderForPoints > 0
              ? t("account.loyalty.earnMinimum", { amount: dollars(i18n, config.dollarsPerPoint), minimum: dollars(i18n, config.minimumOrderForPoints) })
              : t("account.loyalty.earn", { amount: dollars(i18n, config.dollarsPerPoint) })}
          </li>
          <li>{t("account.loyalty.exchange", { points: ex.pointsRequired, amount: discount, minimum: dollars(i18n, ex.minimumOrderValue) })}</li>
          <li>{t("account.loyalty.tick")}</li>
        </ul>
      </div>
      <h3 id="history-title">{t("account.loyalty.historyTitle")}</h3>
      {history.length === 0 ? (
        <p className="muted">{t("account.loyalty.historyEmpty")}</p>
      ) : (
        <div className="history-scroll" role="region" aria-label={t("account.loyalty.historyLabel")} tabIndex={0}>
          <ol className="history-list" role="list">
            {history.map((h) => (
              <li key={h.id} className="history-item">
                <div className="history-line">
                  <span className="history-event">{t(`account.loyalty.event.${h.eventType}`)}</span>
                  <span className={`history-points ${h.points < 0 ? "minus" : "plus"}`}>{signedPoints(h.points)}</span>
                </div>
                {h.description ? <p className="history-description">{text(h.description)}</p> : null}
                <p className="muted small history-meta">
                  <time dateTime={h.createdAt}>{formatAccountDate(h.createdAt, i18n.locale)}</time> ·{" "}
                  {t("account.loyalty.historyBalance", { points: String(h.pointsAfter) })}
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
