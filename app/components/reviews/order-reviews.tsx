import { ReviewForm } from "~/components/reviews/review-form";
import { type ReviewFormConstraints } from "~/domain/reviews/texts";
import { useI18n } from "~/i18n/context";

export interface OrderReviewItem {
  productId: number;
  slug: string;
  title: string;
  reviewed: boolean;
}

/** On a shipped or delivered order of the signed-in buyer: one review form per piece not yet reviewed. */
export function OrderReviews({ items, self, constraints }: { items: OrderReviewItem[]; self: string; constraints: ReviewFormConstraints }) {
  const { t, rich, path } = useI18n();
  if (items.length === 0) return null;
  return (
    <section className="order-card order-reviews" aria-labelledby="order-reviews-title">
      <h2 id="order-reviews-title">{t("reviews.order.title")}</h2>
      <p className="muted small">{t("reviews.order.intro")}</p>
      {items.map((item) =>
        item.reviewed ? (
          <p key={item.productId} className="small">
            {rich("reviews.order.reviewed", { link: <a href={path(`/product/${item.slug}`)}>{item.title}</a> })}
          </p>
        ) : (
          <details key={item.productId} className="order-review" open={items.length === 1}>
            <summary>{t("reviews.order.review", { title: item.title })}</summary>
            <ReviewForm slug={item.slug} productTitle={item.title} redirectTo={self} idPrefix={`review-${item.productId}-`} constraints={constraints} />
          </details>
        ),
      )}
    </section>
  );
}
