// The page editor (/admin/pages/{slug}): page data and the form's action. Without JavaScript the
// Preview button posts the form and the page comes back with the rendered text and nothing saved.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import { DomainError } from "~/domain/common/errors";
import { actorOf } from "~/web/actor.server";
import { getPage, getPageVersion, listPageVersions, pageLabelIn, renderPageBody, restorePageVersion, savePage } from "~/domain/pages/pages.server";
import { PAGE_LOCALE_ERROR, RestoreVersionSchema, SavePageSchema } from "~/domain/pages/schemas";
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_NAMES, LOCALES } from "~/i18n/locales";
import { isPageSlug, PAGE_INTENTS, PAGE_LABELS, PAGE_TEXT } from "~/domain/pages/slugs";
import { db as sharedDb } from "~/lib/db.server";
import { jsonError } from "~/web/http.server";
import { readMultipartForm } from "~/web/multipart.server";
import { addPagePhoto } from "~/web/admin/page-photos.server";
import { listPagePhotos, type PagePhoto } from "~/domain/pages/photos.server";
import { type DB } from "~/lib/sqlite.server";
import { formConstraints } from "~/web/form-constraints.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The editor of a page in a language: English at `/admin/pages/{slug}`, another with `?locale=`. */
export const editorUrl = (slug: string, locale: Locale = DEFAULT_LOCALE) =>
  locale === DEFAULT_LOCALE ? `/admin/pages/${slug}` : `/admin/pages/${slug}?locale=${locale}`;

/** The language the editor works in (`?locale=`, English without it); another value is a 400. */
function editorLocale(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get("locale");
  if (asked === null || asked === "") return DEFAULT_LOCALE;
  if (!isLocale(asked)) throw jsonError(PAGE_LOCALE_ERROR, 400);
  return asked;
}

const SAVE = formConstraints(SavePageSchema);
// A title left out keeps the stored one (the API's way to change only the text); the editor always
// shows the title, so it asks for one rather than let an emptied field silently keep the old title.
const EDITOR_CONSTRAINTS = { title: { ...SAVE.title, required: true }, body: SAVE.body };

/**
 * The editor's data in one language (`?locale=`): the current page, its versions there, and the
 * old version asked for by `?version=`. A language without a version starts from the English
 * text (`fallback`), which the shop shows there until the first save.
 */
export async function loadPageEditor(request: Request, slug: string, db: DB = sharedDb) {
  await requireAdmin(request);
  const locale = editorLocale(request);
  const page = await getPage(db, slug, locale);
  if (!page) throw jsonError(PAGE_TEXT.notFound, 404);
  const versionParam = new URL(request.url).searchParams.get("version");
  let viewing = null;
  if (versionParam !== null) {
    const id = /^\d{1,12}$/.test(versionParam) ? Number(versionParam) : 0;
    viewing = id > 0 ? await getPageVersion(db, page.slug, id, locale) : null;
    if (!viewing) throw jsonError(PAGE_TEXT.versionNotFound, 404);
  }
  const [versions, photos] = await Promise.all([listPageVersions(db, page.slug, locale), listPagePhotos(db)]);
  // The English text is where a translation starts; its dates and version are not this language's.
  const fallback = page.locale !== locale;
  return json(
    {
      slug: page.slug,
      label: PAGE_LABELS[page.slug],
      locale,
      fallback,
      languages: LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code], url: editorUrl(page.slug, code) })),
      page: fallback
        ? { title: page.title, body: page.body, html: page.html, updatedAt: null, savedByEmail: null, versionId: null }
        : { title: page.title, body: page.body, html: page.html, updatedAt: page.updatedAt, savedByEmail: page.savedByEmail, versionId: page.versionId },
      versions,
      photos,
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
  /** The photo just added (intent 'photo'): its Markdown line is also at the end of the text. */
  photo?: PagePhoto;
}

