import { json, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductGrid } from "~/components/product/product-grid";
import { toCardProduct } from "~/domain/catalogue/cards";
import { listLatestCollection, listProducts } from "~/domain/catalogue/products.server";
import { NEW_ARRIVALS_COUNT } from "~/domain/catalogue/types";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { LEAN_PAGE, loadAsDocument } from "~/lib/lean-route";

export const handle = LEAN_PAGE;
export const clientLoader = loadAsDocument;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "",
    tagline: "Handmade clothes for collectible dolls",
    og: { type: "website" },
  });

export async function loader() {
  const [latest, arrivals] = await Promise.all([
    listLatestCollection(db, 4),
    listProducts(db, { offset: 0, limit: NEW_ARRIVALS_COUNT }),
  ]);
  return json({ latest: latest.map(toCardProduct), arrivals: arrivals.products.map(toCardProduct) });
}

export default function Home() {
  const { latest, arrivals } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">Handcrafted quality</p>
          <h1>Tiny wardrobes, sewn by hand</h1>
          <p className="lead">
            Dresses, coats, knitwear and accessories for 1:4 and 1:6 collectible dolls, made one piece at a time in a small studio.
          </p>
          <div className="actions">
            <Link to="/shop" className="button button-lg">
              Shop the collection
            </Link>
            <Link to="/size-guide" className="button button-secondary button-lg">
              Size guide
            </Link>
          </div>
        </div>
      </section>
      <section className="ship-banner" aria-label="Shipping">
        <p>
          <strong>Ready to ship worldwide</strong> within 1-3 business days, with tracking and box packaging.
        </p>
      </section>

      <div className="container">
        {latest.length > 0 ? (
          <section className="section" aria-labelledby="latest-title">
            <div className="section-head">
              <h2 id="latest-title">Latest Collection</h2>
            </div>
            <ProductGrid products={latest} eagerCount={2} />
          </section>
        ) : null}

        <section className="section" aria-labelledby="arrivals-title">
          <div className="section-head">
            <h2 id="arrivals-title">New Arrivals</h2>
            <Link to="/shop">View All Products</Link>
          </div>
          {arrivals.length === 0 ? (
            <div className="empty-state">
              <p className="strong">No products available at the moment.</p>
              <p>Check back soon for new arrivals!</p>
            </div>
          ) : (
            <ProductGrid products={arrivals} eagerCount={latest.length > 0 ? 0 : 2} />
          )}
          <p className="center">
            <Link to="/shop" className="button button-secondary">
              View All Products
            </Link>
          </p>
        </section>

        <section className="values" aria-label="Why shop with us">
          <div>
            <h3>Handcrafted quality</h3>
            <p>Every garment is cut, sewn and finished by hand with fine cottons, linens, wools and silks.</p>
          </div>
          <div>
            <h3>Ships worldwide in 1-3 days</h3>
            <p>Ready-to-ship pieces leave the studio within 1-3 business days, tracked and gift-boxed.</p>
          </div>
          <div>
            <h3>Trusted since 2010</h3>
            <p>Selling internationally since 2010, with over 4,000 orders and 2,000+ five-star reviews.</p>
          </div>
        </section>
      </div>
    </>
  );
}
