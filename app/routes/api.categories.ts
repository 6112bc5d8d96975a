import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/domain/catalogue/categories.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";
import { apiLocale } from "~/web/content-locale.server";

/**
 * GET /api/categories: every category with its parent and product count. `?locale=pl`: Polish
 * names, each category with `locale: "pl"` (and `fallback: ["name"]` where it has none).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const locale = apiLocale(request);
    const categories = await listCategories(db, locale);
    return json(locale === "en" ? categories : categories.map((c) => ({ ...c, locale })));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
