import { Stars } from "~/components/reviews/stars";
import type { ListedReview, ReviewView } from "~/domain/reviews/reviews.server";

/** A review as the domain gives it; on the all-reviews page with the piece it is about. */
export type ReviewItemData = ReviewView & { product?: Pick<ListedReview["product"], "title" | "slug"> };

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function formatReviewDate(iso: string): string {
  const ms = Date.parse(iso.includes("T") ? iso : `${iso.replace(" ", "T")}Z`);
  return Number.isNaN(ms) ? iso : DATE.format(new Date(ms));
}

/** One approved review: stars, title, text, author and date, photo thumbnails, the owner's reply. */
export function ReviewItem({ review, storeName, headingLevel = 3 }: { review: ReviewItemData; storeName: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article className="review" data-testid="review" aria-labelledby={`review-${review.id}-title`}>
      <header className="review-head">
        <Stars average={review.rating} label={`Rated ${review.rating} out of 5`} />
        <Heading className="review-title" id={`review-${review.id}-title`}>
          {review.title || `${review.rating}-star review`}
        </Heading>
      </header>
      {review.product ? (
        <p className="review-product small">
          <a href={`/product/${review.product.slug}`}>{review.product.title}</a>
        </p>
      ) : null}
      <p className="review-text">{review.text}</p>
      <p className="review-meta muted small">
        {review.authorName} · Verified buyer · <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
      </p>
      {review.photos.length > 0 ? (
        <ul className="review-photos" role="list" aria-label={`Photos from ${review.authorName}`}>
          {review.photos.map((p, i) => (
            <li key={p.url}>
              <a href={p.url} aria-label={`Photo ${i + 1} of ${review.photos.length} from ${review.authorName}, full size`}>
                <img src={p.thumbUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="review-reply" data-testid="review-reply">
          <p className="review-reply-by small strong">Reply from {storeName}</p>
          <p>{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
