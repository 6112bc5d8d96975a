import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getCategoryDescriptions } from "~/domain/catalogue/categories.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/category-descriptions: a map from category name to its note. */
export async function loader() {
  return apiHandler(async () => json(await getCategoryDescriptions(db)));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
