import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductGrid } from "~/components/product/product-grid";
import { toCardProduct } from "~/domain/catalogue/cards";
import { listHomeProducts } from "~/domain/catalogue/home-products.server";
import { countFiveStarReviews } from "~/domain/reviews/five-star.server";
import { homeValues } from "~/domain/pages/home";
import { getShownHomeTextsIn } from "~/domain/pages/home.server";
import { i18nFor, localeOf } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";
import { db } from "~/lib/db.server";
import { pageMeta, seoContext } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "",
    tagline: i18nFor(seoContext(args.matches).locale ?? "en").t("catalogue.home.tagline"),
    og: { type: "website" },
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const [{ latest, arrivals }, shown, fiveStar] = await Promise.all([listHomeProducts(db, locale), getShownHomeTextsIn(db, locale), countFiveStarReviews(db)]);
  // homeLang: her texts are the English ones, standing in while she has not written this language's.
  const homeLang = shown.locale === locale ? undefined : shown.locale;
  return json({ latest: latest.map(toCardProduct), arrivals: arrivals.map(toCardProduct), home: shown.texts, homeLang, fiveStar });
}

export default function Home() {
  const { latest, arrivals, home, homeLang, fiveStar } = useLoaderData<typeof loader>();
  // The owner's texts (admin Pages tab). Her reviews claim counts reviews written elsewhere: it links
  // to where they are; the reviews written here are counted apart, with the number the reviews page shows.
  const { values, claimAlone } = homeValues(home);
  const { t, path } = useI18n();
  const source = home.reviewsSourceUrl ? (
    <a href={home.reviewsSourceUrl} rel="noopener" className="reviews-source">
      {home.reviewsSourceLabel || home.reviewsSourceUrl}
    </a>
  ) : null;
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">{t("catalogue.home.eyebrow")}</p>
          <h1 lang={homeLang}>{home.heroTitle}</h1>
          <p className="lead" lang={homeLang}>
            {home.heroLine}
          </p>
          <div className="actions">
            <Link to="/shop" className="button button-lg">
              {t("catalogue.home.shopCollection")}
            </Link>
            <Link to="/size-guide" className="button button-secondary button-lg">
              {t("catalogue.home.sizeGuide")}
            </Link>
          </div>
        </div>
      </section>
      <section className="ship-banner" aria-label={t("catalogue.home.shipping")}>
        <p lang={homeLang}>
          <strong>{home.shippingTitle}</strong>
          {home.shippingText ? ` ${home.shippingText}` : null}
        </p>
      </section>

      <div className="container">
        {latest.length > 0 ? (
          <section className="section" aria-labelledby="latest-title">
            <div className="section-head">
              <h2 id="latest-title">{t("catalogue.home.latest")}</h2>
            </div>
            <ProductGrid products={latest} eagerCount={2} />
          </section>
        ) : null}

        <section className="section" aria-labelledby="arrivals-title">
          <div className="section-head">
            <h2 id="arrivals-title">{t("catalogue.home.arrivals")}</h2>
            <Link to="/shop">{t("catalogue.viewAll")}</Link>
          </div>
          {arrivals.length === 0 ? (
            <div className="empty-state">
              <p className="strong">{t("catalogue.empty.noneTitle")}</p>
              <p>{t("catalogue.empty.noneText")}</p>
            </div>
          ) : (
            <ProductGrid products={arrivals} eagerCount={latest.length > 0 ? 0 : 2} />
          )}
          <p className="center">
            <Link to="/shop" className="button button-secondary">
              {t("catalogue.viewAll")}
            </Link>
          </p>
        </section>

        <section className="values" aria-label={t("catalogue.home.values")}>
          {values.map((v, i) => (
            <div key={i} lang={homeLang}>
              <h3>{v.title}</h3>
              <p>
                {v.before}
                {v.claim ? <ClaimWithSource claim={v.claim} source={source} /> : null}
                {v.after}
              </p>
            </div>
          ))}
        </section>
        {claimAlone ? (
          <p className="values-claim center" lang={homeLang}>
            <ClaimWithSource claim={claimAlone} source={source} />
          </p>
        ) : null}
        {fiveStar > 0 ? (
          <p className="values-claim center">
            <a href={path("/reviews")} data-testid="five-star-count" data-count={fiveStar}>
              {t("catalogue.home.shopReviews", { count: fiveStar })}
            </a>
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The owner's claim, followed by where its reviews can be read (when she gave the address). */
function ClaimWithSource({ claim, source }: { claim: string; source: React.ReactNode }) {
  return (
    <>
      {claim}
      {source ? <> {source}</> : null}
    </>
  );
}
