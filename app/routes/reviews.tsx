import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReviewItem } from "~/components/reviews/review-list";
import { Stars } from "~/components/reviews/stars";
import { getStoreSettings } from "~/domain/common/settings.server";
import { getReviewSummary, listApprovedReviews } from "~/domain/reviews/reviews.server";
import { REVIEW_TEXT, REVIEWS_PAGE_SIZE } from "~/domain/reviews/texts";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.product ? `Reviews of ${args.data.product.title}` : "Customer Reviews",
    description: "Reviews of our handmade doll clothes, written by customers who bought them.",
  });

/** /reviews[?page=&product=]: every approved review, newest first, each linking to its product (a lean page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const productParam = url.searchParams.get("product");
  const productId = productParam && /^\d{1,12}$/.test(productParam) ? Number(productParam) : null;
  const [list, store, product] = await Promise.all([
    listApprovedReviews(db, { page: Number(url.searchParams.get("page")) || 1, pageSize: REVIEWS_PAGE_SIZE, productId }),
    getStoreSettings(db),
    productId ? db.selectFrom("products").select(["id", "title", "slug"]).where("id", "=", productId).executeTakeFirst() : Promise.resolve(undefined),
  ]);
  const summary = product ? await getReviewSummary(db, product.id) : null;
  return json({ ...list, storeName: store.name, product: product ?? null, summary });
}

export default function ReviewsPage() {
  const { reviews, total, page, pages, storeName, product, summary } = useLoaderData<typeof loader>();
  const base = product ? `/reviews?product=${product.id}&` : "/reviews?";
  return (
    <div className="container narrow reviews-page">
      <div className="page-head">
        <h1>{product ? `Reviews of ${product.title}` : "Customer Reviews"}</h1>
        <p className="muted">{product ? `${REVIEW_TEXT.verifiedOnly}.` : "Every review comes from a verified buyer of the piece it is about."}</p>
        {product && summary && summary.count > 0 ? (
          <p className="reviews-summary">
            <Stars average={summary.average} count={summary.count} /> <span aria-hidden="true">{summary.average.toFixed(1)}</span> ·{" "}
            <a href={`/product/${product.slug}`}>Back to {product.title}</a>
          </p>
        ) : (
          <p className="muted small">
            {total} review{total === 1 ? "" : "s"}
          </p>
        )}
      </div>
      {reviews.length === 0 ? <p>No reviews yet.</p> : null}
      {reviews.map((r) => (
        <ReviewItem key={r.id} review={r} storeName={storeName} headingLevel={3} />
      ))}
      {pages > 1 ? (
        <nav className="pager" aria-label="Review pages">
          {page > 1 ? (
            <a href={`${base}page=${page - 1}`} rel="prev">
              Newer reviews
            </a>
          ) : (
            <span />
          )}
          <span className="muted small">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <a href={`${base}page=${page + 1}`} rel="next">
              Older reviews
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
