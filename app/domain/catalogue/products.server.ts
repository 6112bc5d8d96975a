import { sql } from "kysely";
import { getCategoryBySlug } from "~/domain/catalogue/categories.server";
import { type CatalogueFilters, filterKey, isRefined } from "~/domain/catalogue/catalogue-filters";
import { filteredIds, filteredTotal, knownFilters, type ListBase } from "~/domain/catalogue/filtered-list.server";
import { madeToOrderRooms } from "~/domain/catalogue/made-to-order.server";
import { foldPolish, toFtsQuery } from "~/domain/catalogue/search";
import { correctSearch, type SearchCorrection, type SearchIndex } from "~/domain/catalogue/search.server";
import { isTranslated, localizeProducts } from "~/domain/catalogue/translations.server";
import { type Locale } from "~/i18n/locales";
import { getLegalSettings } from "~/domain/common/settings.server";
import { getCustomsSettings } from "~/domain/customs/settings.server";
import { shownSafetyNotice, skuOf } from "~/domain/legal/product-safety";
import { type CategoryRef, type ColorOption, type ImageView, type ProductCard, type ProductDetail, type VariationOption } from "~/domain/catalogue/types";
import { thumbUrl } from "~/lib/images";
import { centsToDecimal } from "~/lib/money";
import { cachedRead } from "~/lib/read-cache.server";
import { reductionView } from "~/domain/catalogue/prior-price";
import { readReductions, reductionValidity } from "~/domain/catalogue/prior-price.server";
import { type DB } from "~/lib/sqlite.server";

export interface ProductFilter {
  categoryId?: number | null;
  search?: string | null;
  /** Search the words exactly as typed: no correction of words that match nothing. */
  exact?: boolean;
  /** First row to return (0-based). */
  offset: number;
  limit: number;
  /** The sort and filters (catalogue-filters.ts); left out: newest first, unfiltered. */
  filters?: CatalogueFilters;
}

const RANKED_SEARCH_LIMIT = 2000;

const productColumns = [
  "products.id",
  "products.title",
  "products.slug",
  "products.price_cents as priceCents",
  "products.regular_price_cents as regularPriceCents",
  "products.total_stock as stock",
  "products.is_large as isLarge",
  "products.is_latest_collection as isLatestCollection",
  "products.has_color_variations as hasColorVariations",
  "products.has_variations as hasVariations",
  "products.sku",
  "products.materials",
  "products.safety_notice as safetyNotice",
  "products.review_count as reviewCount",
  "products.rating_sum as ratingSum",
  "products.made_to_order as madeToOrder",
  "products.lead_time_days as leadTimeDays",
  "products.is_personalised as isPersonalised",
] as const;

type ProductRow = {
  id: number;
  title: string;
  slug: string;
  priceCents: number;
  regularPriceCents: number | null;
  stock: number;
  isLarge: number;
  isLatestCollection: number;
  hasColorVariations: number;
  hasVariations: number;
  sku: string | null;
  materials: string;
  safetyNotice: string | null;
  reviewCount: number;
  ratingSum: number;
  madeToOrder: number;
  leadTimeDays: number;
  isPersonalised: number;
};

export interface ProductList {
  products: ProductCard[];
  total: number;
  /**
   * Set when the search as typed matched nothing and some of its words were corrected from the
   * catalogue's vocabulary: the products are those of `query` (the corrected words).
   */
  correction?: { query: string; corrections: SearchCorrection[] };
  /** What the list was drawn from before its filters: what its facet counts are taken over. */
  base?: ListBase;
}

/**
 * A page of products: by search (FTS5 over title, description and category and colour names, stemmed; ranked, or newest
 * first for very common words; corrected when nothing matches, unless `exact`), by category, or
 * all, newest first. Search overrides the category filter, as the spec says. In Polish (`locale`
 * "pl") the texts are the owner's Polish ones where written, and search looks in the Polish index
 * first (its words without diacritics), then in the English one. Read through the exact read
 * cache (app/lib/read-cache.server.ts), one entry per language; the products' reductions at `now`
 * are part of it, so the key names when the next public code's period starts or ends.
 */
export async function listProducts(db: DB, filter: ProductFilter, locale: Locale = "en", now = new Date()): Promise<ProductList> {
  const filters = filter.filters ? await knownFilters(db, filter.filters) : undefined;
  const known = { ...filter, filters };
  const key = `products:${locale}:${filter.search?.trim() ?? ""}:${filter.exact ? 1 : 0}:${filter.categoryId ?? ""}:${filter.offset}:${filter.limit}`;
  const filtersKey = filters && isRefined(filters) ? filterKey(filters) : "";
  return cachedRead(db, `${key}:${filtersKey}:${await reductionValidity(db, now)}`, () => readProducts(db, known, locale, now));
}

