import { ReviewForm, type ReviewFormResult } from "~/components/reviews/review-form";
import { type ReviewItemData, ReviewItem } from "~/components/reviews/review-list";
import { averageText, Stars } from "~/components/reviews/stars";
import { useI18n } from "~/i18n/context";
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
  const i18n = useI18n();
  const { t, text, path } = i18n;
  return (
    <section className="section reviews-section" id="reviews" aria-labelledby="reviews-title">
      <div className="section-head">
        <h2 id="reviews-title">{t("reviews.title")}</h2>
        {data.count > 0 ? (
          <p className="reviews-summary">
            <Stars average={data.average} count={data.count} />{" "}
            <span aria-hidden="true">{t("reviews.summary", { average: averageText(i18n, data.average), count: data.count })}</span>
          </p>
        ) : null}
      </div>
      <p className="muted small reviews-verified">{text(REVIEW_TEXT.verifiedOnly)}.</p>
      <div className="reviews-layout">
        <div className="reviews-list">
          {data.reviews.length === 0 ? <p className="muted">{t("reviews.none")}</p> : null}
          {data.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} storeName={storeName} />
          ))}
          {data.count > data.reviews.length ? (
            <p>
              <a href={path(`/reviews?product=${product.id}`)}>{t("reviews.seeAll", { count: data.count })}</a>
            </p>
          ) : null}
        </div>
        {data.formState === "can-review" || result ? (
          <div className="reviews-write form-card">
            <h3>{t("reviews.write")}</h3>
            <ReviewForm slug={product.slug} productTitle={product.title} redirectTo={here} idPrefix="review-" constraints={data.constraints} result={result} />
          </div>
        ) : data.formState === "reviewed" ? (
          <p className="muted small">{t("reviews.thanksReviewed")}</p>
        ) : data.formState === "signed-out" ? (
          <p className="muted small">
            {i18n.rich("reviews.boughtIt", {
              link: <a href={path(`/login?redirectTo=${encodeURIComponent(`${here}#reviews`)}`)}>{t("reviews.signInToReview")}</a>,
            })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
