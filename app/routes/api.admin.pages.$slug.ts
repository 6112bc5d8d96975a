import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiAdminActor } from "~/web/guards.server";
import { pageJson, savePage } from "~/domain/pages/pages.server";
import { SavePageSchema } from "~/domain/pages/schemas";
import { isPageSlug, PAGE_TEXT } from "~/domain/pages/slugs";
import { db } from "~/lib/db.server";
import { apiAction, jsonError, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** PUT /api/admin/pages/{slug} `{title?, body}` (admin: 401/403) saves a new version and answers the page; 404 unknown slug, 400 bad input. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PUT: async () => {
      const actor = await requireApiAdminActor(request);
      const slug = params.slug ?? "";
      if (!isPageSlug(slug)) throw jsonError(PAGE_TEXT.notFound, 404);
      const input = await parseJsonBody(request, SavePageSchema);
      return json(pageJson(await savePage(db, slug, input, actor)), { headers: { "Cache-Control": "no-store" } });
    },
  });
}
