import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProductBySlug } from "~/domain/catalogue/products.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError } from "~/web/http.server";
import { apiLocale } from "~/web/content-locale.server";

/**
 * GET /api/products/slug/{slug}: the product with images, categories, colours and variations.
 * `?locale=pl`: its Polish texts, `locale: "pl"` and `fallback` (the fields shown in English).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const slug = params.slug ?? "";
    const locale = apiLocale(request);
    const product = slug.length <= 200 ? await getProductBySlug(db, slug, locale) : null;
    if (!product) return jsonError("Product not found", 404);
    return json(product);
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
