import { ReviewForm, type ReviewFormResult } from "~/components/reviews/review-form";
import { type ReviewItemData, ReviewItem } from "~/components/reviews/review-list";
import { Stars } from "~/components/reviews/stars";
import { REVIEW_TEXT, type ReviewFormConstraints } from "~/domain/reviews/texts";

export interface ProductReviewsData {
  average: number;
  count: number;
  reviews: ReviewItemData[];
  formState: "signed-out" | "can-review" | "reviewed" | "not-buyer";
  constraints: ReviewFormConstraints;
}

/** The product page's reviews: summary, the latest approved reviews, and the form for a verified buyer. */
export function ProductReviews({
  data,
  product,
  storeName,
  result,
}: {
  data: ProductReviewsData;
  product: { id: number; slug: string; title: string };
  storeName: string;
  result?: ReviewFormResult | null;
}) {
  const here = `/product/${product.slug}`;
  return (
    <section className="section reviews-section" id="reviews" aria-labelledby="reviews-title">
      <div className="section-head">
        <h2 id="reviews-title">Reviews</h2>
        {data.count > 0 ? (
          <p className="reviews-summary">
            <Stars average={data.average} count={data.count} />{" "}
            <span aria-hidden="true">
              {data.average.toFixed(1)} · {data.count} review{data.count === 1 ? "" : "s"}
            </span>
          </p>
        ) : null}
      </div>
      <p className="muted small reviews-verified">{REVIEW_TEXT.verifiedOnly}.</p>
      <div className="reviews-layout">
        <div className="reviews-list">
          {data.reviews.length === 0 ? <p className="muted">No reviews yet.</p> : null}
          {data.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} storeName={storeName} />
          ))}
          {data.count > data.reviews.length ? (
            <p>
              <a href={`/reviews?product=${product.id}`}>See all {data.count} reviews of this piece</a>
            </p>
          ) : null}
        </div>
        {data.formState === "can-review" || result ? (
          <div className="reviews-write form-card">
            <h3>Write a review</h3>
            <ReviewForm slug={product.slug} productTitle={product.title} redirectTo={here} idPrefix="review-" constraints={data.constraints} result={result} />
          </div>
        ) : data.formState === "reviewed" ? (
          <p className="muted small">Thank you for your review of this piece.</p>
        ) : data.formState === "signed-out" ? (
          <p className="muted small">
            Bought this piece? <a href={`/login?redirectTo=${encodeURIComponent(`${here}#reviews`)}`}>Sign in to review it</a>.
          </p>
        ) : null}
      </div>
    </section>
  );
}
