import { DomainError, notFound } from "~/domain/common/errors";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { DEFAULT_PAGES } from "~/domain/pages/defaults";
import { renderMarkdown } from "~/domain/pages/markdown.server";
import { fillShippingTime } from "~/domain/orders/dispatch-time";
import { getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { type SavePageInput } from "~/domain/pages/schemas";
import { isPageSlug, PAGE_LABELS, PAGE_SLUGS, PAGE_TEXT, type PageSlug } from "~/domain/pages/slugs";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/** A page as shown: the newest saved version, or the default text while it has none. */
export interface Page {
  slug: PageSlug;
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

/** A page's Markdown as the shop shows it: `{shippingTime}` in words (Settings' dispatch time), then HTML. */
export async function renderPageBody(db: DB, body: string): Promise<string> {
  return renderMarkdown(fillShippingTime(body, await getDispatchTime(db)));
}

async function readPage(db: DB, slug: PageSlug): Promise<Page> {
  const row = await db
    .selectFrom("page_versions")
    .select(["id", "title", "body", "saved_by_email as savedByEmail", "created_at as createdAt"])
    .where("slug", "=", slug)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return { slug, ...DEFAULT_PAGES[slug], updatedAt: null, savedByEmail: null, versionId: null };
  return { slug, title: row.title, body: row.body, updatedAt: row.createdAt, savedByEmail: row.savedByEmail, versionId: row.id };
}

/** The current page of a slug; null for a slug that is not one of the owner's pages. */
export async function getPage(db: DB, slug: string): Promise<RenderedPage | null> {
  if (!isPageSlug(slug)) return null;
  // Every visit of the page reads it: through the exact read cache, with the Markdown rendered once per change.
  return cachedRead(db, `page:${slug}`, async () => {
    const page = await readPage(db, slug);
    return { ...page, html: await renderPageBody(db, page.body) };
  });
}

/** The page's JSON (`GET /api/pages/{slug}`, and the answer of a save through the API). */
export function pageJson(page: RenderedPage) {
  return { slug: page.slug, title: page.title, body: page.body, html: page.html, updatedAt: page.updatedAt };
}

/** The saved versions of a page, newest first (the first is the page shown). */
export async function listPageVersions(db: DB, slug: PageSlug, limit = 100): Promise<PageVersion[]> {
  return db
    .selectFrom("page_versions")
    .select(["id", "title", "saved_by_email as savedByEmail", "created_at as createdAt"])
    .where("slug", "=", slug)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** One saved version of this slug with its text; null when the id is another slug's or unknown. */
export async function getPageVersion(db: DB, slug: PageSlug, versionId: number) {
  const row = await db
    .selectFrom("page_versions")
    .select(["id", "title", "body", "saved_by_email as savedByEmail", "created_at as createdAt"])
    .where("slug", "=", slug)
    .where("id", "=", versionId)
    .executeTakeFirst();
  return row ? { ...row, html: await renderPageBody(db, row.body) } : null;
}

async function insertVersion(trx: DB, slug: PageSlug, title: string, body: string, actor: Actor): Promise<number> {
  const row = await trx
    .insertInto("page_versions")
    .values({ slug, title, body, saved_by_id: actor.id, saved_by_email: actor.email.slice(0, 254), created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function requireSlug(slug: string): PageSlug {
  if (!isPageSlug(slug)) throw notFound(PAGE_TEXT.notFound);
  return slug;
}

/**
 * Saves a new version of a page (the old ones stay) and writes a `page.save` activity row, in
 * one transaction. A title left out keeps the current one. Throws DomainError 404 for a slug
 * that is not one of the owner's pages.
 */
export async function savePage(db: DB, slug: string, input: SavePageInput, actor: Actor): Promise<RenderedPage> {
  const page = requireSlug(slug);
  // Browsers send CRLF from a textarea; the API may not: store one form.
  const body = input.body.replace(/\r\n?/g, "\n");
  await db.transaction().execute(async (trx) => {
    const title = input.title ?? (await readPage(trx, page)).title;
    const id = await insertVersion(trx, page, title, body, actor);
    await logActivity(trx, { actor, kind: "page.save", summary: `${PAGE_LABELS[page]} saved (version ${id})` });
  });
  return (await getPage(db, page))!;
}

/**
 * Makes an old version the page shown again: a copy of it becomes the newest version (nothing is
 * lost) and a `page.restore` activity row is written, in one transaction. Throws DomainError 404
 * for an unknown slug, or a version id that is unknown or another page's.
 */
export async function restorePageVersion(db: DB, slug: string, versionId: number, actor: Actor): Promise<RenderedPage> {
  const page = requireSlug(slug);
  await db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom("page_versions").select(["title", "body"]).where("slug", "=", page).where("id", "=", versionId).executeTakeFirst();
    if (!old) throw new DomainError(PAGE_TEXT.versionNotFound, 404);
    const id = await insertVersion(trx, page, old.title, old.body, actor);
    await logActivity(trx, { actor, kind: "page.restore", summary: `${PAGE_LABELS[page]}: version ${versionId} restored (as version ${id})` });
  });
  return (await getPage(db, page))!;
}

/** The Pages tab's list: each page with its title and when and by whom it was last saved. */
export async function listPagesOverview(db: DB) {
  return Promise.all(
    PAGE_SLUGS.map(async (slug) => {
      const [page, count] = await Promise.all([
        readPage(db, slug),
        db
          .selectFrom("page_versions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("slug", "=", slug)
          .executeTakeFirstOrThrow(),
      ]);
      return { slug, label: PAGE_LABELS[slug], title: page.title, updatedAt: page.updatedAt, savedByEmail: page.savedByEmail, versions: Number(count.n) };
    }),
  );
}

/** The seed's first versions: each page without any version gets its default text. Returns how many were written. */
export async function seedDefaultPages(db: DB): Promise<number> {
  let written = 0;
  for (const slug of PAGE_SLUGS) {
    const any = await db.selectFrom("page_versions").select("id").where("slug", "=", slug).limit(1).executeTakeFirst();
    if (any) continue;
    await db
      .insertInto("page_versions")
      .values({ slug, ...DEFAULT_PAGES[slug], saved_by_id: null, saved_by_email: "system", created_at: new Date().toISOString() })
      .execute();
    written++;
  }
  return written;
}