/** listProducts without the cache: what the benchmark times in-process (correction included). */
export async function readProducts(db: DB, filter: ProductFilter, locale: Locale = "en", now = new Date()): Promise<ProductList> {
  const list = await readProductsInEnglish(db, filter, locale, now);
  return isTranslated(locale) ? { ...list, products: await localizeProducts(db, list.products, locale) } : list;
}

async function readProductsInEnglish(db: DB, filter: ProductFilter, locale: Locale, now: Date): Promise<ProductList> {
  const searchText = filter.search?.trim();
  if (!searchText) {
    const base: ListBase = { categoryId: filter.categoryId ?? null, fts: null };
    return filter.filters && isRefined(filter.filters) ? readFiltered(db, base, filter, now) : { ...(await readUnsearched(db, filter, now)), base };
  }
  const found = await readSearchIn(db, searchText, filter, locale, now);
  if (found.total > 0 || filter.exact) return found;
  const correction = await correctSearch(db, searchText, locale);
  if (!correction) return found;
  const corrected = await readSearchIn(db, correction.query, filter, locale, now);
  return corrected.total > 0 ? { ...corrected, correction } : found;
}

/** A Polish page's search finds Polish texts first; a query none of them match looks in English. */
async function readSearchIn(db: DB, searchText: string, filter: ProductFilter, locale: Locale, now: Date): Promise<ProductList> {
  if (isTranslated(locale)) {
    const polish = await readSearch(db, foldPolish(searchText), filter, "products_fts_pl", now);
    if (polish.total > 0) return polish;
  }
  return readSearch(db, searchText, filter, "products_fts", now);
}

async function readSearch(db: DB, searchText: string, filter: ProductFilter, index: SearchIndex, now: Date): Promise<ProductList> {
  const limit = Math.max(0, Math.min(filter.limit, 1000));
  const offset = Math.max(0, filter.offset);
  const match = toFtsQuery(searchText);
  if (!match) return { products: [], total: 0 };
  const base: ListBase = { categoryId: null, fts: { index, match } };
  if (filter.filters && isRefined(filter.filters)) return readFiltered(db, base, filter, now);
  // Both indexes have the same shape (rowid = product id, rank): typed as the English one.
  const fts = index as "products_fts";
  const matches = sql<boolean>`${sql.table(index)} MATCH ${match}`;
  const count = await db
    .selectFrom(fts)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(matches)
    .executeTakeFirstOrThrow();
  // Ranking every match is costly for very common words: past a few thousand
  // matches, newest first is as useful to a shopper and stays fast.
  const byRank = Number(count.n) <= RANKED_SEARCH_LIMIT;
  const matched = db
    .selectFrom(fts)
    .innerJoin("products", (join) => join.on(sql<boolean>`products.id = ${sql.ref(`${index}.rowid`)}`))
    .select(productColumns)
    .where(matches);
  const ordered = byRank ? matched.orderBy(sql.ref(`${index}.rank`)).orderBy("products.id", "desc") : matched.orderBy(sql.ref(`${index}.rowid`), "desc");
  const rows = await ordered.limit(limit).offset(offset).execute();
  return { products: await toCards(db, rows, now), total: Number(count.n), base };
}

