import { sql } from "kysely";
import { type CategoryRef, type CategoryTreeNode, type CategoryView } from "~/domain/catalogue/types";
import { type DB } from "~/lib/sqlite.server";
import { cachedRead } from "~/lib/read-cache.server";
import { localizeCategories, readCategoryTranslations } from "~/domain/catalogue/translations.server";
import { type Locale } from "~/i18n/locales";

/** Every category, in menu order, named in the page's language (read through the exact read cache: every page's menu uses it). */
export function listCategories(db: DB, locale: Locale = "en"): Promise<CategoryView[]> {
  return cachedRead(db, `categories:${locale}`, async () => localizeCategories(db, await readCategories(db), locale));
}

async function readCategories(db: DB): Promise<CategoryView[]> {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "name", "slug", "parent_id as parentId", "sort_order as sortOrder", "is_active as isActive", "product_count as productCount"])
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ ...r, isActive: r.isActive === 1 }));
}

/** Top-level categories with products, each with its children with products (the mega-menu). */
export function buildMenuTree(categories: CategoryView[]): CategoryTreeNode[] {
  const visible = categories.filter((c) => c.isActive && c.productCount > 0);
  return visible.filter((c) => c.parentId === null).map((parent) => ({ ...parent, children: visible.filter((c) => c.parentId === parent.id) }));
}

export function getCategoryBySlug(db: DB, slug: string, locale: Locale = "en"): Promise<CategoryView | null> {
  return cachedRead(db, `category:${locale}:${slug}`, async () => {
    const category = await readCategoryBySlug(db, slug);
    return category ? ((await localizeCategories(db, [category], locale))[0] ?? null) : null;
  });
}

async function readCategoryBySlug(db: DB, slug: string): Promise<CategoryView | null> {
  const row = await db
    .selectFrom("categories")
    .select(["id", "name", "slug", "parent_id as parentId", "sort_order as sortOrder", "is_active as isActive", "product_count as productCount"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? { ...row, isActive: row.isActive === 1 } : null;
}

/** The chain from the top-level category down to this one (for breadcrumbs), named in the page's language. */
export function getCategoryChain(db: DB, categoryId: number, locale: Locale = "en"): Promise<CategoryRef[]> {
  return cachedRead(db, `category-chain:${locale}:${categoryId}`, async () => localizeCategories(db, await readCategoryChain(db, categoryId), locale));
}

async function readCategoryChain(db: DB, categoryId: number): Promise<CategoryRef[]> {
  const chain: CategoryRef[] = [];
  let id: number | null = categoryId;
  for (let depth = 0; id !== null && depth < 10; depth++) {
    const row: { id: number; name: string; slug: string; parentId: number | null } | undefined = await db
      .selectFrom("categories")
      .select(["id", "name", "slug", "parent_id as parentId"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) break;
    chain.unshift({ id: row.id, name: row.name, slug: row.slug });
    id = row.parentId;
  }
  return chain;
}

export async function getCategoryDescriptions(db: DB): Promise<Record<string, string>> {
  const rows = await db.selectFrom("category_descriptions").select(["category_name as name", "description"]).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.description]));
}

/** The note of the most specific of these categories that has one (through the exact read cache). */
export function getCategoryDescription(db: DB, names: string[]): Promise<string | null> {
  if (names.length === 0) return Promise.resolve(null);
  return cachedRead(db, `category-note:${JSON.stringify(names)}`, () => readCategoryDescription(db, names));
}

/**
 * A Polish page's category note: the Polish description of the most specific of these categories
 * that has one; else the English note (`lang: "en"`), or null.
 */
export function getLocalizedCategoryNote(db: DB, categories: CategoryRef[], locale: Locale): Promise<{ text: string; lang?: "en" } | null> {
  const key = `category-note:${locale}:${categories.map((c) => c.id).join(",")}`;
  return cachedRead(db, key, async () => {
    if (locale !== "en") {
      const texts = await readCategoryTranslations(
        db,
        categories.map((c) => c.id),
      );
      for (const c of [...categories].reverse()) {
        const description = texts.get(c.id)?.description;
        if (description) return { text: description };
      }
    }
    // The English notes are keyed by the English names.
    const english = await englishNames(db, categories);
    const note = await getCategoryDescription(db, english);
    return note === null ? null : locale === "en" ? { text: note } : { text: note, lang: "en" as const };
  });
}

/** The categories' English names (a Polish read's names are Polish). */
async function englishNames(db: DB, categories: CategoryRef[]): Promise<string[]> {
  if (categories.length === 0) return [];
  const rows = await db
    .selectFrom("categories")
    .select(["id", "name"])
    .where(
      "id",
      "in",
      categories.map((c) => c.id),
    )
    .execute();
  return categories.flatMap((c) => rows.filter((r) => r.id === c.id).map((r) => r.name));
}

async function readCategoryDescription(db: DB, names: string[]): Promise<string | null> {
  const rows = await db.selectFrom("category_descriptions").select(["category_name as name", "description"]).where("category_name", "in", names).execute();
  // The most specific category (last in the list) wins.
  for (const name of [...names].reverse()) {
    const hit = rows.find((r) => r.name === name);
    if (hit) return hit.description;
  }
  return null;
}

/** Recomputes categories.product_count from product_categories, touching only rows that differ. */
export const RECALCULATE_CATEGORY_COUNTS_SQL = `
  UPDATE categories SET product_count = (
    SELECT count(*) FROM product_categories pc WHERE pc.category_id = categories.id
  ) WHERE product_count != (
    SELECT count(*) FROM product_categories pc WHERE pc.category_id = categories.id
  )`;

/** Recounts products per category from the link table; returns how many categories changed. */
export async function recalculateCategoryCounts(db: DB): Promise<number> {
  const result = await sql.raw(RECALCULATE_CATEGORY_COUNTS_SQL).execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function listColors(db: DB): Promise<{ id: number; name: string; hex: string }[]> {
  return db.selectFrom("colors").select(["id", "name", "hex"]).orderBy("id").execute();
}
