import { useLocation } from "@remix-run/react";
import { type CardProduct } from "~/components/product/product-card";
import { Breadcrumb, ProductGrid } from "~/components/product/product-grid";
import { showingTemplates, showingText } from "~/components/product/showing";
import { FilterChips, ShopFilters } from "~/components/product/shop-filters";
import { ShopLink } from "~/components/ui/shop-link";
import { type CatalogueFilters, type FacetCounts, filterQuery, hasFilters, NO_FILTERS } from "~/domain/catalogue/catalogue-filters";
import { SHOP_LIST_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

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
  category: { name: string; slug: string; fallback?: string[] } | null;
  chain: { name: string; slug: string; fallback?: string[] }[];
  /** The sort and filters of the list, their counts (null when not counted) and the colours offered. */
  filters?: CatalogueFilters;
  facets?: FacetCounts | null;
  colors?: { id: number; name: string; hex: string }[];
}

/**
 * /shop, a category and search results. A lean page (lib/lean-page.ts): the browser module turns
 * Load More into an in-place append of the next page's cards (fetched as the server's HTML).
 */
export function ShopView(given: ShopViewProps) {
  const props = { ...given, filters: given.filters ?? NO_FILTERS, facets: given.facets ?? null, colors: given.colors ?? [] };
  const location = useLocation();
  const i18n = useI18n();
  const { t, path } = i18n;
  const templates = showingTemplates(i18n, props.total);
  const crumbs = [
    { label: t("catalogue.home"), to: "/" },
    { label: t("catalogue.shop"), to: "/shop" },
    ...props.chain.map((c) => ({ label: c.name, to: `/shop/${c.slug}`, english: c.fallback?.includes("name") })),
  ];
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
        <h1 lang={props.category?.fallback?.includes("name") ? "en" : undefined}>{props.title}</h1>
        {props.category ? <p className="muted">{t("catalogue.categoryIntro", { name: props.category.name })}</p> : null}
        {props.correction ? (
          <p className="search-correction">
            {i18n.rich("catalogue.correction", { query: <b>{props.correction.query}</b> })}
            <br />
            <a href={path(`/shop?${exactParams.toString()}`)} className="small">
              {t("catalogue.searchInstead", { search: props.search })}
            </a>
          </p>
        ) : null}
        {props.total > 0 ? (
          <p
            className="muted small"
            aria-live="polite"
            {...{
              [ATTR.showing]: "",
              [ATTR.start]: props.start,
              [ATTR.total]: props.total,
              [ATTR.template]: templates.first,
              [ATTR.templateRange]: templates.range,
            }}
          >
            {showingText(i18n, props.start, props.products.length, props.total)}
          </p>
        ) : null}
      </div>
      <ShopFilters pathname={location.pathname} search={props.search} filters={props.filters} facets={props.facets} colors={props.colors} />
      <FilterChips pathname={location.pathname} search={props.search} filters={props.filters} colors={props.colors} />
      {props.earlierPage !== null ? (
        <p className="load-earlier">
          <ShopLink to={`${location.pathname}${earlierParams.size > 0 ? `?${earlierParams.toString()}` : ""}`} className="button button-secondary">
            {t("catalogue.showEarlier")}
          </ShopLink>
        </p>
      ) : null}
      <div {...{ [ATTR.list]: "" }}>
        {props.products.length === 0 ? (
          <EmptyShop
            search={props.search}
            category={props.category}
            clear={hasFilters(props.filters) ? `${location.pathname}${filterQuery(NO_FILTERS, props.search)}` : null}
          />
        ) : (
          <>
            {/* Keeps the heading levels in order (h1 → h2 → the cards' h3) for screen-reader navigation. */}
            <h2 className="sr-only">{t("catalogue.products")}</h2>
            <ProductGrid products={props.products} />
          </>
        )}
      </div>
      {props.hasMore ? (
        <div className="load-more">
          <a
            href={path(`${location.pathname}?${nextParams.toString()}`)}
            className="button button-secondary"
            {...{ [ATTR.loadMore]: "", [ATTR.loading]: t("catalogue.loading") }}
          >
            {t("catalogue.loadMore")}
          </a>
        </div>
      ) : null}
    </div>
  );
}

function EmptyShop({ search, category, clear }: { search: string; category: { name: string } | null; clear: string | null }) {
  const { t, path } = useI18n();
  if (clear) {
    return (
      <section className="empty-state">
        <h2>{t("catalogue.filters.emptyTitle")}</h2>
        <p>{t("catalogue.filters.emptyText")}</p>
        <a href={path(clear)} className="button">
          {t("catalogue.filters.clear")}
        </a>
      </section>
    );
  }
  if (search) {
    return (
      <section className="empty-state">
        <h2>{t("catalogue.empty.searchTitle", { search })}</h2>
        <p>{t("catalogue.empty.searchText")}</p>
        <a href={path("/shop")} className="button">
          {t("catalogue.viewAll")}
        </a>
      </section>
    );
  }
  if (category) {
    return (
      <section className="empty-state">
        <h2>{t("catalogue.empty.categoryTitle", { name: category.name })}</h2>
        <p>{t("catalogue.empty.categoryText")}</p>
        <a href={path("/shop")} className="button">
          {t("catalogue.viewAll")}
        </a>
      </section>
    );
  }
  return (
    <section className="empty-state">
      <h2>{t("catalogue.empty.noneTitle")}</h2>
      <p>{t("catalogue.empty.noneText")}</p>
    </section>
  );
}
