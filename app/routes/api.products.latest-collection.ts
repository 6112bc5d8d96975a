import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { listLatestCollection } from "~/domain/catalogue/products.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";
import { apiLocale } from "~/web/content-locale.server";

/** GET /api/products/latest-collection: the products flagged as the latest collection (`?locale=pl`: in Polish, each with `locale`). */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => json(await listLatestCollection(db, 12, apiLocale(request))));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
