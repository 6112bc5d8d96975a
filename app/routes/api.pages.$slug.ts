import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getPage, pageJson } from "~/domain/pages/pages.server";
import { PAGE_TEXT } from "~/domain/pages/slugs";
import { db } from "~/lib/db.server";
import { apiHandler, jsonError } from "~/web/http.server";

/** GET /api/pages/{slug} → `{slug, title, body, html, updatedAt}`; 404 for a slug that is not one of the owner's pages. */
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const page = await getPage(db, params.slug ?? "");
    if (!page) throw jsonError(PAGE_TEXT.notFound, 404);
    return json(pageJson(page), { headers: { "Cache-Control": "no-cache" } });
  });
}
