import { type Locale } from "~/i18n/locales";
import {
  type CategoryTexts,
  type CategoryTextField,
  type CategoryTranslationInput,
  EMPTY_CATEGORY_TEXTS,
  EMPTY_PRODUCT_TEXTS,
  type ProductTexts,
  type ProductTextField,
  type ProductTranslationInput,
  type TextLocale,
} from "~/domain/catalogue/translations";
import { type CategoryRef, type ProductCard } from "~/domain/catalogue/types";
import { type DB } from "~/lib/sqlite.server";

// The owner's Polish texts: written with a product or category save, and laid over the English
// catalogue reads for a Polish page or `?locale=pl`. An empty Polish text falls back to the
// English one, and the field is listed in `fallback` so the page can mark it lang="en".

/** What a product's or category's read answers: its texts in every other language (empty when not written). */
export interface ProductTranslations {
  pl: ProductTexts;
}
export interface CategoryTranslations {
  pl: CategoryTexts;
}

/** A read in this language needs the translations laid over it. */
export function isTranslated(locale: Locale | undefined): locale is TextLocale {
  return locale !== undefined && locale !== "en";
}

export async function readProductTranslations(db: DB, productId: number): Promise<ProductTranslations> {
  const row = await db
    .selectFrom("product_translations")
    .select(["title", "description", "materials", "safety_notice as safetyNotice"])
    .where("product_id", "=", productId)
    .where("locale", "=", "pl")
    .executeTakeFirst();
  return { pl: row ?? { ...EMPTY_PRODUCT_TEXTS } };
}

/**
 * Writes a product's Polish texts inside the save's transaction. `undefined` (left out of the
 * payload) keeps what is stored; inside `pl`, a field left out keeps its stored text and "" or
 * null empties it. A row whose every text is empty is deleted.
 */
export async function writeProductTranslations(trx: DB, productId: number, translations: { pl?: ProductTranslationInput } | undefined): Promise<void> {
  const pl = translations?.pl;
  if (!pl) return;
  const stored = (await readProductTranslations(trx, productId)).pl;
  const next: ProductTexts = {
    title: pl.title === undefined ? stored.title : (pl.title ?? ""),
    description: pl.description === undefined ? stored.description : (pl.description ?? ""),
    materials: pl.materials === undefined ? stored.materials : (pl.materials ?? ""),
    safetyNotice: pl.safetyNotice === undefined ? stored.safetyNotice : (pl.safetyNotice ?? ""),
  };
  if (Object.values(next).every((v) => v === "")) {
    await trx.deleteFrom("product_translations").where("product_id", "=", productId).where("locale", "=", "pl").execute();
    return;
  }
  const values = { title: next.title, description: next.description, materials: next.materials, safety_notice: next.safetyNotice };
  await trx
    .insertInto("product_translations")
    .values({ product_id: productId, locale: "pl", ...values })
    .onConflict((oc) => oc.columns(["product_id", "locale"]).doUpdateSet(values))
    .execute();
}

/** The products' titles in a language, by id: only those written (an empty one is not). */
export async function readProductTitles(db: DB, ids: number[], locale: TextLocale): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_translations")
    .select(["product_id as id", "title"])
    .where("locale", "=", locale)
    .where("product_id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.filter((r) => r.title).map((r) => [r.id, r.title]));
}

/** The categories' names in a language, by slug (for views that carry no id): only those written. */
export async function readCategoryNamesBySlug(db: DB, slugs: string[], locale: TextLocale): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom("category_translations as ct")
    .innerJoin("categories as c", "c.id", "ct.category_id")
    .select(["c.slug", "ct.name"])
    .where("ct.locale", "=", locale)
    .where("c.slug", "in", [...new Set(slugs)])
    .execute();
  return new Map(rows.filter((r) => r.name).map((r) => [r.slug, r.name]));
}

/** The categories' Polish texts by id (only those that have a row). */
export async function readCategoryTranslations(db: DB, ids: number[]): Promise<Map<number, CategoryTexts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("category_translations")
    .select(["category_id as id", "name", "description"])
    .where("locale", "=", "pl")
    .where("category_id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, description: r.description }]));
}