/** The form's files and fields; a file over 10 MB is dropped and named in `tooLarge`. */
async function readEditorForm(request: Request) {
  try {
    return await readMultipartForm(request);
  } catch (error) {
    if (error instanceof DomainError) throw jsonError(error.message, error.status);
    throw error;
  }
}

/**
 * 'Add photo': keeps the photo and puts its Markdown line at the end of the text, which comes
 * back unsaved with a preview (so nothing typed is lost without JavaScript); refusals are field errors.
 */
async function photoAction(db: DB, formData: FormData, tooLarge: { field: string; fileName: string }[], userId: number, locale: Locale) {
  const intent = PAGE_INTENTS.photo;
  const title = String(formData.get("title") ?? "");
  const body = String(formData.get("body") ?? "");
  const outcome = await addPagePhoto(db, formData, tooLarge, userId);
  if (!outcome.ok) {
    const data: PageEditorActionData = {
      intent,
      result: { initialValue: { title, body, alt: String(formData.get("alt") ?? "") }, error: outcome.fieldErrors },
    };
    return json(data, { status: outcome.status, headers: NO_STORE });
  }
  const withPhoto = `${body.trimEnd()}${body.trim() ? "\n\n" : ""}${outcome.photo.markdown}\n`;
  const data: PageEditorActionData = {
    intent,
    result: { initialValue: { title, body: withPhoto } },
    preview: { title, body: withPhoto, html: await renderPageBody(db, withPhoto, locale) },
    photo: outcome.photo,
  };
  return json(data, { headers: NO_STORE });
}

/** The editor's form: `intent` preview (render, save nothing), save, or restore (`versionId`). */
export async function pageEditorAction(request: Request, slug: string, db: DB = sharedDb): Promise<Response> {
  const user = await requireAdmin(request);
  if (!isPageSlug(slug)) throw jsonError(PAGE_TEXT.notFound, 404);
  const locale = editorLocale(request);
  const { form: formData, tooLarge } = await readEditorForm(request);
  const intent = String(formData.get("intent") ?? "");
  const actor = actorOf(user, request);
  switch (intent) {
    case PAGE_INTENTS.photo:
      return photoAction(db, formData, tooLarge, user.id, locale);
    case PAGE_INTENTS.preview: {
      const title = String(formData.get("title") ?? "");
      const body = String(formData.get("body") ?? "");
      const submission = parseWithZod(formData, { schema: SavePageSchema });
      const data: PageEditorActionData = {
        intent,
        result: submission.status === "success" ? { initialValue: { title, body } } : submission.reply(),
        preview: { title, body, html: await renderPageBody(db, body, locale) },
      };
      return json(data, { headers: NO_STORE });
    }
    case PAGE_INTENTS.save: {
      const submission = parseWithZod(formData, { schema: SavePageSchema });
      if (submission.status !== "success") return json<PageEditorActionData>({ intent, result: submission.reply() }, { status: 400, headers: NO_STORE });
      try {
        await savePage(db, slug, submission.value, actor, locale);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return json<PageEditorActionData>({ intent, result: submission.reply(error.toConform()) }, { status: error.status, headers: NO_STORE });
      }
      return redirectWithToast(editorUrl(slug, locale), { title: PAGE_TEXT.saved, description: pageLabelIn(slug, locale), type: "success" });
    }
    case PAGE_INTENTS.restore: {
      const submission = parseWithZod(formData, { schema: RestoreVersionSchema });
      if (submission.status !== "success") throw jsonError(PAGE_TEXT.versionNotFound, 404);
      try {
        await restorePageVersion(db, slug, submission.value.versionId, actor, locale);
      } catch (error) {
        if (error instanceof DomainError) throw jsonError(error.message, error.status);
        throw error;
      }
      return redirectWithToast(editorUrl(slug, locale), {
        title: PAGE_TEXT.restored,
        description: `${pageLabelIn(slug, locale)}: version ${submission.value.versionId}`,
        type: "success",
      });
    }
    default:
      throw jsonError("Unknown action", 400);
  }
}
