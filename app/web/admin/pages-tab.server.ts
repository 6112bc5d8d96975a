// The admin's Pages tab (/admin?tab=pages): the owner's pages and the home page's texts.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/web/toast.server";
import { requestActor } from "~/web/actor.server";
import { getHomeTexts, saveHomeTexts } from "~/domain/pages/home.server";
import { listPagesOverview } from "~/domain/pages/pages.server";
import { HomeTextsSchema } from "~/domain/pages/schemas";
import { PAGE_INTENTS, PAGE_TEXT } from "~/domain/pages/slugs";
import { db as sharedDb } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { formConstraints } from "~/web/form-constraints.server";

export const PAGES_TAB_URL = "/admin?tab=pages";

export async function loadPagesTab(db: DB) {
  const [pages, home] = await Promise.all([listPagesOverview(db), getHomeTexts(db)]);
  return { pages, home, constraints: formConstraints(HomeTextsSchema) };
}

export type PagesTabData = Awaited<ReturnType<typeof loadPagesTab>>;

/** Handles the Pages tab's intents (the caller has checked the admin); null for any other intent. */
export async function pagesTabAction(request: Request, formData: FormData, intent: string, db: DB = sharedDb): Promise<Response | null> {
  if (intent !== PAGE_INTENTS.homeSave) return null;
  const submission = parseWithZod(formData, { schema: HomeTextsSchema });
  if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
  await saveHomeTexts(db, submission.value, await requestActor(request));
  return redirectWithToast(PAGES_TAB_URL, { title: PAGE_TEXT.homeSaved, type: "success" });
}
