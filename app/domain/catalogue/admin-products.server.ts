import { sql } from "kysely";
import { type ProductTranslations, readProductTranslations } from "~/domain/catalogue/translations.server";
import { type LatestFilter, type StatusFilter, type StockFilter } from "~/domain/catalogue/product-texts";
import { getLegalSettings } from "~/domain/common/settings.server";
import { getCustomsSettings } from "~/domain/customs/settings.server";
import { shownSafetyNotice, skuOf } from "~/domain/legal/product-safety";
import { thumbUrl } from "~/lib/images";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

// What the admin reads about products: the Products tab's list, the editor's product, its
// category options and upload previews. The writes are in products-write.server.ts.

export interface AdminProductFilter {
  stock?: StockFilter;
  categoryId?: number | null;
  latest?: LatestFilter;
  status?: StatusFilter;
  limit: number;
  offset?: number;
}

/** One row of the Products tab and of GET /api/admin/products. */
export interface AdminProductRow {
  id: number;
  title: string;
  slug: string;
  sku: string;
  materials: string;
  /** The product's own notice, else the store's default: never empty. */
  safetyNotice: string;
  price: string;
  /** Derived total stock (colours, else variations, else own stock). */
  stock: number;
  hasColorVariations: boolean;
  hasVariations: boolean;
  isLarge: boolean;
  isLatestCollection: boolean;
  /** Active when the derived stock is above 0. */
  isActive: boolean;
  imageUrl: string | null;
  thumbUrl: string;
  categories: number[];
  createdAt: string;
}

/** Admin list, newest first, with the four filters of the Products tab; `total` counts every match. */
export async function listAdminProducts(db: DB, filter: AdminProductFilter): Promise<{ products: AdminProductRow[]; total: number }> {
  const limit = Math.max(0, Math.min(filter.limit, 1000));
  let query = db.selectFrom("products as p");
  if (filter.stock === "in-stock" || filter.status === "active") query = query.where("p.total_stock", ">", 0);
  if (filter.stock === "sold-out" || filter.status === "inactive") query = query.where("p.total_stock", "<=", 0);
  if (filter.latest === "latest") query = query.where("p.is_latest_collection", "=", 1);
  if (filter.latest === "not-latest") query = query.where("p.is_latest_collection", "=", 0);
  if (filter.categoryId) {
    const categoryId = filter.categoryId;
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("product_categories as pc").select("pc.product_id").whereRef("pc.product_id", "=", "p.id").where("pc.category_id", "=", categoryId)),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        "p.id",
        "p.title",
        "p.slug",
        "p.sku",
        "p.materials",
        "p.safety_notice as safetyNotice",
        "p.price_cents as priceCents",
        "p.total_stock as stock",
        "p.has_color_variations as hasColorVariations",
        "p.has_variations as hasVariations",
        "p.is_large as isLarge",
        "p.is_latest_collection as isLatestCollection",
        "p.created_at as createdAt",
        (eb) =>
          eb
            .selectFrom("product_images as pi")
            .select("pi.image_url")
            .whereRef("pi.product_id", "=", "p.id")
            .orderBy("pi.is_primary", "desc")
            .orderBy("pi.sort_order")
            .orderBy("pi.id")
            .limit(1)
            .as("imageUrl"),
      ])
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(limit)
      .offset(Math.max(0, filter.offset ?? 0))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const { safetyNotice: storeNotice } = await getLegalSettings(db);
  const links = ids.length
    ? await db.selectFrom("product_categories").select(["product_id as productId", "category_id as categoryId"]).where("product_id", "in", ids).execute()
    : [];
  const products = rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    sku: skuOf(r.sku, r.id),
    materials: r.materials,
    safetyNotice: shownSafetyNotice(r.safetyNotice, storeNotice),
    price: centsToDecimal(r.priceCents),
    stock: r.stock,
    hasColorVariations: r.hasColorVariations === 1,
    hasVariations: r.hasVariations === 1,
    isLarge: r.isLarge === 1,
    isLatestCollection: r.isLatestCollection === 1,
    isActive: r.stock > 0,
    imageUrl: r.imageUrl ?? null,
    thumbUrl: thumbUrl(r.imageUrl),
    categories: links.filter((l) => l.productId === r.id).map((l) => l.categoryId),
    createdAt: r.createdAt,
  }));
  return { products, total: Number(count.n) };
}

/** The whole product as the editor and GET /api/admin/products/{id} show it. */
export interface AdminProduct {
  id: number;
  title: string;
  slug: string;
  sku: string;
  materials: string;
  /** The product's own notice, else the store's default: never empty. */
  safetyNotice: string;
  /** True when the product has no notice of its own (the editor then leaves its field empty). */
  usesDefaultSafetyNotice: boolean;
  /** Net weight in grams; null: not recorded. */
  weightGrams: number | null;
  /** The product's own HS code, origin and customs description, else the Settings' defaults: never empty. */
  hsCode: string;
  originCountry: string;
  customsDescription: string;
  /** Which of the three follow the Settings' defaults (the editor then leaves their fields empty). */
  usesDefaultCustoms: { hsCode: boolean; originCountry: boolean; customsDescription: boolean };
  description: string;
  price: string;
  /** The owner's reduction: the price before it, shown struck through; null when not reduced. */
  regularPrice: string | null;
  /** The product's own stock (used when it has no colours or variations). */
  stock: number;
  totalStock: number;
  isLarge: boolean;
  isLatestCollection: boolean;
  hasColorVariations: boolean;
  hasVariations: boolean;
  madeToOrder: boolean;
  /** Days; 0 for a product that never was made to order. */
  leadTimeDays: number;
  /** The most made-to-order pieces open at once; null: no cap. */
  madeToOrderCap: number | null;
  isPersonalised: boolean;
  images: {
    id: number;
    imageUrl: string;
    thumbUrl: string;
    isPrimary: boolean;
    /** The colour the photo shows; null: every colour. */
    colorId: number | null;
    width: number | null;
    height: number | null;
  }[];
  categories: number[];
  colorVariations: {
    colorId: number;
    name: string;
    hex: string;
    stock: number;
  }[];
  productVariations: {
    variationCode: string;
    variationName: string;
    stock: number;
  }[];
  /** The owner's Polish texts; an empty one: the English text is shown. */
  translations: ProductTranslations;
}

