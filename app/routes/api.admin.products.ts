import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { productApiError } from "~/web/admin/product-editor.server";
import { CreateProductSchema } from "~/domain/catalogue/product-schemas";
import { ADMIN_PRODUCTS_LIMIT, LATEST_FILTERS, PRODUCT_TEXT, STATUS_FILTERS, STOCK_FILTERS } from "~/domain/catalogue/product-texts";
import { getAdminProduct, listAdminProducts } from "~/domain/catalogue/admin-products.server";
import { createProduct } from "~/domain/catalogue/products-write.server";
import { requireApiAdmin, requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError, parseJsonBody } from "~/web/http.server";

const NO_STORE = { "Cache-Control": "no-store" };

function oneOf<T extends string>(value: string | null, allowed: readonly { value: T }[]): T | undefined {
  return allowed.find((a) => a.value === value)?.value;
}

/**
 * GET /api/admin/products?limit=1000 (admin only: 401/403) → `{products}`, newest first. `limit`
 * defaults to and is capped at 1000; optional filters stock, category, latest, status as on the Products tab.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const params = new URL(request.url).searchParams;
    const limitParam = params.get("limit");
    if (limitParam !== null && !/^\d{1,7}$/.test(limitParam)) throw jsonError("limit must be a positive whole number", 400);
    const limit = Math.min(Math.max(Number(limitParam ?? ADMIN_PRODUCTS_LIMIT), 1), ADMIN_PRODUCTS_LIMIT);
    const category = params.get("category");
    const { products } = await listAdminProducts(db, {
      limit,
      stock: oneOf(params.get("stock"), STOCK_FILTERS),
      latest: oneOf(params.get("latest"), LATEST_FILTERS),
      status: oneOf(params.get("status"), STATUS_FILTERS),
      categoryId: category && /^\d{1,12}$/.test(category) ? Number(category) : null,
    });
    return json({ products }, { headers: NO_STORE });
  });
}

/** POST /api/admin/products: create (the add form's schema) → 201 with the product. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const actor = await requireApiAdminActor(request);
      const input = await parseJsonBody(request, CreateProductSchema);
      try {
        const { id } = await createProduct(db, input, actor);
        return json(await getAdminProduct(db, id), {
          status: 201,
          headers: NO_STORE,
        });
      } catch (error) {
        return productApiError(error, PRODUCT_TEXT.createFailed);
      }
    },
  });
}
