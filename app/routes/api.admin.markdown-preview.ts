import { type ActionFunctionArgs, json } from "@remix-run/node";
import { requireApiAdmin } from "~/web/guards.server";
import { renderPageBody } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { PreviewSchema } from "~/domain/pages/schemas";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

/** POST /api/admin/markdown-preview `{body}` (admin) → `{html}`: the page editor's live preview, so the browser needs no Markdown code. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      await requireApiAdmin(request);
      const { body } = await parseJsonBody(request, PreviewSchema);
      return json({ html: await renderPageBody(db, body) }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}
