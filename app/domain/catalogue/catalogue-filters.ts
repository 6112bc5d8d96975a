/**
 * The catalogue's sort and filters (docs/contract.md, "Sorting and filtering the catalogue"), the
 * same for /shop, /shop/{slug} and GET /api/products. Browser-safe: the shop's filter form and its
 * chips build their links from it.
 */

export const CATALOGUE_SORTS = ["newest", "price-asc", "price-desc", "rating"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** A scale is the top category of that slug; its subcategories' products are linked to it too. */
export const CATALOGUE_SCALES = ["1-4", "1-6"] as const;
export type CatalogueScale = (typeof CATALOGUE_SCALES)[number];
export const scaleCategorySlug = (scale: CatalogueScale) => `${scale}-scale`;

/** More colours than the palette holds is never a real choice: the rest are ignored. */
export const MAX_FILTER_COLORS = 24;

/** The query parameters, in the order a filtered URL carries them. */
export const FILTER_PARAMS = ["sort", "color", "scale", "inStock", "madeToOrder", "minPrice", "maxPrice"] as const;

export interface CatalogueFilters {
  sort: CatalogueSort;
  /** Palette colour ids, distinct, ascending: a product offering any of them. */
  colors: number[];
  scale: CatalogueScale | null;
  inStock: boolean;
  madeToOrder: boolean;
  /** The price the shopper pays now, in cents, both ends included. */
  minPriceCents: number | null;
  maxPriceCents: number | null;
}

/** For each filter value: how many products the list holds with it chosen and the other filters as they are. */
export interface FacetCounts {
  scale: Record<CatalogueScale, number>;
  /** Palette colour id → products offering it (only colours some product of the list offers). */
  colors: Record<number, number>;
  inStock: number;
  madeToOrder: number;
}

export const NO_FILTERS: CatalogueFilters = {
  sort: "newest",
  colors: [],
  scale: null,
  inStock: false,
  madeToOrder: false,
  minPriceCents: null,
  maxPriceCents: null,
};

/** Any filter chosen (the sort is not a filter). */
export function hasFilters(f: CatalogueFilters): boolean {
  return f.colors.length > 0 || f.scale !== null || f.inStock || f.madeToOrder || f.minPriceCents !== null || f.maxPriceCents !== null;
}

/** Whether the list differs from the plain newest-first one: a filter or another sort. */
export function isRefined(f: CatalogueFilters): boolean {
  return hasFilters(f) || f.sort !== "newest";
}

/** The filters' part of a read cache key: every value that changes what is listed or counted. */
export function filterKey(f: CatalogueFilters, withSort = true): string {
  return [
    withSort ? f.sort : "",
    f.colors.join("."),
    f.scale ?? "",
    f.inStock ? 1 : 0,
    f.madeToOrder ? 1 : 0,
    f.minPriceCents ?? "",
    f.maxPriceCents ?? "",
  ].join("|");
}

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The filters as query parameters, the defaults left out (the inverse of parsing them). */
export function filterParams(f: CatalogueFilters): [string, string][] {
  const out: [string, string][] = [];
  if (f.sort !== "newest") out.push(["sort", f.sort]);
  for (const id of f.colors) out.push(["color", String(id)]);
  if (f.scale) out.push(["scale", f.scale]);
  if (f.inStock) out.push(["inStock", "1"]);
  if (f.madeToOrder) out.push(["madeToOrder", "1"]);
  if (f.minPriceCents !== null) out.push(["minPrice", dollars(f.minPriceCents)]);
  if (f.maxPriceCents !== null) out.push(["maxPrice", dollars(f.maxPriceCents)]);
  return out;
}

/** A list URL's query: the search (if any) then the filters; no page, so a change starts at page 1. */
export function filterQuery(f: CatalogueFilters, search = ""): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  for (const [k, v] of filterParams(f)) params.append(k, v);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Dollars as typed into the min/max fields ("12", "12.50"). */
export const priceFieldValue = (cents: number | null) => (cents === null ? "" : dollars(cents));
