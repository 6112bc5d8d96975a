import { DomainError, notFound } from "~/domain/common/errors";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { DEFAULT_PAGES } from "~/domain/pages/defaults";
import { renderMarkdown } from "~/domain/pages/markdown.server";
import { photoSizesIn } from "~/domain/pages/photos.server";
import { fillShippingTimeIn } from "~/domain/pages/shipping-time";
import { getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { type SavePageInput } from "~/domain/pages/schemas";
import { isPageSlug, PAGE_LABELS, PAGE_SLUGS, PAGE_TEXT, type PageSlug } from "~/domain/pages/slugs";
import { DEFAULT_LOCALE, type Locale, LOCALE_NAMES } from "~/i18n/locales";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/** A page as shown: the newest saved version, or the default text while it has none. */
export interface Page {
  slug: PageSlug;
  /** The language of the text: the one asked for, or English when that language has no version yet. */
  locale: Locale;
  title: string;
  body: string;
  /** When the shown version was saved; null for the default text. */
  updatedAt: string | null;
  savedByEmail: string | null;
  versionId: number | null;
}

export interface PageVersion {
  id: number;
  title: string;
  savedByEmail: string;
  createdAt: string;
}

/** What the public pages and `GET /api/pages/{slug}` show: the page with its rendered HTML. */
export interface RenderedPage extends Page {
  html: string;
}

/** A page's Markdown as the shop shows it: `{shippingTime}` in words of its language (Settings' dispatch time), then HTML. */
export async function renderPageBody(db: DB, body: string, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const [time, photos] = await Promise.all([getDispatchTime(db), photoSizesIn(db, body)]);
  return renderMarkdown(fillShippingTimeIn(body, time, locale), { photos });
}

/** The newest version of the page in this language; null when that language has none. */
async function readOwnPage(db: DB, slug: PageSlug, locale: Locale): Promise<Page | null> {
  const row = await db
    .selectFrom("page_versions")
    .select(["id", "title", "body", "saved_by_email as savedByEmail", "created_at as createdAt"])
    .where("slug", "=", slug)
    .where("locale", "=", locale)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { slug, locale, title: row.title, body: row.body, updatedAt: row.createdAt, savedByEmail: row.savedByEmail, versionId: row.id };
}

/**
 * The page as shown in a language: its newest version there; without one, the English page
 * (`locale` says 'en'), and without any English version, the default English text.
 */
async function readPage(db: DB, slug: PageSlug, locale: Locale = DEFAULT_LOCALE): Promise<Page> {
  const own = await readOwnPage(db, slug, locale);
  if (own) return own;
  if (locale !== DEFAULT_LOCALE) return readPage(db, slug, DEFAULT_LOCALE);
  return { slug, locale: DEFAULT_LOCALE, ...DEFAULT_PAGES[slug], updatedAt: null, savedByEmail: null, versionId: null };
}

/**
 * The current page of a slug in a language (English by default; a language without a version of
 * it gets the English page, its `locale` says so); null for a slug that is not one of the owner's pages.
 */
export async function getPage(db: DB, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<RenderedPage | null> {
  if (!isPageSlug(slug)) return null;
  // Every visit of the page reads it: through the exact read cache, with the Markdown rendered once per change.
  return cachedRead(db, `page:${slug}:${locale}`, async () => {
    const page = await readPage(db, slug, locale);
    return { ...page, html: await renderPageBody(db, page.body, page.locale) };
  });
}

/**
 * What a shopper's page of the owner shows in a language: her title and HTML, and `lang: "en"`
 * when that language has no version yet and the English page stands in (the page marks it).
 */
export async function shownPage(db: DB, slug: PageSlug, locale: Locale): Promise<{ title: string; html: string; lang?: Locale }> {
  const page = (await getPage(db, slug, locale))!;
  return page.locale === locale ? { title: page.title, html: page.html } : { title: page.title, html: page.html, lang: page.locale };
}

/**
 * The page's JSON (`GET /api/pages/{slug}`, and the answer of a save through the API). `locale`
 * (the language of the text answered) is added when the request named a language, so the
 * documented English answer stays as it was.
 */
export function pageJson(page: RenderedPage, withLocale = false) {
  const json = { slug: page.slug, title: page.title, body: page.body, html: page.html, updatedAt: page.updatedAt };
  return withLocale ? { ...json, locale: page.locale } : json;
}

/** The saved versions of a page in one language, newest first (the first is the page shown in it). */
export async function listPageVersions(db: DB, slug: PageSlug, locale: Locale = DEFAULT_LOCALE, limit = 100): Promise<PageVersion[]> {
  return db
    .selectFrom("page_versions")
    .select(["id", "title", "saved_by_email as savedByEmail", "created_at as createdAt"])
    .where("slug", "=", slug)
    .where("locale", "=", locale)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** One saved version of this slug in this language, with its text; null when the id is another page's or language's, or unknown. */
export async function getPageVersion(db: DB, slug: PageSlug, versionId: number, locale: Locale = DEFAULT_LOCALE) {
  const row = await db
    .selectFrom("page_versions")
    .select(["id", "title", "body", "saved_by_email as savedByEmail", "created_at as createdAt"])
    .where("slug", "=", slug)
    .where("locale", "=", locale)
    .where("id", "=", versionId)
    .executeTakeFirst();
  return row ? { ...row, html: await renderPageBody(db, row.body, locale) } : null;
}

async function insertVersion(trx: DB, slug: PageSlug, locale: Locale, title: string, body: string, actor: Actor): Promise<number> {
  const row = await trx
    .insertInto("page_versions")
    .values({ slug, locale, title, body, saved_by_id: actor.id, saved_by_email: actor.email.slice(0, 254), created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The page's name in activity rows: English as it always read, another language named ('About (Polski)'). */
export function pageLabelIn(slug: PageSlug, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? PAGE_LABELS[slug] : `${PAGE_LABELS[slug]} (${LOCALE_NAMES[locale]})`;
}

function requireSlug(slug: string): PageSlug {
  if (!isPageSlug(slug)) throw notFound(PAGE_TEXT.notFound);
  return slug;
}

/**
 * Saves a new version of a page in one language (the old ones, and the other language's, stay)
 * and writes a `page.save` activity row, in one transaction. A title left out keeps the current
 * one (a first Polish save without a title takes the English title). Throws DomainError 404 for
 * a slug that is not one of the owner's pages.
 */
export async function savePage(db: DB, slug: string, input: SavePageInput, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<RenderedPage> {
  const page = requireSlug(slug);
  // Browsers send CRLF from a textarea; the API may not: store one form.
  const body = input.body.replace(/\r\n?/g, "\n");
  await db.transaction().execute(async (trx) => {
    const title = input.title ?? (await readPage(trx, page, locale)).title;
    const id = await insertVersion(trx, page, locale, title, body, actor);
    await logActivity(trx, { actor, kind: "page.save", summary: `${pageLabelIn(page, locale)} saved (version ${id})` });
  });
  return (await getPage(db, page, locale))!;
}

/**
 * Makes an old version the page shown again: a copy of it becomes the newest version (nothing is
 * lost) and a `page.restore` activity row is written, in one transaction. Throws DomainError 404
 * for an unknown slug, or a version id that is unknown or another page's or language's.
 */
export async function restorePageVersion(db: DB, slug: string, versionId: number, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<RenderedPage> {
  const page = requireSlug(slug);
  await db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom("page_versions")
      .select(["title", "body"])
      .where("slug", "=", page)
      .where("locale", "=", locale)
      .where("id", "=", versionId)
      .executeTakeFirst();
    if (!old) throw new DomainError(PAGE_TEXT.versionNotFound, 404);
    const id = await insertVersion(trx, page, locale, old.title, old.body, actor);
    await logActivity(trx, { actor, kind: "page.restore", summary: `${pageLabelIn(page, locale)}: version ${versionId} restored (as version ${id})` });
  });
  return (await getPage(db, page, locale))!;
}

/**
 * The Pages tab's list in one language: each page with its title and when and by whom it was
 * last saved; `fallback` when that language has no version and the shop shows the English page.
 */
export async function listPagesOverview(db: DB, locale: Locale = DEFAULT_LOCALE) {
  return Promise.all(
    PAGE_SLUGS.map(async (slug) => {
      const [page, count] = await Promise.all([
        readPage(db, slug, locale),
        db
          .selectFrom("page_versions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("slug", "=", slug)
          .where("locale", "=", locale)
          .executeTakeFirstOrThrow(),
      ]);
      const fallback = page.locale !== locale;
      return {
        slug,
        label: PAGE_LABELS[slug],
        title: page.title,
        updatedAt: fallback ? null : page.updatedAt,
        savedByEmail: fallback ? null : page.savedByEmail,
        versions: Number(count.n),
        fallback,
      };
    }),
  );
}

/**
 * The seed's first versions: each page without any version in the language gets the text given
 * (English: its default text). Returns how many were written.
 */
export async function seedDefaultPages(
  db: DB,
  locale: Locale = DEFAULT_LOCALE,
  texts: Partial<Record<PageSlug, { title: string; body: string }>> = DEFAULT_PAGES,
): Promise<number> {
  let written = 0;
  for (const slug of PAGE_SLUGS) {
    const text = texts[slug];
    if (!text) continue;
    const any = await db.selectFrom("page_versions").select("id").where("slug", "=", slug).where("locale", "=", locale).limit(1).executeTakeFirst();
    if (any) continue;
    await db
      .insertInto("page_versions")
      .values({ slug, locale, title: text.title, body: text.body, saved_by_id: null, saved_by_email: "system", created_at: new Date().toISOString() })
      .execute();
    written++;
  }
  return written;
}
