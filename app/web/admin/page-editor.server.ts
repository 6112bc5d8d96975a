// The page editor (/admin/pages/{slug}): page data and the form's action. Without JavaScript the
// Preview button posts the form and the page comes back with the rendered text and nothing saved.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import { DomainError } from "~/domain/common/errors";
import { actorOf } from "~/web/actor.server";
import { getPage, getPageVersion, listPageVersions, renderPageBody, restorePageVersion, savePage } from "~/domain/pages/pages.server";
import { RestoreVersionSchema, SavePageSchema } from "~/domain/pages/schemas";
import { isPageSlug, PAGE_INTENTS, PAGE_LABELS, PAGE_TEXT } from "~/domain/pages/slugs";
import { db as sharedDb } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { type DB } from "~/lib/sqlite.server";
import { formConstraints } from "~/web/form-constraints.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const editorUrl = (slug: string) => `/admin/pages/${slug}`;

const SAVE = formConstraints(SavePageSchema);
// A title left out keeps the stored one (the API's way to change only the text); the editor always
// shows the title, so it asks for one rather than let an emptied field silently keep the old title.
const EDITOR_CONSTRAINTS = { title: { ...SAVE.title, required: true }, body: SAVE.body };

/** The editor's data: the current page, its versions, and the old version asked for by `?version=`. */
export async function loadPageEditor(request: Request, slug: string, db: DB = sharedDb) {
  await requireAdmin(request);
  const page = await getPage(db, slug);
  if (!page) throw jsonError(PAGE_TEXT.notFound, 404);
  const versionParam = new URL(request.url).searchParams.get("version");
  let viewing = null;
  if (versionParam !== null) {
    const id = /^\d{1,12}$/.test(versionParam) ? Number(versionParam) : 0;
    viewing = id > 0 ? await getPageVersion(db, page.slug, id) : null;
    if (!viewing) throw jsonError(PAGE_TEXT.versionNotFound, 404);
  }
  const versions = await listPageVersions(db, page.slug);
  return json(
    {
      slug: page.slug,
      label: PAGE_LABELS[page.slug],
      page: { title: page.title, body: page.body, html: page.html, updatedAt: page.updatedAt, savedByEmail: page.savedByEmail, versionId: page.versionId },
      versions,
      viewing,
      constraints: EDITOR_CONSTRAINTS,
    },
    { headers: NO_STORE },
  );
}

/** What a post answers when it does not redirect: the form again, with errors or a preview. */
export interface PageEditorActionData {
  intent: string;
  result?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null };
  preview?: { title: string; body: string; html: string };
}

/** The editor's form: `intent` preview (render, save nothing), save, or restore (`versionId`). */
export async function pageEditorAction(request: Request, slug: string, db: DB = sharedDb): Promise<Response> {
  const user = await requireAdmin(request);
  if (!isPageSlug(slug)) throw jsonError(PAGE_TEXT.notFound, 404);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const actor = actorOf(user, request);
  switch (intent) {
    case PAGE_INTENTS.preview: {
      const title = String(formData.get("title") ?? "");
      const body = String(formData.get("body") ?? "");
      const submission = parseWithZod(formData, { schema: SavePageSchema });
      const data: PageEditorActionData = {
        intent,
        result: submission.status === "success" ? { initialValue: { title, body } } : submission.reply(),
        preview: { title, body, html: await renderPageBody(db, body) },
      };
      return json(data, { headers: NO_STORE });
    }
    case PAGE_INTENTS.save: {
      const submission = parseWithZod(formData, { schema: SavePageSchema });
      if (submission.status !== "success") return json<PageEditorActionData>({ intent, result: submission.reply() }, { status: 400, headers: NO_STORE });
      try {
        await savePage(db, slug, submission.value, actor);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return json<PageEditorActionData>({ intent, result: submission.reply(error.toConform()) }, { status: error.status, headers: NO_STORE });
      }
      return redirectWithToast(editorUrl(slug), { title: PAGE_TEXT.saved, description: PAGE_LABELS[slug], type: "success" });
    }
    case PAGE_INTENTS.restore: {
      const submission = parseWithZod(formData, { schema: RestoreVersionSchema });
      if (submission.status !== "success") throw jsonError(PAGE_TEXT.versionNotFound, 404);
      try {
        await restorePageVersion(db, slug, submission.value.versionId, actor);
      } catch (error) {
        if (error instanceof DomainError) throw jsonError(error.message, error.status);
        throw error;
      }
      return redirectWithToast(editorUrl(slug), {
        title: PAGE_TEXT.restored,
        description: `${PAGE_LABELS[slug]}: version ${submission.value.versionId}`,
        type: "success",
      });
    }
    default:
      throw jsonError("Unknown action", 400);
  }
}
