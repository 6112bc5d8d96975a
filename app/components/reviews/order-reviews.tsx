import { ReviewForm } from "~/components/reviews/review-form";
import { type ReviewFormConstraints } from "~/domain/reviews/texts";

export interface OrderReviewItem {
  productId: number;
  slug: string;
  title: string;
  reviewed: boolean;
}

/** On a shipped or delivered order of the signed-in buyer: one review form per piece not yet reviewed. */
export function OrderReviews({ items, self, constraints }: { items: OrderReviewItem[]; self: string; constraints: ReviewFormConstraints }) {
  if (items.length === 0) return null;
  return (
    <section className="order-card order-reviews" aria-labelledby="order-reviews-title">
      <h2 id="order-reviews-title">Review your pieces</h2>
      <p className="muted small">Reviews come only from verified buyers; the shop approves each one before it appears.</p>
      {items.map((item) =>
        item.reviewed ? (
          <p key={item.productId} className="small">
            <a href={`/product/${item.slug}`}>{item.title}</a>: reviewed, thank you.
          </p>
        ) : (
          <details key={item.productId} className="order-review" open={items.length === 1}>
            <summary>Review {item.title}</summary>
            <ReviewForm slug={item.slug} productTitle={item.title} redirectTo={self} idPrefix={`review-${item.productId}-`} constraints={constraints} />
          </details>
        ),
      )}
    </section>
  );
}