/** A sorted or filtered list: the page's ids by the filters' query, then their cards in that order. */
async function readFiltered(db: DB, base: ListBase, filter: ProductFilter, now: Date): Promise<ProductList> {
  const filters = filter.filters!;
  const limit = Math.max(0, Math.min(filter.limit, 1000));
  const offset = Math.max(0, filter.offset);
  const [ids, total] = await Promise.all([filteredIds(db, base, filters, offset, limit), filteredTotal(db, base, filters)]);
  if (ids.length === 0) return { products: [], total, base };
  const rows = await db.selectFrom("products").select(productColumns).where("products.id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined);
  return { products: await toCards(db, ordered, now), total, base };
}

async function readUnsearched(db: DB, filter: ProductFilter, now: Date): Promise<ProductList> {
  const limit = Math.max(0, Math.min(filter.limit, 1000));
  const offset = Math.max(0, filter.offset);
  if (filter.categoryId != null) {
    const categoryId = filter.categoryId;
    const [rows, count] = await Promise.all([
      db
        .selectFrom("product_categories")
        .innerJoin("products", "products.id", "product_categories.product_id")
        .select(productColumns)
        .where("product_categories.category_id", "=", categoryId)
        .orderBy("product_categories.product_id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom("product_categories")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("category_id", "=", categoryId)
        .executeTakeFirstOrThrow(),
    ]);
    return { products: await toCards(db, rows, now), total: Number(count.n) };
  }
  const [rows, count] = await Promise.all([
    db.selectFrom("products").select(productColumns).orderBy("products.id", "desc").limit(limit).offset(offset).execute(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { products: await toCards(db, rows, now), total: Number(count.n) };
}

export async function listProductsInCategorySlug(db: DB, slug: string, offset: number, limit: number, locale: Locale = "en", now = new Date()) {
  const category = await getCategoryBySlug(db, slug, locale);
  if (!category) return null;
  return { category, ...(await listProducts(db, { categoryId: category.id, offset, limit }, locale, now)) };
}

export async function listLatestCollection(db: DB, limit = 12, locale: Locale = "en", now = new Date()): Promise<ProductCard[]> {
  return cachedRead(db, `latest:${locale}:${limit}:${await reductionValidity(db, now)}`, async () =>
    localizeProducts(db, await readLatestCollection(db, limit, now), locale),
  );
}

async function readLatestCollection(db: DB, limit: number, now: Date): Promise<ProductCard[]> {
  const rows = await db
    .selectFrom("products")
    .select(productColumns)
    .where("products.is_latest_collection", "=", 1)
    .orderBy("products.created_at", "desc")
    .orderBy("products.id", "desc")
    .limit(limit)
    .execute();
  return toCards(db, rows, now);
}

/** Up to `limit` products sharing the product's main category, without the product itself. */
export async function listRelatedProducts(
  db: DB,
  productId: number,
  categoryId: number | null,
  limit = 4,
  locale: Locale = "en",
  now = new Date(),
): Promise<ProductCard[]> {
  if (categoryId === null) return [];
  return cachedRead(db, `related:${locale}:${productId}:${categoryId}:${limit}:${await reductionValidity(db, now)}`, async () =>
    localizeProducts(db, await readRelatedProducts(db, productId, categoryId, limit, now), locale),
  );
}

async function readRelatedProducts(db: DB, productId: number, categoryId: number, limit: number, now: Date): Promise<ProductCard[]> {
  const rows = await db
    .selectFrom("product_categories")
    .innerJoin("products", "products.id", "product_categories.product_id")
    .select(productColumns)
    .where("product_categories.category_id", "=", categoryId)
    .where("products.id", "!=", productId)
    .orderBy("product_categories.product_id", "desc")
    .limit(limit)
    .execute();
  return toCards(db, rows, now);
}

export async function getProductIdBySlug(db: DB, slug: string): Promise<number | null> {
  const row = await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id ?? null;
}

/** The product page's product in the page's language with its reduction at `now`, read through the exact read cache. */
export async function getProductBySlug(db: DB, slug: string, locale: Locale = "en", now = new Date()): Promise<ProductDetail | null> {
  return cachedRead(db, `product:${locale}:${slug}:${await reductionValidity(db, now)}`, async () => {
    const id = await getProductIdBySlug(db, slug);
    const product = id === null ? null : await getProductById(db, id, now);
    return product && isTranslated(locale) ? ((await localizeProducts(db, [product], locale))[0] ?? null) : product;
  });
}

export async function getProductById(db: DB, id: number, now = new Date()): Promise<ProductDetail | null> {
  const row = await db
    .selectFrom("products")
    .select([
      ...productColumns,
      "products.description",
      "products.created_at as createdAt",
      "products.weight_grams as weightGrams",
      "products.hs_code as hsCode",
      "products.origin_country as originCountry",
      "products.customs_description as customsDescription",
    ])
    .where("products.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const [card] = await toCards(db, [row], now, { allImages: true });
  const [colors, variations, customs] = await Promise.all([
    row.hasColorVariations ? listProductColors(db, id) : [],
    row.hasVariations ? listProductVariations(db, id) : [],
    getCustomsSettings(db),
  ]);
  return {
    ...card!,
    description: row.description,
    categoryId: card!.category?.id ?? null,
    colors,
    variations,
    createdAt: row.createdAt,
    weightGrams: row.weightGrams,
    hsCode: row.hsCode ?? customs.hsCode,
    originCountry: row.originCountry ?? customs.originCountry,
    customsDescription: row.customsDescription ?? customs.customsDescription,
  };
}

export async function listProductColors(db: DB, productId: number): Promise<ColorOption[]> {
  return db
    .selectFrom("product_colors")
    .innerJoin("colors", "colors.id", "product_colors.color_id")
    .select(["colors.id as colorId", "colors.name", "colors.hex", "product_colors.stock"])
    .where("product_colors.product_id", "=", productId)
    .orderBy("colors.id")
    .execute();
}

export async function listProductVariations(db: DB, productId: number): Promise<VariationOption[]> {
  return db
    .selectFrom("product_variations")
    .select(["variation_code as variationCode", "variation_name as variationName", "stock"])
    .where("product_id", "=", productId)
    .orderBy("variation_code")
    .execute();
}

/** Adds images, categories and reductions at `now` to product rows with batched queries (one each for the page). */
async function toCards(db: DB, rows: ProductRow[], now: Date, opts: { allImages?: boolean } = {}): Promise<ProductCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  let imageQuery = db
    .selectFrom("product_images")
    .select([
      "id",
      "product_id as productId",
      "image_url as imageUrl",
      "alt_text as altText",
      "is_primary as isPrimary",
      "color_id as colorId",
      "width",
      "height",
      "sort_order as sortOrder",
    ])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("is_primary", "desc")
    .orderBy("sort_order")
    .orderBy("id");
  if (!opts.allImages) {
    // Only each product's first image (primary first) for cards.
    imageQuery = imageQuery.where(({ eb, selectFrom }) =>
      eb(
        "id",
        "=",
        selectFrom("product_images as pi")
          .select("pi.id")
          .whereRef("pi.product_id", "=", "product_images.product_id")
          .orderBy("pi.is_primary", "desc")
          .orderBy("pi.sort_order")
          .orderBy("pi.id")
          .limit(1),
      ),
    );
  }
  const [images, links, legal, reductions] = await Promise.all([
    imageQuery.execute(),
    db
      .selectFrom("product_categories")
      .innerJoin("categories", "categories.id", "product_categories.category_id")
      .select(["product_categories.product_id as productId", "categories.id", "categories.name", "categories.slug", "categories.parent_id as parentId"])
      .where("product_categories.product_id", "in", ids)
      .orderBy("categories.sort_order")
      .orderBy("categories.id")
      .execute(),
    // The store's default notice, once per list (itself a cached read).
    getLegalSettings(db),
    readReductions(db, rows, now),
  ]);
  // Made-to-order products whose cap is reached are sold out like any other.
  const rooms = await madeToOrderRooms(
    db,
    rows.filter((r) => r.madeToOrder === 1).map((r) => r.id),
  );
  return rows.map((r) => {
    const own = links.filter((l) => l.productId === r.id);
    const main = own.find((l) => l.parentId !== null) ?? own[0] ?? null;
    const categories: CategoryRef[] = own.map((l) => ({ id: l.id, name: l.name, slug: l.slug }));
    const productImages: ImageView[] = images
      .filter((i) => i.productId === r.id)
      .map((i) => ({
        id: i.id,
        imageUrl: i.imageUrl,
        thumbUrl: thumbUrl(i.imageUrl),
        altText: i.altText || r.title,
        isPrimary: i.isPrimary === 1,
        colorId: i.colorId,
        width: i.width,
        height: i.height,
      }));
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      sku: skuOf(r.sku, r.id),
      materials: r.materials,
      safetyNotice: shownSafetyNotice(r.safetyNotice, legal.safetyNotice),
      price: centsToDecimal(r.priceCents),
      priceCents: r.priceCents,
      ...reductionFields(reductions.get(r.id)),
      stock: r.stock,
      isLarge: r.isLarge === 1,
      isLatestCollection: r.isLatestCollection === 1,
      hasColorVariations: r.hasColorVariations === 1,
      hasVariations: r.hasVariations === 1,
      madeToOrder: r.madeToOrder === 1,
      leadTimeDays: r.leadTimeDays,
      isPersonalised: r.isPersonalised === 1,
      madeToOrderAvailable: r.madeToOrder === 1 && (rooms.get(r.id) ?? 1) > 0,
      category: main ? { id: main.id, name: main.name, slug: main.slug } : null,
      categories,
      images: productImages,
      reviewCount: r.reviewCount,
      ratingSum: r.ratingSum,
    };
  });
}

export async function getProductCardsByIds(db: DB, ids: number[], locale: Locale = "en", now = new Date()): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("products").select(productColumns).where("products.id", "in", ids).execute();
  return localizeProducts(db, await toCards(db, rows, now), locale);
}

/** A card's reduction fields: all three null when it is not reduced. */
function reductionFields(reduction: Parameters<typeof reductionView>[0] | undefined): Pick<ProductCard, "regularPrice" | "lowestPrice30Days" | "reduction"> {
  if (!reduction) return { regularPrice: null, lowestPrice30Days: null, reduction: null };
  const view = reductionView(reduction);
  return { regularPrice: view.regularPrice, lowestPrice30Days: view.lowestPrice30Days, reduction: view };
}

/** The colours and variations a product offers (empty lists when it has none); null for an unknown product. */
export async function getProductOptions(db: DB, id: number): Promise<{ colors: ColorOption[]; variations: VariationOption[] } | null> {
  const product = await db
    .selectFrom("products")
    .select(["has_color_variations as hasColors", "has_variations as hasVariations"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!product) return null;
  const [colors, variations] = await Promise.all([
    product.hasColors ? listProductColors(db, id) : [],
    product.hasVariations ? listProductVariations(db, id) : [],
  ]);
  return { colors, variations };
}
