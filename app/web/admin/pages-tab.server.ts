// The admin's Pages tab (/admin?tab=pages): the owner's pages and the home page's texts, in one
// language at a time (`&locale=pl`); each language has its own texts and versions.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/web/toast.server";
import { requestActor } from "~/web/actor.server";
import { getHomeTextsIn, saveHomeTexts } from "~/domain/pages/home.server";
import { listPagesOverview } from "~/domain/pages/pages.server";
import { HomeTextsSchema, PAGE_LOCALE_ERROR } from "~/domain/pages/schemas";
import { PAGE_INTENTS, PAGE_TEXT } from "~/domain/pages/slugs";
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_NAMES, LOCALES } from "~/i18n/locales";
import { db as sharedDb } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { formConstraints } from "~/web/form-constraints.server";
import { jsonError } from "~/web/http.server";

export const PAGES_TAB_URL = "/admin?tab=pages";

/** The tab in a language: English at the plain address, another with `&locale=`. */
export const pagesTabUrl = (locale: Locale = DEFAULT_LOCALE) => (locale === DEFAULT_LOCALE ? PAGES_TAB_URL : `${PAGES_TAB_URL}&locale=${locale}`);

/** `locale` of the tab's address or of the home form; missing or unknown: English (a tab link is never an error page). */
function tabLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export async function loadPagesTab(db: DB, url?: URL) {
  const locale = tabLocale(url?.searchParams.get("locale"));
  const [pages, home] = await Promise.all([listPagesOverview(db, locale), getHomeTextsIn(db, locale)]);
  return {
    locale,
    languages: LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code], url: pagesTabUrl(code) })),
    pages,
    home: home.texts,
    /** The language has no home texts of its own yet: the shop shows the English ones there. */
    homeFallback: home.locale !== locale,
    constraints: formConstraints(HomeTextsSchema),
  };
}

export type PagesTabData = Awaited<ReturnType<typeof loadPagesTab>>;

/** Handles the Pages tab's intents (the caller has checked the admin); null for any other intent. */
export async function pagesTabAction(request: Request, formData: FormData, intent: string, db: DB = sharedDb): Promise<Response | null> {
  if (intent !== PAGE_INTENTS.homeSave) return null;
  const asked = formData.get("locale");
  if (asked !== null && asked !== "" && !isLocale(asked)) throw jsonError(PAGE_LOCALE_ERROR, 400);
  const locale = tabLocale(asked);
  const submission = parseWithZod(formData, { schema: HomeTextsSchema });
  if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
  await saveHomeTexts(db, submission.value, await requestActor(request), locale);
  return redirectWithToast(pagesTabUrl(locale), {
    title: PAGE_TEXT.homeSaved,
    ...(locale === DEFAULT_LOCALE ? {} : { description: LOCALE_NAMES[locale] }),
    type: "success",
  });
}
