import { leadTimeWeeks } from "~/domain/catalogue/made-to-order";
import { type DispatchTime } from "~/domain/orders/dispatch-time";
import { type ShopI18n } from "~/i18n/context";

/** The dispatch time as the sentence after 'within' wants it ('1–3 business days', 'w ciągu 1–3 dni roboczych'). */
function dispatchText(i18n: Pick<ShopI18n, "t">, { minDays, maxDays }: DispatchTime): string {
  return minDays === maxDays ? i18n.t("product.shippingTime", { min: minDays }) : i18n.t("product.shippingTimeRange", { min: minDays, max: maxDays });
}

/**
 * The product page's shipping sentence in the page's language (the domain's productShippingText
 * is the English): a piece in stock ships within the dispatch time, one still to be sewn within
 * its own lead time.
 */
export function shippingSentence(i18n: Pick<ShopI18n, "t">, dispatch: DispatchTime, madeToOrder: { leadTimeDays: number; anyInStock: boolean } | null): string {
  const time = dispatchText(i18n, dispatch);
  if (!madeToOrder) return i18n.t("product.shipping.ready", { time });
  const weeks = leadTimeWeeks(madeToOrder.leadTimeDays);
  return madeToOrder.anyInStock ? i18n.t("product.shipping.mixed", { time, weeks }) : i18n.t("product.shipping.sewn", { weeks });
}
