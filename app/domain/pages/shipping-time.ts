import { type DispatchTime, fillShippingTime, SHIPPING_TIME_PLACEHOLDER } from "~/domain/orders/dispatch-time";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";

/**
 * `{shippingTime}` in the owner's Polish texts: the genitive that follows 'w ciągu' / 'do'
 * ('w ciągu 1–3 dni roboczych', 'w ciągu 1 dnia roboczego'), the form her Polish texts use.
 */
function shippingTimeTextPl({ minDays, maxDays }: DispatchTime): string {
  if (minDays === maxDays) return minDays === 1 ? "1 dnia roboczego" : `${minDays} dni roboczych`;
  return `${minDays}–${maxDays} dni roboczych`;
}

/** An owner's text in a language with every `{shippingTime}` put in words of that language. */
export function fillShippingTimeIn(text: string, time: DispatchTime, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return fillShippingTime(text, time);
  return text.replaceAll(SHIPPING_TIME_PLACEHOLDER, shippingTimeTextPl(time));
}
