import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listCategories } from "~/domain/catalogue/categories.server";
import { db } from "~/lib/db.server";
import { apiHandler, assertSameOrigin, jsonError } from "~/lib/http.server";

/** GET /api/categories: every category with its parent and product count. */
export async function loader() {
  return apiHandler(async () => json(await listCategories(db)));
}

export async function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    assertSameOrigin(request);
    return jsonError("Method not allowed", 405);
  });
}
