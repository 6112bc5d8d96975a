import { Link, useLocation, useNavigation } from "@remix-run/react";
import { Breadcrumb, type CardProduct, ProductGrid } from "~/components/product/product-card";
import { ShopLink } from "~/components/ui/shop-link";

/** "40,156": the same on the server and in every browser. */
const COUNT = new Intl.NumberFormat("en-US");

export interface ShopViewProps {
  title: string;
  search: string;
  page: number;
  total: number;
  hasMore: boolean;
  products: CardProduct[];
  category: { name: string; slug: string } | null;
  chain: { name: string; slug: string }[];
}

export function ShopView(props: ShopViewProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/shop");
  const crumbs = [{ label: "Home", to: "/" }, { label: "Shop", to: "/shop" }, ...props.chain.map((c) => ({ label: c.name, to: `/shop/${c.slug}` }))];
  const nextParams = new URLSearchParams(location.search);
  nextParams.set("page", String(props.page + 1));
  return (
    <div className="container">
      <Breadcrumb items={crumbs} />
      <div className="page-head">
        <h1>{props.title}</h1>
        {props.category ? <p className="muted">Browse our collection of {props.category.name} for collectible dolls.</p> : null}
        {props.total > 0 ? (
          <p className="muted small" aria-live="polite">
            {`Showing ${COUNT.format(props.products.length)} of ${COUNT.format(props.total)} ${props.total === 1 ? "product" : "products"}`}
          </p>
        ) : null}
      </div>
      <div aria-busy={loading} className={loading ? "is-loading" : undefined}>
        {loading ? <p className="loading" role="status">Loading products…</p> : null}
        {props.products.length === 0 ? (
          <EmptyShop search={props.search} category={props.category} />
        ) : (
          <>
            {/* Keeps the heading levels in order (h1 → h2 → the cards' h3) for screen-reader navigation. */}
            <h2 className="sr-only">Products</h2>
            <ProductGrid products={props.products} />
          </>
        )}
      </div>
      {props.hasMore ? (
        <div className="load-more">
          <ShopLink to={`${location.pathname}?${nextParams.toString()}`} className="button button-secondary" preventScrollReset replace>
            Load More Products
          </ShopLink>
        </div>
      ) : null}
    </div>
  );
}

function EmptyShop({ search, category }: { search: string; category: { name: string } | null }) {
  if (search) {
    return (
      <section className="empty-state">
        <h2>No products found for "{search}"</h2>
        <p>Try another word, or browse all our handmade pieces.</p>
        <Link to="/shop" className="button">
          View All Products
        </Link>
      </section>
    );
  }
  if (category) {
    return (
      <section className="empty-state">
        <h2>No products in {category.name} yet</h2>
        <p>New pieces are sewn every week. Please check back soon.</p>
        <Link to="/shop" className="button">
          View All Products
        </Link>
      </section>
    );
  }
  return (
    <section className="empty-state">
      <h2>No products available at the moment.</h2>
      <p>Check back soon for new arrivals!</p>
    </section>
  );
}
