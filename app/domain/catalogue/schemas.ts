import { z } from "zod";
import { normalizeSearch } from "~/domain/catalogue/search";
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
  };
}
