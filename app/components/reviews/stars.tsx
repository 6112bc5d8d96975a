import { type ShopI18n, useI18n } from "~/i18n/context";
import { INTL_LOCALE } from "~/i18n/locales";

/** An average to one decimal as the page's language writes it ("4.8", "4,8"), as the English's toFixed(1). */
export function averageText(i18n: Pick<ShopI18n, "locale">, average: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[i18n.locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

/** "4.8 out of 5, 12 reviews": what stars say to a screen reader (the domain's ratingLabel in the page's language). */
export function ratingText(i18n: Pick<ShopI18n, "locale" | "t">, average: number, count: number): string {
  return i18n.t("reviews.ratingLabel", { average: averageText(i18n, average), count });
}

/**
 * Five stars filled to `average` (one decimal), read out as "4.8 out of 5, 12 reviews". The admin
 * renders it with its own `label`; the reviews' words are only looked up without one.
 */
export function Stars({ average, count, label }: { average: number; count?: number; label?: string }) {
  const i18n = useI18n();
  const text = label ?? (count !== undefined ? ratingText(i18n, average, count) : i18n.t("reviews.starsLabel", { average: i18n.number(average) }));
  return (
    <span className="stars" role="img" aria-label={text}>
      <span className="stars-fill" style={{ width: `${Math.max(0, Math.min(5, average)) * 20}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
