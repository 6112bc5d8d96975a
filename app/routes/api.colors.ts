import { type ActionFunctionArgs, json } from "@remix-run/node";
import { listColors } from "~/domain/catalogue/categories.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler } from "~/web/http.server";

/** GET /api/colors: the fixed palette with id, name and hex. */
export async function loader() {
  return apiHandler(async () => json(await listColors(db)));
}

export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {});
}
