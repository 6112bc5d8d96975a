import { json, redirect } from "@remix-run/node";
import { getCategoryBySlug, getCategoryChain } from "~/domain/catalogue/categories.server";
import { listProducts } from "~/domain/catalogue/products.server";
import { catalogueFiltersFrom } from "~/domain/catalogue/schemas";
import { facetCounts, knownFilters, paletteColors } from "~/domain/catalogue/filtered-list.server";
import { normalizeSearch } from "~/domain/catalogue/search";
import { toCardProduct } from "~/domain/catalogue/cards";
import { PRODUCT_PAGE_SIZE } from "~/domain/catalogue/types";
import { type DB } from "~/lib/sqlite.server";
import { i18nFor, localeOf } from "~/i18n/i18n.server";
import { stripLocale } from "~/i18n/locales";

/** The highest ?page= read (as /api/products): past the last page the shopper is sent to the last one. */
export const MAX_PAGE = 100_000;
/**
 * A page shows at most this many pages of products: ?page=N shows pages N-1 and N (Load More
 * without JavaScript, keeping the previous page in view) and links to the ones before, so every
 * product is reachable while no page renders more than PAGE_WINDOW × PRODUCT_PAGE_SIZE cards.
 */
export const PAGE_WINDOW = 2;

export function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/**
 * The data of /shop and /shop/{slug}: page N shows pages N-1..N (PAGE_WINDOW), with links to the
 * earlier products and to Load More. Search overrides the category; a search word that matches
 * nothing is corrected (unless ?exact=1).
 */
export async function loadShopPage(db: DB, request: Request, categorySlug: string | null) {
  // Redirects name the path without the language prefix: Remix puts the page's basename back.
  const url = new URL(request.url);
  // The header search submits the raw text; the shop URL carries it trimmed (spec: "the text is trimmed").
  const raw = url.searchParams.get("search");
  if (raw !== null && raw !== raw.trim()) {
    url.searchParams.set("search", raw.trim());
    throw redirect(`${stripLocale(url.pathname)}${url.search}`);
  }
  const search = normalizeSearch(url.searchParams.get("search"));
  const page = readPage(url.searchParams.get("page"));
  // Polish pages show the owner's Polish texts (English where she wrote none) and search Polish too.
  const locale = localeOf(request);
  const category = categorySlug ? await getCategoryBySlug(db, categorySlug, locale) : null;
  if (categorySlug && !category) throw json({ message: "Category not found" }, { status: 404 });
  const chain = category ? await getCategoryChain(db, category.id, locale) : [];
  const exact = url.searchParams.get("exact") === "1";
  // Unknown sorts, scales, colours and prices are ignored (the contract), never an error.
  const filters = await knownFilters(db, catalogueFiltersFrom(url.searchParams));
  const firstPage = Math.max(1, page - PAGE_WINDOW + 1);
  const list = await listProducts(
    db,
    {
      search: search || null,
      exact,
      categoryId: search ? null : (category?.id ?? null),
      offset: (firstPage - 1) * PRODUCT_PAGE_SIZE,
      limit: (page - firstPage + 1) * PRODUCT_PAGE_SIZE,
      filters,
    },
    locale,
  );
  const [facets, palette] = await Promise.all([list.base ? facetCounts(db, list.base, filters) : null, paletteColors(db)]);
  const { products, total, correction } = list;
  const lastPage = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
  if (page > lastPage) {
    url.searchParams.set("page", String(lastPage));
    if (lastPage === 1) url.searchParams.delete("page");
    throw redirect(`${stripLocale(url.pathname)}${url.search}`);
  }
  const start = (firstPage - 1) * PRODUCT_PAGE_SIZE;
  const { t } = i18nFor(locale);
  const title = search ? t("catalogue.searchTitle", { search }) : (category?.name ?? t("catalogue.allProducts"));
  return {
    title,
    search,
    page,
    total,
    products: products.map(toCardProduct),
    /** The position (1-based) of the first product shown. */
    start: start + 1,
    hasMore: start + products.length < total,
    /** The ?page= of the products just before these (null on the first). */
    earlierPage: firstPage > 1 ? firstPage - 1 : null,
    correction: correction ?? null,
    category: category && !search ? { name: category.name, slug: category.slug, ...(category.fallback ? { fallback: category.fallback } : {}) } : null,
    chain: search ? [] : chain,
    filters,
    /** Null above FACET_COUNT_LIMIT: the filters are shown without their counts. */
    facets,
    /** The palette colours the list's products offer (all of them when not counted), and those chosen. */
    colors: palette.filter((c) => filters.colors.includes(c.id) || (facets ? (facets.colors[c.id] ?? 0) > 0 : true)),
  };
}