export async function getAdminProduct(db: DB, id: number): Promise<AdminProduct | null> {
  const row = await db
    .selectFrom("products")
    .select([
      "id",
      "title",
      "slug",
      "sku",
      "materials",
      "safety_notice as safetyNotice",
      "description",
      "price_cents as priceCents",
      "regular_price_cents as regularPriceCents",
      "stock",
      "total_stock as totalStock",
      "is_large as isLarge",
      "is_latest_collection as isLatestCollection",
      "has_color_variations as hasColorVariations",
      "has_variations as hasVariations",
      "made_to_order as madeToOrder",
      "lead_time_days as leadTimeDays",
      "made_to_order_cap as madeToOrderCap",
      "is_personalised as isPersonalised",
      "weight_grams as weightGrams",
      "hs_code as hsCode",
      "origin_country as originCountry",
      "customs_description as customsDescription",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const [images, categories, colors, variations, legal, customs, translations] = await Promise.all([
    db
      .selectFrom("product_images")
      .select(["id", "image_url as imageUrl", "is_primary as isPrimary", "color_id as colorId", "width", "height"])
      .where("product_id", "=", id)
      .orderBy("is_primary", "desc")
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
    db.selectFrom("product_categories").select("category_id as categoryId").where("product_id", "=", id).orderBy("category_id").execute(),
    db
      .selectFrom("product_colors as pc")
      .innerJoin("colors as c", "c.id", "pc.color_id")
      .select(["pc.color_id as colorId", "c.name", "c.hex", "pc.stock"])
      .where("pc.product_id", "=", id)
      .orderBy("c.id")
      .execute(),
    db
      .selectFrom("product_variations")
      .select(["variation_code as variationCode", "variation_name as variationName", "stock"])
      .where("product_id", "=", id)
      .orderBy("variation_code")
      .execute(),
    getLegalSettings(db),
    getCustomsSettings(db),
    readProductTranslations(db, id),
  ]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    sku: skuOf(row.sku, row.id),
    materials: row.materials,
    safetyNotice: shownSafetyNotice(row.safetyNotice, legal.safetyNotice),
    usesDefaultSafetyNotice: !row.safetyNotice?.trim(),
    weightGrams: row.weightGrams,
    hsCode: row.hsCode ?? customs.hsCode,
    originCountry: row.originCountry ?? customs.originCountry,
    customsDescription: row.customsDescription ?? customs.customsDescription,
    usesDefaultCustoms: { hsCode: row.hsCode === null, originCountry: row.originCountry === null, customsDescription: row.customsDescription === null },
    description: row.description,
    price: centsToDecimal(row.priceCents),
    regularPrice: row.regularPriceCents === null ? null : centsToDecimal(row.regularPriceCents),
    stock: row.stock,
    totalStock: row.totalStock,
    isLarge: row.isLarge === 1,
    isLatestCollection: row.isLatestCollection === 1,
    hasColorVariations: row.hasColorVariations === 1,
    hasVariations: row.hasVariations === 1,
    madeToOrder: row.madeToOrder === 1,
    leadTimeDays: row.leadTimeDays,
    madeToOrderCap: row.madeToOrderCap,
    isPersonalised: row.isPersonalised === 1,
    images: images.map((i) => ({
      ...i,
      thumbUrl: thumbUrl(i.imageUrl),
      isPrimary: i.isPrimary === 1,
    })),
    categories: categories.map((c) => c.categoryId),
    colorVariations: colors,
    productVariations: variations,
    translations,
  };
}

/** Temporary uploads (the uploads table) by id, for the editor's previews; unknown ids are left out. */
export async function listTempUploads(db: DB, ids: string[]): Promise<{ id: string; url: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("uploads").select(["id", "url"]).where("id", "in", ids).execute();
}

/** The product's title by id (the no-JavaScript delete confirmation). */
export async function getProductTitle(db: DB, id: number): Promise<{ id: number; title: string; slug: string } | null> {
  return (await db.selectFrom("products").select(["id", "title", "slug"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Categories for the filter and the editor, parents first, each with its parent's id and a 'Parent → Child' label. */
export async function listCategoryOptions(db: DB): Promise<{ id: number; name: string; parentId: number | null; label: string }[]> {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("categories as p", "p.id", "c.parent_id")
    .select(["c.id", "c.name", "c.parent_id as parentId", "p.name as parentName"])
    .orderBy(sql`coalesce(p.sort_order, c.sort_order)`)
    .orderBy(sql`coalesce(p.name, c.name)`)
    .orderBy(sql`c.parent_id IS NOT NULL`)
    .orderBy("c.sort_order")
    .orderBy("c.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parentId,
    label: r.parentName ? `${r.parentName} → ${r.name}` : r.name,
  }));
}
