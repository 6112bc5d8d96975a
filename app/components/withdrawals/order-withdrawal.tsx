import { Link } from "@remix-run/react";
import { type OrderPageOrder } from "~/domain/orders/page-data";
import { formatReceivedAt, nextSteps, WITHDRAWAL_DAYS, withdrawalPath } from "~/domain/withdrawals/rules";
import { type ShopI18n, useI18n } from "~/i18n/context";

/** When a withdrawal was received or handled, to the minute in UTC (the receipt's own words in English). */
export function receivedAtIn(i18n: Pick<ShopI18n, "locale" | "t" | "date">, iso: string): string {
  const date = new Date(iso);
  if (i18n.locale === "en" || Number.isNaN(date.getTime())) return formatReceivedAt(iso);
  const time = `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
  return i18n.t("withdrawal.dateAt", { date: i18n.date(iso), time });
}

/** What happens next, for the page: the domain's English (also the receipt's) or its Polish. */
export function nextStepsIn(i18n: Pick<ShopI18n, "locale" | "t">, shipped: boolean, exemptTitles: string[] = []): string {
  if (i18n.locale === "en") return nextSteps(shipped, exemptTitles);
  const next = i18n.t(shipped ? "withdrawal.nextAfterShipping" : "withdrawal.nextBeforeShipping");
  if (exemptTitles.length === 0) return next;
  const exempt = i18n.t("withdrawal.exempt", { titles: exemptTitles.join(", ") });
  return `${exempt} ${shipped ? next : i18n.t("withdrawal.exemptBeforeShipping")}`;
}

/**
 * The customer order pages' withdrawal card: the link 'Withdraw from contract' while the order can
 * be withdrawn from, and the withdrawal's state once it was received. Nothing otherwise.
 */
export function OrderWithdrawalCard({ order }: { order: Pick<OrderPageOrder, "id" | "withdrawal" | "canWithdraw"> }) {
  const i18n = useI18n();
  const { t, rich } = i18n;
  if (!order.withdrawal && !order.canWithdraw) return null;
  return (
    <section className="order-card order-withdrawal" aria-labelledby="withdrawal-card-title" data-testid="order-withdrawal">
      <h2 id="withdrawal-card-title">{t("withdrawal.heading")}</h2>
      {order.withdrawal ? (
        <>
          <p>
            {rich("withdrawal.cardReceived", {
              date: <time dateTime={order.withdrawal.receivedAt}>{receivedAtIn(i18n, order.withdrawal.receivedAt)}</time>,
            })}
          </p>
          <p className="muted small">
            {order.withdrawal.handledAt ? t("withdrawal.cardHandled", { date: receivedAtIn(i18n, order.withdrawal.handledAt) }) : t("withdrawal.cardHandling")}
          </p>
        </>
      ) : (
        <>
          <p className="small">{t("withdrawal.cardMay", { days: String(WITHDRAWAL_DAYS) })}</p>
          <Link to={withdrawalPath(order.id)} className="button button-secondary button-block">
            {t("withdrawal.title")}
          </Link>
        </>
      )}
    </section>
  );
}
