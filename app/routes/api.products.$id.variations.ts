import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProductOptions } from "~/domain/catalogue/products.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError, requireIdParam } from "~/web/http.server";

/** GET /api/products/{id}/variations: `{variationCode, variationName, stock}` per variation the product offers. */
export async function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const options = await getProductOptions(db, requireIdParam(params.id, "Product not found"));
    if (!options) return jsonError("Product not found", 404);
    return json(options.variations);
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
