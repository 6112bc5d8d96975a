import { type Expression, type SqlBool, sql } from "kysely";
import {
  CATALOGUE_SCALES,
  type CatalogueFilters,
  type CatalogueScale,
  type FacetCounts,
  filterKey,
  scaleCategorySlug,
} from "~/domain/catalogue/catalogue-filters";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The SQL of the catalogue's sort and filters (docs/decisions/catalogue-filters.md): the products
 * a list may show (its category or search matches), narrowed by the chosen filters, in the chosen
 * order, and the facet counts: for each filter value, how many products the list would have with
 * that value chosen and the other filters as they are.
 */

/** What a list starts from before any filter: a category's products, a search's matches, or all. */
export interface ListBase {
  categoryId: number | null;
  /** An FTS5 index (rowid = product id) and its MATCH query. */
  fts: { index: "products_fts" | "products_fts_pl"; match: string } | null;
}

/**
 * Above this many products in the list's base, the facet counts are left out: counting walks every
 * product of the base once (about 25 ms per 40 000 on the bench machine, uncached), and a shopper
 * narrowing 40 000 pieces needs the filters, not their counts. The demo shop and any real one of a
 * single maker stay far below it; the 100 000-product bench sits above it on its largest lists.
 */
export const FACET_COUNT_LIMIT = 20_000;

/** Ids of the scale categories (1-4-scale, 1-6-scale), null for one the shop does not have. */
function scaleCategories(db: DB): Promise<Record<CatalogueScale, number | null>> {
  return cachedRead(db, "filters:scales", async () => {
    const rows = await db.selectFrom("categories").select(["id", "slug"]).where("slug", "in", CATALOGUE_SCALES.map(scaleCategorySlug)).execute();
    const out = {} as Record<CatalogueScale, number | null>;
    for (const scale of CATALOGUE_SCALES) out[scale] = rows.find((r) => r.slug === scaleCategorySlug(scale))?.id ?? null;
    return out;
  });
}

/** The palette, so a colour id that names no palette colour is ignored rather than matching nothing. */
export function paletteColors(db: DB): Promise<{ id: number; name: string; hex: string }[]> {
  return cachedRead(db, "filters:palette", () => db.selectFrom("colors").select(["id", "name", "hex"]).orderBy("id").execute());
}

/** The filters with colour ids outside the palette dropped. */
export async function knownFilters(db: DB, filters: CatalogueFilters): Promise<CatalogueFilters> {
  if (filters.colors.length === 0) return filters;
  const palette = new Set((await paletteColors(db)).map((c) => c.id));
  return { ...filters, colors: filters.colors.filter((id) => palette.has(id)) };
}

type Condition = Expression<SqlBool>;
const TRUE: Condition = sql<SqlBool>`1`;
const all = (conditions: Condition[]): Condition => (conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : TRUE);

/**
 * `walk`: the category is checked per row by key instead of listed first: a sorted page walks its
 * sort's index and stops after the page, and a colour's few products drive the query instead of
 * the whole category being listed (docs/decisions/catalogue-filters.md). Otherwise a count starts
 * from the category's own index.
 */
function baseConditions(base: ListBase, walk = false): Condition[] {
  const out: Condition[] = [];
  if (base.categoryId !== null && walk && base.fts === null) {
    out.push(sql<SqlBool>`exists (select 1 from product_categories bc where bc.product_id = products.id and bc.category_id = ${base.categoryId})`);
  } else if (base.categoryId !== null) {
    out.push(sql<SqlBool>`products.id in (select product_id from product_categories where category_id = ${base.categoryId})`);
  }
  if (base.fts) {
    out.push(sql<SqlBool>`products.id in (select rowid from ${sql.table(base.fts.index)} where ${sql.table(base.fts.index)} match ${base.fts.match})`);
  }
  return out;
}

const inScale = (categoryId: number | null): Condition =>
  categoryId === null
    ? sql<SqlBool>`0`
    : sql<SqlBool>`exists (select 1 from product_categories sc where sc.product_id = products.id and sc.category_id = ${categoryId})`;

/** Each chosen filter as a condition on `products`, by facet, so a facet's count can leave its own out. */
interface FilterConditions {
  scale: Condition | null;
  color: Condition | null;
  inStock: Condition | null;
  madeToOrder: Condition | null;
  price: Condition | null;
}

function filterConditions(filters: CatalogueFilters, scales: Record<CatalogueScale, number | null>): FilterConditions {
  const price: Condition[] = [];
  if (filters.minPriceCents !== null) price.push(sql<SqlBool>`products.price_cents >= ${filters.minPriceCents}`);
  if (filters.maxPriceCents !== null) price.push(sql<SqlBool>`products.price_cents <= ${filters.maxPriceCents}`);
  return {
    scale: filters.scale ? inScale(scales[filters.scale]) : null,
    color: filters.colors.length ? sql<SqlBool>`products.id in (select product_id from product_colors where color_id in (${sql.join(filters.colors)}))` : null,
    // products.total_stock: the colours' stock, else the variations', else the product's own (stock.server.ts).
    inStock: filters.inStock ? sql<SqlBool>`products.total_stock > 0` : null,
    madeToOrder: filters.madeToOrder ? sql<SqlBool>`products.made_to_order = 1` : null,
    price: price.length ? all(price) : null,
  };
}

