import { leadTimeWeeks } from "~/domain/catalogue/made-to-order";
import { type ShopI18n, useI18n } from "~/i18n/context";

/**
 * 'Made to order: ships within 3 weeks' in the page's language (the domain's madeToOrderText is
 * the English). Layout's words: the cart drawer, which the admin renders too, shows it.
 */
export function madeToOrderLine(i18n: Pick<ShopI18n, "t">, leadTimeDays: number): string {
  const weeks = leadTimeWeeks(leadTimeDays);
  return weeks === 1 ? i18n.t("layout.madeToOrder.oneWeek") : i18n.t("layout.madeToOrder.weeks", { weeks });
}

/** 'Made to order: ships within N weeks' under a line that will be (or was) made to order; nothing otherwise. */
export function MadeToOrderNote({ days, className = "made-to-order-note" }: { days: number | null | undefined; className?: string }) {
  const i18n = useI18n();
  if (days === null || days === undefined) return null;
  return <p className={className}>{madeToOrderLine(i18n, days)}</p>;
}
