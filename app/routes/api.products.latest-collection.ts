import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listLatestCollection } from "~/domain/catalogue/products.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/products/latest-collection: the products flagged as the latest collection. */
export async function loader() {
  return apiHandler(async () => json(await listLatestCollection(db)));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