export async function readCategoryTranslation(db: DB, id: number): Promise<CategoryTranslations> {
  return { pl: (await readCategoryTranslations(db, [id])).get(id) ?? { ...EMPTY_CATEGORY_TEXTS } };
}

/** As writeProductTranslations, for a category. */
export async function writeCategoryTranslations(trx: DB, categoryId: number, translations: { pl?: CategoryTranslationInput } | undefined): Promise<void> {
  const pl = translations?.pl;
  if (!pl) return;
  const stored = (await readCategoryTranslation(trx, categoryId)).pl;
  const next: CategoryTexts = {
    name: pl.name === undefined ? stored.name : (pl.name ?? ""),
    description: pl.description === undefined ? stored.description : (pl.description ?? ""),
  };
  if (next.name === "" && next.description === "") {
    await trx.deleteFrom("category_translations").where("category_id", "=", categoryId).where("locale", "=", "pl").execute();
    return;
  }
  await trx
    .insertInto("category_translations")
    .values({ category_id: categoryId, locale: "pl", ...next })
    .onConflict((oc) => oc.columns(["category_id", "locale"]).doUpdateSet(next))
    .execute();
}

/** A text in the page's language, or the English one with its field noted as a fallback. */
function pick<F extends string>(own: string | undefined, english: string, field: F, fallback: F[]): string {
  if (own) return own;
  if (english) fallback.push(field);
  return english;
}

/** A category (reference, view or menu entry) with its Polish name; `fallback: ["name"]` when it has none. */
export function localizeCategory<T extends { id: number; name: string }>(
  category: T,
  texts: Map<number, CategoryTexts>,
): T & { fallback?: CategoryTextField[] } {
  const fallback: CategoryTextField[] = [];
  const name = pick(texts.get(category.id)?.name, category.name, "name", fallback);
  return { ...category, name, ...(fallback.length ? { fallback } : {}) };
}

/** Categories in the page's language (new objects: cached English values are never changed). */
export async function localizeCategories<T extends { id: number; name: string }>(
  db: DB,
  categories: T[],
  locale: Locale,
): Promise<(T & { fallback?: CategoryTextField[] })[]> {
  if (!isTranslated(locale) || categories.length === 0) return categories;
  const texts = await readCategoryTranslations(
    db,
    categories.map((c) => c.id),
  );
  return categories.map((c) => localizeCategory(c, texts));
}

type Localizable = ProductCard & { description?: string };

/**
 * Product cards or details in the page's language: the Polish title, description, materials and
 * safety notice where written, else the English ones listed in `fallback`; the categories' Polish
 * names; `locale` set. Photos without their own alt text (which show the title) show the Polish title.
 */
export async function localizeProducts<T extends Localizable>(db: DB, products: T[], locale: Locale): Promise<T[]> {
  if (!isTranslated(locale) || products.length === 0) return products;
  const [rows, categoryTexts] = await Promise.all([
    db
      .selectFrom("product_translations")
      .select(["product_id as id", "title", "description", "materials", "safety_notice as safetyNotice"])
      .where("locale", "=", locale)
      .where(
        "product_id",
        "in",
        products.map((p) => p.id),
      )
      .execute(),
    readCategoryTranslations(
      db,
      products.flatMap((p) => p.categories.map((c) => c.id)),
    ),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return products.map((product) => {
    const own = byId.get(product.id);
    const fallback: ProductTextField[] = [];
    const title = pick(own?.title, product.title, "title", fallback);
    const description = product.description === undefined ? undefined : pick(own?.description, product.description, "description", fallback);
    const localized: T = {
      ...product,
      title,
      ...(description === undefined ? {} : { description }),
      materials: pick(own?.materials, product.materials, "materials", fallback),
      safetyNotice: pick(own?.safetyNotice, product.safetyNotice, "safetyNotice", fallback),
      images: product.images.map((i) => (i.altText === product.title && own?.title ? { ...i, altText: title } : i)),
      category: product.category ? localizeCategory(product.category, categoryTexts) : null,
      categories: product.categories.map((c): CategoryRef => localizeCategory(c, categoryTexts)),
      locale,
      fallback,
    };
    return localized;
  });
}
