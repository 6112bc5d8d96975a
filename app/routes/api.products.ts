import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listProducts } from "~/domain/catalogue/products.server";
import { productListQueryFrom, ProductListQuerySchema } from "~/domain/catalogue/schemas";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, parseValue } from "~/lib/http.server";

/** GET /api/products?categoryId&search&page&limit: a page of products and the total (search overrides categoryId). */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const query = parseValue(productListQueryFrom(new URL(request.url).searchParams), ProductListQuerySchema);
    const { products, total } = await listProducts(db, {
      categoryId: query.categoryId ?? null,
      search: query.search ?? null,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return json({ products, total, page: query.page, limit: query.limit });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
