import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listLatestCollection } from "~/domain/catalogue/products.server";
import { db } from "~/lib/db.server";
import { apiHandler, assertSameOrigin, jsonError } from "~/lib/http.server";

/** GET /api/products/latest-collection: the products flagged as the latest collection. */
export async function loader() {
  return apiHandler(async () => json(await listLatestCollection(db)));
}

export async function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    assertSameOrigin(request);
    return jsonError("Method not allowed", 405);
  });
}
