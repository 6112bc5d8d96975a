import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReviewItem } from "~/components/reviews/review-list";
import { Stars } from "~/components/reviews/stars";
import { getStoreSettings } from "~/domain/common/settings.server";
import { getReviewSummary, listApprovedReviews } from "~/domain/reviews/reviews.server";
import { countFiveStarReviews } from "~/domain/reviews/five-star.server";
import { REVIEW_TEXT, REVIEWS_PAGE_SIZE } from "~/domain/reviews/texts";
import { db } from "~/lib/db.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";

export const meta: MetaFunction<typeof loader> = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return pageMeta(args, {
    title: args.data?.product ? t("reviews.page.titleOf", { title: args.data.product.title }) : t("reviews.page.title"),
    description: t("reviews.page.description"),
  });
};

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
  // The number the home page's 'Five-star reviews in this shop' shows.
  const fiveStar = product ? null : await countFiveStarReviews(db);
  return json({ ...list, storeName: store.name, product: product ?? null, summary, fiveStar });
}

export default function ReviewsPage() {
  const { reviews, total, page, pages, storeName, product, summary, fiveStar } = useLoaderData<typeof loader>();
  const { t, text, path } = useI18n();
  const base = path(product ? `/reviews?product=${product.id}&` : "/reviews?");
  return (
    <div className="container narrow reviews-page">
      <div className="page-head">
        <h1>{product ? t("reviews.page.titleOf", { title: product.title }) : t("reviews.page.title")}</h1>
        <p className="muted">{product ? `${text(REVIEW_TEXT.verifiedOnly)}.` : t("reviews.page.verified")}</p>
        {product && summary && summary.count > 0 ? (
          <p className="reviews-summary">
            <Stars average={summary.average} count={summary.count} /> <span aria-hidden="true">{summary.average.toFixed(1)}</span> ·{" "}
            <a href={path(`/product/${product.slug}`)}>{t("reviews.page.backTo", { title: product.title })}</a>
          </p>
        ) : (
          <p className="muted small">
            {t("reviews.count", { count: total })}
            {fiveStar ? (
              <>
                {" · "}
                <span data-testid="five-star-count" data-count={fiveStar}>
                  {t("reviews.page.fiveStar", { count: fiveStar })}
                </span>
              </>
            ) : null}
          </p>
        )}
      </div>
      {reviews.length === 0 ? <p>{t("reviews.none")}</p> : null}
      {reviews.map((r) => (
        <ReviewItem key={r.id} review={r} storeName={storeName} headingLevel={3} />
      ))}
      {pages > 1 ? (
        <nav className="pager" aria-label={t("reviews.page.pages")}>
          {page > 1 ? (
            <a href={`${base}page=${page - 1}`} rel="prev">
              {t("reviews.page.newer")}
            </a>
          ) : (
            <span />
          )}
          <span className="muted small">{t("reviews.page.pageOf", { page, pages })}</span>
          {page < pages ? (
            <a href={`${base}page=${page + 1}`} rel="next">
              {t("reviews.page.older")}
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