const chosen = (c: FilterConditions, except?: keyof FilterConditions): Condition[] =>
  (Object.keys(c) as (keyof FilterConditions)[]).filter((k) => k !== except && c[k] !== null).map((k) => c[k]!);

/** The order of each sort; every one ends on the id so pages never overlap. Each has its index (migration catalogue_filters). */
function orderBy(sort: CatalogueFilters["sort"]) {
  switch (sort) {
    case "price-asc":
      return sql`products.price_cents asc, products.id asc`;
    case "price-desc":
      return sql`products.price_cents desc, products.id desc`;
    case "rating":
      // The average of approved reviews, best first; unrated pieces last, newest first among equals.
      return sql`(products.review_count = 0) asc, (products.rating_sum * 1.0 / products.review_count) desc, products.review_count desc, products.id desc`;
    default:
      return sql`products.id desc`;
  }
}

/** The ids of one page of the filtered, sorted list. */
export async function filteredIds(db: DB, base: ListBase, filters: CatalogueFilters, offset: number, limit: number): Promise<number[]> {
  const conditions = filterConditions(filters, await scaleCategories(db));
  const rows = await db
    .selectFrom("products")
    .select("products.id")
    .where(all([...baseConditions(base, filters.sort !== "newest" || filters.colors.length > 0), ...chosen(conditions)]))
    .orderBy(orderBy(filters.sort))
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

/** How many products the base holds before any filter (decides whether facets are counted). */
async function baseSize(db: DB, base: ListBase): Promise<number> {
  // Counted on the category index or the search index alone: no product row is read.
  const counted = base.fts
    ? db
        .selectFrom(base.fts.index as "products_fts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(sql<SqlBool>`${sql.table(base.fts.index)} match ${base.fts.match}`)
    : base.categoryId !== null
      ? db
          .selectFrom("product_categories")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("category_id", "=", base.categoryId)
      : db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n"));
  return Number((await counted.executeTakeFirstOrThrow()).n);
}

/** How many products the filtered list holds. */
export async function filteredTotal(db: DB, base: ListBase, filters: CatalogueFilters): Promise<number> {
  const conditions = filterConditions(filters, await scaleCategories(db));
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(all([...baseConditions(base, filters.colors.length > 0), ...chosen(conditions)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const countIf = (conditions: Condition[]) => sql<number>`coalesce(sum(case when ${all(conditions)} then 1 else 0 end), 0)`;

/**
 * The facet counts of a list, or null above FACET_COUNT_LIMIT: one pass over the base for the
 * scales, in stock and made to order (each counted with every other chosen filter, and the list's
 * total with all of them), and one grouped query for the colours. Read through the exact read
 * cache, keyed by the base and the filters but not the sort or the page, so Load More reuses it.
 */
export function facetCounts(db: DB, base: ListBase, filters: CatalogueFilters): Promise<FacetCounts | null> {
  const key = `facets:${base.categoryId ?? ""}:${base.fts?.index ?? ""}:${base.fts?.match ?? ""}:${filterKey(filters, false)}`;
  return cachedRead(db, key, () => readFacetCounts(db, base, filters));
}

async function readFacetCounts(db: DB, base: ListBase, filters: CatalogueFilters): Promise<FacetCounts | null> {
  if ((await baseSize(db, base)) > FACET_COUNT_LIMIT) return null;
  const scales = await scaleCategories(db);
  const c = filterConditions(filters, scales);
  const where = all(baseConditions(base));
  const [row, colors] = await Promise.all([
    db
      .selectFrom("products")
      .select([
        countIf([...chosen(c, "scale"), inScale(scales["1-4"])]).as("scale14"),
        countIf([...chosen(c, "scale"), inScale(scales["1-6"])]).as("scale16"),
        countIf([...chosen(c, "inStock"), sql<SqlBool>`products.total_stock > 0`]).as("inStock"),
        countIf([...chosen(c, "madeToOrder"), sql<SqlBool>`products.made_to_order = 1`]).as("madeToOrder"),
      ])
      .where(where)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("product_colors")
      .innerJoin("products", "products.id", "product_colors.product_id")
      .select(["product_colors.color_id as colorId", (eb) => eb.fn.countAll<number>().as("n")])
      .where(all([...baseConditions(base), ...chosen(c, "color")]))
      .groupBy("product_colors.color_id")
      .execute(),
  ]);
  return {
    scale: { "1-4": Number(row.scale14), "1-6": Number(row.scale16) },
    colors: Object.fromEntries(colors.map((r) => [r.colorId, Number(r.n)])),
    inStock: Number(row.inStock),
    madeToOrder: Number(row.madeToOrder),
  };
}
