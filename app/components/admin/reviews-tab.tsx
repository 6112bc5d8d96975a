import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { Pager } from "~/components/admin/store-parts";
import { formatReviewDate } from "~/components/reviews/review-list";
import { Stars } from "~/components/reviews/stars";
import { REVIEW_INTENTS, REVIEW_STATUSES, type ReviewStatus } from "~/domain/reviews/texts";
import type { ReviewsTabData } from "~/web/admin/reviews-tab.server";

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: "Pending", approved: "Approved", hidden: "Hidden" };

/** The admin's Reviews tab: the pending queue, the approved and the hidden reviews; approve, hide and reply. */
export function ReviewsTab({ data }: { data: SerializeFrom<ReviewsTabData> }) {
  const here = `/admin?tab=reviews&status=${data.status}${data.page > 1 ? `&page=${data.page}` : ""}`;
  return (
    <section className="store-tab" aria-labelledby="reviews-tab-title">
      <h2 id="reviews-tab-title">Reviews</h2>
      <p className="muted small">
        Reviews from verified buyers wait here until you approve them. Approved reviews show on the product page, its cards and{" "}
        <a href="/reviews">the reviews page</a>; a hidden one shows nowhere.
      </p>
      <nav className="tabs tabs-sub" aria-label="Review status">
        {REVIEW_STATUSES.map((s) => (
          <Link key={s} to={`/admin?tab=reviews&status=${s}`} aria-current={data.status === s ? "page" : undefined}>
            {STATUS_LABELS[s]} ({data.counts[s]})
          </Link>
        ))}
      </nav>
      {data.reviews.length === 0 ? <p className="muted">No {STATUS_LABELS[data.status].toLowerCase()} reviews.</p> : null}
      <div className="reviews-list">
        {data.reviews.map((r) => (
          <article key={r.id} className="review" data-testid="admin-review" aria-labelledby={`admin-review-${r.id}`}>
            <header className="review-head">
              <Stars average={r.rating} label={`Rated ${r.rating} out of 5`} />
              <h3 className="review-title" id={`admin-review-${r.id}`}>
                {r.title || `${r.rating}-star review`}
              </h3>
            </header>
            <p className="review-product small">
              <a href={`/product/${r.product.slug}`}>{r.product.title}</a>
              {r.orderId ? (
                <>
                  {" · "}
                  <Link to={`/admin/orders/${r.orderId}`}>Order #{r.orderId}</Link>
                </>
              ) : null}
            </p>
            <p className="review-text">{r.text}</p>
            <p className="review-meta muted small">
              {r.authorName} ({r.email}) · <time dateTime={r.createdAt}>{formatReviewDate(r.createdAt)}</time> · {STATUS_LABELS[r.status]}
            </p>
            {r.photos.length > 0 ? (
              <ul className="review-photos admin-review-photos" role="list" aria-label="Photos">
                {r.photos.map((p, i) => (
                  <li key={p.url}>
                    <a href={p.url} target="_blank" rel="noreferrer" aria-label={`Photo ${i + 1}, full size`}>
                      <img src={p.thumbUrl} alt="" width={64} height={64} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="row-actions">
              {r.status !== "approved" ? (
                <Form method="post" action="/admin?tab=reviews">
                  <input type="hidden" name="intent" value={REVIEW_INTENTS.approve} />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <button type="submit" className="button button-small" aria-label={`Approve the review by ${r.authorName} of ${r.product.title}`}>
                    Approve
                  </button>
                </Form>
              ) : null}
              {r.status !== "hidden" ? (
                <Form method="post" action="/admin?tab=reviews">
                  <input type="hidden" name="intent" value={REVIEW_INTENTS.hide} />
                  <input type="hidden" name="reviewId" value={r.id} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <button
                    type="submit"
                    className="button button-secondary button-small"
                    aria-label={`Hide the review by ${r.authorName} of ${r.product.title}`}
                  >
                    Hide
                  </button>
                </Form>
              ) : null}
            </div>
            <Form method="post" action="/admin?tab=reviews" className="form-stack review-reply-form" key={`${r.id}-${r.reply ?? ""}`}>
              <input type="hidden" name="intent" value={REVIEW_INTENTS.reply} />
              <input type="hidden" name="reviewId" value={r.id} />
              <input type="hidden" name="redirectTo" value={here} />
              <div className="field">
                <label htmlFor={`reply-${r.id}`}>Public reply</label>
                <textarea id={`reply-${r.id}`} name="reply" rows={2} maxLength={data.replyConstraint.maxLength} defaultValue={r.reply ?? ""} />
                <p className="field-hint">Shown under the review once it is approved. Leave empty and save to remove it.</p>
              </div>
              <p>
                <button type="submit" className="button button-secondary button-small">
                  Save reply
                </button>
              </p>
            </Form>
          </article>
        ))}
      </div>
      {data.pages > 1 ? <Pager here={`/admin?tab=reviews&status=${data.status}`} page={data.page} pageCount={data.pages} label="Review pages" /> : null}
    </section>
  );
}
