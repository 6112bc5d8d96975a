import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiAdminActor } from "~/web/guards.server";
import { pageJson, savePage } from "~/domain/pages/pages.server";
import { SavePageApiSchema } from "~/domain/pages/schemas";
import { isPageSlug, PAGE_TEXT } from "~/domain/pages/slugs";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/**
 * PUT /api/admin/pages/{slug} `{title?, body, locale?}` (admin: 401/403) saves a new version in
 * `locale` (default 'en'; the other languages' versions stay) and answers the page, with `locale`
 * when the body named one; 404 unknown slug, 400 bad input or a language the shop does not have.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PUT: async () => {
      const actor = await requireApiAdminActor(request);
      const slug = params.slug ?? "";
      if (!isPageSlug(slug)) throw jsonError(PAGE_TEXT.notFound, 404);
      const { locale, ...input } = await parseJsonBody(request, SavePageApiSchema);
      const page = await savePage(db, slug, input, actor, locale ?? DEFAULT_LOCALE);
      return json(pageJson(page, locale !== undefined), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
