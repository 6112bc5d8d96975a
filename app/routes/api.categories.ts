import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listCategories } from "~/domain/catalogue/categories.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/categories: every category with its parent and product count. */
export async function loader() {
  return apiHandler(async () => json(await listCategories(db)));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
