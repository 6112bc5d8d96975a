import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getPage, pageJson } from "~/domain/pages/pages.server";
import { PAGE_LOCALE_ERROR } from "~/domain/pages/schemas";
import { PAGE_TEXT } from "~/domain/pages/slugs";
import { isLocale } from "~/i18n/locales";
import { db } from "~/lib/db.server";
import { apiHandler, jsonError } from "~/web/http.server";

/**
 * GET /api/pages/{slug} → `{slug, title, body, html, updatedAt}`; 404 for a slug that is not one
 * of the owner's pages. `?locale=pl` answers the Polish page with `locale: "pl"`, or the English
 * page with `locale: "en"` while there is no Polish version; another language: 400.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const asked = new URL(request.url).searchParams.get("locale");
    if (asked !== null && !isLocale(asked)) throw jsonError(PAGE_LOCALE_ERROR, 400);
    const page = await getPage(db, params.slug ?? "", asked ?? undefined);
    if (!page) throw jsonError(PAGE_TEXT.notFound, 404);
    return json(pageJson(page, asked !== null), { headers: { "Cache-Control": "no-cache" } });
  });
}
