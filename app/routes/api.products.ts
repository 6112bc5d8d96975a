import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listProducts } from "~/domain/catalogue/products.server";
import { catalogueFiltersOf, productListQueryFrom, ProductListQuerySchema } from "~/domain/catalogue/schemas";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, parseValue } from "~/web/http.server";
import { apiLocale, localeField } from "~/web/content-locale.server";

/**
 * GET /api/products?categoryId&search&page&limit: a page of products and the total (search
 * overrides categoryId). A search whose words match nothing is corrected from the catalogue's
 * vocabulary: the answer then carries `correction` ({ query, corrections: [{ from, to }] });
 * `exact=1` turns correction off. `sort`, `color` (repeatable), `scale`, `inStock`, `madeToOrder`,
 * `minPrice`, `maxPrice`: the catalogue's sort and filters (docs/contract.md); unknown values are ignored. `locale=pl`: the owner's Polish texts and a Polish search (docs/languages.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const query = parseValue(productListQueryFrom(new URL(request.url).searchParams), ProductListQuerySchema);
    const locale = apiLocale(request);
    const { products, total, correction } = await listProducts(
      db,
      {
        categoryId: query.categoryId ?? null,
        search: query.search ?? null,
        exact: query.exact ?? false,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        filters: catalogueFiltersOf(query),
      },
      locale,
    );
    return json({ products, total, page: query.page, limit: query.limit, ...(correction ? { correction } : {}), ...localeField(locale) });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
