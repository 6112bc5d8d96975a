import { json, redirect } from "@remix-run/node";
import { getCategoryBySlug, getCategoryChain } from "~/domain/catalogue/categories.server";
import { listProducts } from "~/domain/catalogue/products.server";
import { normalizeSearch } from "~/domain/catalogue/search";
import { toCardProduct } from "~/domain/catalogue/cards";
import { PRODUCT_PAGE_SIZE } from "~/domain/catalogue/types";
import { type DB } from "~/lib/sqlite.server";

export const MAX_PAGE = 20;

export function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/**
 * The data of /shop and /shop/{slug}: page N shows every product up to that page
 * (Load More without JavaScript). Search overrides the category.
 */
export async function loadShopPage(db: DB, request: Request, categorySlug: string | null) {
  const url = new URL(request.url);
  // The header search submits the raw text; the shop URL carries it trimmed (spec: "the text is trimmed").
  const raw = url.searchParams.get("search");
  if (raw !== null && raw !== raw.trim()) {
    url.searchParams.set("search", raw.trim());
    throw redirect(`${url.pathname}${url.search}`);
  }
  const search = normalizeSearch(url.searchParams.get("search"));
  const page = readPage(url.searchParams.get("page"));
  const category = categorySlug ? await getCategoryBySlug(db, categorySlug) : null;
  if (categorySlug && !category) throw json({ message: "Category not found" }, { status: 404 });
  const chain = category ? await getCategoryChain(db, category.id) : [];
  const { products, total } = await listProducts(db, {
    search: search || null,
    categoryId: search ? null : (category?.id ?? null),
    offset: 0,
    limit: page * PRODUCT_PAGE_SIZE,
  });
  const title = search ? `Search Results for "${search}"` : (category?.name ?? "All Products");
  return {
    title,
    search,
    page,
    total,
    products: products.map(toCardProduct),
    hasMore: products.length < total && page < MAX_PAGE,
    category: category && !search ? { name: category.name, slug: category.slug } : null,
    chain: search ? [] : chain,
  };
}
