import { z } from "zod";
import { CATALOGUE_SCALES, CATALOGUE_SORTS, type CatalogueFilters, MAX_FILTER_COLORS } from "~/domain/catalogue/catalogue-filters";
import { normalizeSearch } from "~/domain/catalogue/search";
import { typedAmount } from "~/domain/common/schemas";
import { PRODUCT_PAGE_SIZE } from "~/domain/catalogue/types";

export const MAX_PRODUCT_PAGE_SIZE = 100;

/** The query of GET /api/products (and the shop's paging), after `productListQueryFrom`. */
export const ProductListQuerySchema = z.object({
  categoryId: z
    .number({ invalid_type_error: "Must be a whole number" })
    .int("Must be a whole number")
    .positive("Must be positive")
    .max(Number.MAX_SAFE_INTEGER, "Too large")
    .optional(),
  search: z.string().max(200).optional(),
  /** The shop's addition: search the words as typed, without correcting words that match nothing. */
  exact: z.boolean().optional(),
  page: z
    .number({ invalid_type_error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1, "Must be at least 1")
    .max(100_000, "Too large")
    .default(1),
  limit: z
    .number({ invalid_type_error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1, "Must be at least 1")
    .max(MAX_PRODUCT_PAGE_SIZE, `Must be at most ${MAX_PRODUCT_PAGE_SIZE}`)
    .default(PRODUCT_PAGE_SIZE),
  // The sort and filters: a value the shop does not know is ignored (the contract), never a 400.
  sort: z.enum(CATALOGUE_SORTS).default("newest").catch("newest"),
  color: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_FILTER_COLORS))
    .default([])
    .catch([]),
  scale: z.enum(CATALOGUE_SCALES).optional().catch(undefined),
  inStock: z.literal(true).optional().catch(undefined),
  madeToOrder: z.literal(true).optional().catch(undefined),
  minPrice: typedAmount({ requiredText: "Enter an amount", maxWholeDigits: 7 }).optional().catch(undefined),
  maxPrice: typedAmount({ requiredText: "Enter an amount", maxWholeDigits: 7 }).optional().catch(undefined),
});
export type ProductListQueryInput = z.infer<typeof ProductListQuerySchema>;

/** An integer-looking text becomes a number; anything else stays text so the schema rejects it (every API's paging). */
export function numberParam(value: string | null): number | string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return /^[+-]?\d{1,20}$/.test(text) ? Number(text) : text;
}

/** "1"/"true" and "0"/"false" become booleans; anything else stays text so the schema rejects it. */
function flagParam(value: string | null): boolean | string | undefined {
  const text = value?.trim().toLowerCase();
  if (!text) return undefined;
  if (text === "1" || text === "true") return true;
  if (text === "0" || text === "false") return false;
  return text;
}

/**
 * Turns URL query strings into the schema's real types (no z.coerce): empty values are
 * absent, whole numbers become numbers, and search is trimmed and cut to 200 characters.
 */
export function productListQueryFrom(params: URLSearchParams): Record<string, unknown> {
  const search = normalizeSearch(params.get("search"));
  return {
    categoryId: numberParam(params.get("categoryId")),
    search: search === "" ? undefined : search,
    exact: flagParam(params.get("exact")),
    page: numberParam(params.get("page")),
    limit: numberParam(params.get("limit")),
    ...filterFields(params),
  };
}

/** The sort and filter parameters as the schema reads them: a repeated `color`, unknown ones dropped. */
export function filterFields(params: URLSearchParams): Record<string, unknown> {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  return {
    sort: text("sort"),
    color: params
      .getAll("color")
      .flatMap((v) => v.split(","))
      .map((v) => numberParam(v))
      .filter((v): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0),
    scale: text("scale"),
    inStock: flagParam(params.get("inStock")) === true ? true : undefined,
    madeToOrder: flagParam(params.get("madeToOrder")) === true ? true : undefined,
    minPrice: text("minPrice"),
    maxPrice: text("maxPrice"),
  };
}

/** The page's and the API's filters from the parsed query; a minimum above the maximum is taken the other way round. */
export function catalogueFiltersOf(
  query: Pick<ProductListQueryInput, "sort" | "color" | "scale" | "inStock" | "madeToOrder" | "minPrice" | "maxPrice">,
): CatalogueFilters {
  let min = query.minPrice ?? null;
  let max = query.maxPrice ?? null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return {
    sort: query.sort,
    colors: query.color,
    scale: query.scale ?? null,
    inStock: query.inStock === true,
    madeToOrder: query.madeToOrder === true,
    minPriceCents: min,
    maxPriceCents: max,
  };
}

/** The filters part of the one schema, for the shop's pages (whose paging has rules of its own). */
export const CatalogueFilterSchema = ProductListQuerySchema.pick({
  sort: true,
  color: true,
  scale: true,
  inStock: true,
  madeToOrder: true,
  minPrice: true,
  maxPrice: true,
});

/** A page's filters from its URL: never throws. */
export function catalogueFiltersFrom(params: URLSearchParams): CatalogueFilters {
  return catalogueFiltersOf(CatalogueFilterSchema.parse(filterFields(params)));
}
