import { useLocation } from "@remix-run/react";
import { type CardProduct } from "~/components/product/product-card";
import { Breadcrumb, ProductGrid } from "~/components/product/product-grid";
import { showingText } from "~/components/product/showing";
import { ShopLink } from "~/components/ui/shop-link";
import { SHOP_LIST_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";

export interface ShopViewProps {
  title: string;
  search: string;
  page: number;
  total: number;
  /** The position of the first product shown (1 on the first page; later when earlier pages are left out). */
  start: number;
  hasMore: boolean;
  /** The ?page= that shows the products before these, when they are left out. */
  earlierPage: number | null;
  /** The search as corrected, when the words as typed matched nothing. */
  correction: { query: string; corrections: { from: string; to: string }[] } | null;
  products: CardProduct[];
  category: { name: string; slug: string } | null;
  chain: { name: string; slug: string }[];
}

/**
 * /shop, a category and search results. A lean page (lib/lean-page.ts): the browser module turns
 * Load More into an in-place append of the next page's cards (fetched as the server's HTML).
 */
export function ShopView(props: ShopViewProps) {
  const location = useLocation();
  const crumbs = [{ label: "Home", to: "/" }, { label: "Shop", to: "/shop" }, ...props.chain.map((c) => ({ label: c.name, to: `/shop/${c.slug}` }))];
  const nextParams = new URLSearchParams(location.search);
  nextParams.set("page", String(props.page + 1));
  const earlierParams = new URLSearchParams(location.search);
  if (props.earlierPage !== null && props.earlierPage > 1) earlierParams.set("page", String(props.earlierPage));
  else earlierParams.delete("page");
  const exactParams = new URLSearchParams({ search: props.search, exact: "1" });
  return (
    <div className="container">
      <Breadcrumb items={crumbs} />
      <div className="page-head">
        <h1>{props.title}</h1>
        {props.category ? <p className="muted">Browse our collection of {props.category.name} for collectible dolls.</p> : null}
        {props.correction ? (
          <p className="search-correction">
            Showing results for <b>{props.correction.query}</b>
            <br />
            <a href={`/shop?${exactParams.toString()}`} className="small">
              Search instead for {props.search}
            </a>
          </p>
        ) : null}
        {props.total > 0 ? (
          <p className="muted small" aria-live="polite" {...{ [ATTR.showing]: "", [ATTR.start]: props.start, [ATTR.total]: props.total }}>
            {showingText(props.start, props.products.length, props.total)}
          </p>
        ) : null}
      </div>
      {props.earlierPage !== null ? (
        <p className="load-earlier">
          <ShopLink to={`${location.pathname}${earlierParams.size > 0 ? `?${earlierParams.toString()}` : ""}`} className="button button-secondary">
            Show earlier products
          </ShopLink>
        </p>
      ) : null}
      <div {...{ [ATTR.list]: "" }}>
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
          <a href={`${location.pathname}?${nextParams.toString()}`} className="button button-secondary" {...{ [ATTR.loadMore]: "" }}>
            Load More Products
          </a>
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
        <a href="/shop" className="button">
          View All Products
        </a>
      </section>
    );
  }
  if (category) {
    return (
      <section className="empty-state">
        <h2>No products in {category.name} yet</h2>
        <p>New pieces are sewn every week. Please check back soon.</p>
        <a href="/shop" className="button">
          View All Products
        </a>
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
