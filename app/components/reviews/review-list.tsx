import { Stars } from "~/components/reviews/stars";
import type { ListedReview, ReviewView } from "~/domain/reviews/reviews.server";
import { useI18n } from "~/i18n/context";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "~/i18n/locales";

/** A review as the domain gives it; on the all-reviews page with the piece it is about. */
export type ReviewItemData = ReviewView & { product?: Pick<ListedReview["product"], "title" | "slug"> };

const DATES = new Map<Locale, Intl.DateTimeFormat>();

/** A review's day ("November 28, 2026", "28 listopada 2026"); the admin's is English. */
export function formatReviewDate(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  let format = DATES.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    DATES.set(locale, format);
  }
  const ms = Date.parse(iso.includes("T") ? iso : `${iso.replace(" ", "T")}Z`);
  return Number.isNaN(ms) ? iso : format.format(new Date(ms));
}

/** One approved review: stars, title, text, author and date, photo thumbnails, the owner's reply. */
export function ReviewItem({ review, storeName, headingLevel = 3 }: { review: ReviewItemData; storeName: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const { t, path, locale } = useI18n();
  const author = review.authorName;
  return (
    <article className="review" data-testid="review" aria-labelledby={`review-${review.id}-title`}>
      <header className="review-head">
        <Stars average={review.rating} label={t("reviews.rated", { rating: review.rating })} />
        <Heading className="review-title" id={`review-${review.id}-title`}>
          {review.title || t("reviews.untitled", { rating: review.rating })}
        </Heading>
      </header>
      {review.product ? (
        <p className="review-product small">
          <a href={path(`/product/${review.product.slug}`)}>{review.product.title}</a>
        </p>
      ) : null}
      <p className="review-text">{review.text}</p>
      <p className="review-meta muted small">
        {author} · {t("reviews.verifiedBuyer")} · <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt, locale)}</time>
      </p>
      {review.photos.length > 0 ? (
        <ul className="review-photos" role="list" aria-label={t("reviews.photosFrom", { name: author })}>
          {review.photos.map((p, i) => (
            <li key={p.url}>
              <a href={p.url} aria-label={t("reviews.photoOf", { index: i + 1, count: review.photos.length, name: author })}>
                <img src={p.thumbUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="review-reply" data-testid="review-reply">
          <p className="review-reply-by small strong">{t("reviews.replyFrom", { store: storeName })}</p>
          <p>{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
