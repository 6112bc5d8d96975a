import { type Actor, diffFields, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { notifyBackInStock } from "~/domain/mail/back-in-stock.server";
import { sql } from "kysely";
import { type CreateProductInput, type UpdateProductInput } from "~/domain/catalogue/product-schemas";
import {
  type LatestFilter,
  normaliseCategories,
  PRODUCT_TEXT,
  type StatusFilter,
  type StockFilter,
  variationCode,
  withOnePrimary,
} from "~/domain/catalogue/product-texts";
import { cleanupUploads, deleteImageFiles, finalizeUploads, findFinalizedImages } from "~/domain/catalogue/image-uploads.server";
import { recalculateCategoryCounts } from "~/domain/catalogue/categories.server";
import { slugify } from "~/domain/catalogue/slug";
import { recomputeTotalStock } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings } from "~/domain/common/settings.server";
import { ownSafetyNotice, SAFETY_TEXT, shownSafetyNotice, skuOf } from "~/domain/legal/product-safety";
import { thumbUrl } from "~/lib/images";
import { centsToDecimal, decimalToCents } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

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
  description: string;
  price: string;
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
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const [images, categories, colors, variations, legal] = await Promise.all([
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
  ]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    sku: skuOf(row.sku, row.id),
    materials: row.materials,
    safetyNotice: shownSafetyNotice(row.safetyNotice, legal.safetyNotice),
    usesDefaultSafetyNotice: !row.safetyNotice?.trim(),
    description: row.description,
    price: centsToDecimal(row.priceCents),
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
  };
}

/** Temporary uploads (the uploads table) by id, for the editor's previews; unknown ids are left out. */
export async function listTempUploads(db: DB, ids: string[]): Promise<{ id: string; url: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("uploads").select(["id", "url"]).where("id", "in", ids).execute();
}

type SaveInput = CreateProductInput | UpdateProductInput;

/** Checks what needs the database; returns the slug and the categories to store. Throws DomainError with the field. */
async function checkInput(trx: DB, input: SaveInput, selfId: number | null, previousCategories: number[], checkUploads = true) {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw new DomainError(PRODUCT_TEXT.slugRequired, 400, "slug");
  const taken = await trx
    .selectFrom("products")
    .select("id")
    .where("slug", "=", slug)
    .$if(selfId !== null, (q) => q.where("id", "!=", selfId!))
    .executeTakeFirst();
  if (taken) throw new DomainError(PRODUCT_TEXT.slugTaken, 400, "slug");

  const sku = input.sku?.trim() || null;
  if (sku) {
    // SQLite's = is case-sensitive, as the unique index is.
    const used = await trx
      .selectFrom("products")
      .select("id")
      .where("sku", "=", sku)
      .$if(selfId !== null, (q) => q.where("id", "!=", selfId!))
      .executeTakeFirst();
    if (used) throw new DomainError(SAFETY_TEXT.skuTaken, 409, "sku");
  }

  const all = await trx.selectFrom("categories").select(["id", "parent_id as parentId"]).execute();
  const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
  const chosen = input.categories ?? [];
  if (chosen.some((id) => !parentOf.has(id))) throw new DomainError(PRODUCT_TEXT.categoryUnknown, 400, "categories");
  const categories = normaliseCategories(chosen, parentOf, previousCategories);

  const colorIds = (input.colorVariations ?? []).map((c) => c.colorId);
  if (colorIds.length) {
    const known = await trx.selectFrom("colors").select("id").where("id", "in", colorIds).execute();
    const missing = colorIds.findIndex((id) => !known.some((k) => k.id === id));
    if (missing !== -1) throw new DomainError(PRODUCT_TEXT.colorUnknown, 400, `colorVariations[${missing}].colorId`);
  }
  checkImageColors(input, colorIds);
  const tempIds = (input.images ?? []).map((i) => i.id);
  if (checkUploads && tempIds.length) {
    const found = await listTempUploads(trx, tempIds);
    const missing = [...new Set(tempIds)].filter((id) => !found.some((f) => f.id === id));
    // Not a temporary upload: it may have been finalized already (POST /api/upload/finalize).
    const earlier = missing.length ? await findFinalizedImages(trx, missing) : [];
    if (earlier.length !== missing.length) throw new DomainError(PRODUCT_TEXT.imageUnknown, 400, "images");
  }
  return { slug, categories };
}

/** A photo may only be tagged with one of the colours the product is saved with (so with a palette colour). */
function checkImageColors(input: SaveInput, colorIds: number[]) {
  const lists: [string, { colorId?: number | null }[] | undefined][] = [
    ["images", input.images],
    ["existingImages", "existingImages" in input ? input.existingImages : undefined],
  ];
  for (const [name, list] of lists) {
    const foreign = (list ?? []).findIndex((i) => i.colorId != null && !colorIds.includes(i.colorId));
    if (foreign !== -1) throw new DomainError(PRODUCT_TEXT.imageColorUnknown, 400, `${name}[${foreign}].colorId`);
  }
}

function productValues(input: SaveInput, slug: string) {
  const hasColors = (input.colorVariations?.length ?? 0) > 0;
  const hasVariations = !hasColors && (input.productVariations?.length ?? 0) > 0;
  const priceCents = decimalToCents(input.price);
  if (priceCents === null) throw new DomainError(PRODUCT_TEXT.priceFormat, 400, "price");
  return {
    title: input.title,
    slug,
    description: input.description ?? "",
    price_cents: priceCents,
    stock: hasColors || hasVariations ? 0 : (input.stock ?? 0),
    is_large: input.isLarge ? 1 : 0,
    is_latest_collection: input.isLatestCollection ? 1 : 0,
    has_color_variations: hasColors ? 1 : 0,
    has_variations: hasVariations ? 1 : 0,
    updated_at: new Date().toISOString(),
  };
}

/**
 * The SKU, materials and safety notice to write. On create, an empty SKU is left to the database
 * (its trigger fills 'LSA-00042' from the id). On update, a field left out (or an empty SKU) keeps
 * what is stored, so API clients that do not know these fields never erase them.
 */
async function safetyValues(trx: DB, input: SaveInput, mode: "create" | "update") {
  const values: { sku?: string | null; materials?: string; safety_notice?: string | null } = {};
  const sku = input.sku?.trim();
  if (sku) values.sku = sku;
  else if (mode === "create") values.sku = null;
  if (input.materials !== undefined || mode === "create") values.materials = input.materials?.trim() ?? "";
  if (input.safetyNotice !== undefined || mode === "create") {
    values.safety_notice = ownSafetyNotice(input.safetyNotice, (await getLegalSettings(trx)).safetyNotice);
  }
  return values;
}

/**
 * The made-to-order fields to write (docs/made-to-order.md). On update a field left out keeps
 * what is stored, like the safety fields. Turning made-to-order off keeps the lead time, so the
 * owner can turn it on again; placed orders keep their own copy anyway.
 */
function madeToOrderValues(input: SaveInput, mode: "create" | "update") {
  const values: { made_to_order?: number; lead_time_days?: number; made_to_order_cap?: number | null; is_personalised?: number } = {};
  if (input.madeToOrder !== undefined || mode === "create") values.made_to_order = input.madeToOrder ? 1 : 0;
  if (input.leadTimeDays !== undefined && input.leadTimeDays !== null) values.lead_time_days = input.leadTimeDays;
  if (input.madeToOrderCap !== undefined || mode === "create") values.made_to_order_cap = input.madeToOrderCap ?? null;
  if (input.isPersonalised !== undefined || mode === "create") values.is_personalised = input.isPersonalised ? 1 : 0;
  return values;
}

/** Replaces the product's colours, variations (codes A, B, C… by position) and category links. */
async function writeOptions(trx: DB, productId: number, input: SaveInput, categories: number[]) {
  await trx.deleteFrom("product_colors").where("product_id", "=", productId).execute();
  await trx.deleteFrom("product_variations").where("product_id", "=", productId).execute();
  await trx.deleteFrom("product_categories").where("product_id", "=", productId).execute();
  const colors = input.colorVariations ?? [];
  const variations = colors.length ? [] : (input.productVariations ?? []);
  if (colors.length) {
    await trx
      .insertInto("product_colors")
      .values(
        colors.map((c) => ({
          product_id: productId,
          color_id: c.colorId,
          stock: c.stock,
        })),
      )
      .execute();
  }
  if (variations.length) {
    await trx
      .insertInto("product_variations")
      .values(
        variations.map((v, i) => ({
          product_id: productId,
          variation_code: variationCode(i),
          variation_name: v.variationName,
          stock: v.stock,
        })),
      )
      .execute();
  }
  if (categories.length) {
    await trx
      .insertInto("product_categories")
      .values(
        categories.map((categoryId) => ({
          product_id: productId,
          category_id: categoryId,
        })),
      )
      .execute();
  }
}

/** `colorId` undefined keeps a stored image's colour (a new one then shows every colour). */
type PlannedImage =
  { kind: "existing"; id: number; isPrimary: boolean; colorId?: number | null } | { kind: "new"; id: string; isPrimary: boolean; colorId?: number | null };
type Finalized = {
  id: string;
  imageUrl: string;
  width: number;
  height: number;
}[];

/** Writes the image rows in order (stored ones updated, finalized uploads inserted), exactly one primary. */
async function writeImages(trx: DB, productId: number, planned: PlannedImage[], finalized: Finalized) {
  for (const [index, image] of withOnePrimary(planned).entries()) {
    if (image.kind === "existing") {
      await trx
        .updateTable("product_images")
        .set({ is_primary: image.isPrimary ? 1 : 0, sort_order: index, ...(image.colorId !== undefined ? { color_id: image.colorId } : {}) })
        .where("id", "=", image.id)
        .where("product_id", "=", productId)
        .execute();
      continue;
    }
    const done = finalized.find((f) => f.id === image.id);
    if (!done) throw new DomainError(PRODUCT_TEXT.imageUnknown, 400, "images");
    await trx
      .insertInto("product_images")
      .values({
        product_id: productId,
        image_url: done.imageUrl,
        is_primary: image.isPrimary ? 1 : 0,
        sort_order: index,
        color_id: image.colorId ?? null,
        width: done.width,
        height: done.height,
      })
      .execute();
  }
  // A colour taken off the product leaves its photos to every colour.
  await trx
    .updateTable("product_images")
    .set({ color_id: null })
    .where("product_id", "=", productId)
    .where("color_id", "is not", null)
    .where("color_id", "not in", (eb) => eb.selectFrom("product_colors").select("color_id").where("product_id", "=", productId))
    .execute();
}

/**
 * Runs a product save: checks the input (a refusal keeps the temporary uploads, so a refused
 * form can be corrected and sent again), finalizes the new uploads, then writes everything in
 * one transaction that checks again. If anything after the check fails, the finalized files are
 * removed, and on an unexpected error the temporary uploads too; the error is rethrown.
 */
async function saving<T>(
  db: DB,
  input: SaveInput,
  check: (db: DB, checkUploads: boolean) => Promise<{ slug: string; categories: number[] }>,
  work: (trx: DB, checked: { slug: string; categories: number[] }, finalized: Finalized) => Promise<T>,
): Promise<T> {
  await check(db, true);
  const ids = (input.images ?? []).map((i) => i.id);
  const temp = ids.length ? (await listTempUploads(db, ids)).map((u) => u.id) : [];
  const tempIds = ids.filter((id) => temp.includes(id));
  const earlier = await findFinalizedImages(
    db,
    ids.filter((id) => !temp.includes(id)),
  );
  let finalized: Finalized = [];
  try {
    finalized = tempIds.length ? await finalizeUploads(db, tempIds) : [];
    const all = [...finalized, ...earlier];
    return await db.transaction().execute(async (trx) => work(trx, await check(trx, false), all));
  } catch (error) {
    await Promise.allSettled(finalized.map((f) => deleteImageFiles(f.imageUrl)));
    if (!(error instanceof DomainError)) await cleanupUploads(db, tempIds).catch(() => 0);
    throw error;
  }
}

/**
 * Adds a product with its colours or variations, categories (a subcategory brings its parent)
 * and images (temporary uploads, finalized here), in one transaction; recomputes the total
 * stock and the category counts. Throws DomainError 400 with the field for a used slug, unknown
 * categories/colours/uploads; any other failure removes the temporary uploads and is rethrown.
 */
export async function createProduct(db: DB, input: CreateProductInput, actor: Actor = SYSTEM_ACTOR): Promise<{ id: number; slug: string }> {
  return saving(
    db,
    input,
    (exec, checkUploads) => checkInput(exec, input, null, [], checkUploads),
    async (trx, { slug, categories }, finalized) => {
      const { id } = await trx
        .insertInto("products")
        .values({ ...productValues(input, slug), ...(await safetyValues(trx, input, "create")), ...madeToOrderValues(input, "create") })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeOptions(trx, id, input, categories);
      await writeImages(
        trx,
        id,
        (input.images ?? []).map((i) => ({
          kind: "new" as const,
          id: i.id,
          isPrimary: i.isPrimary ?? false,
          colorId: i.colorId,
        })),
        finalized,
      );
      await recomputeTotalStock(trx, [id]);
      await recalculateCategoryCounts(trx);
      await logActivity(trx, {
        actor,
        kind: "product.create",
        subjectType: "product",
        subjectId: id,
        summary: `Product '${input.title}' added`,
        changes: diffFields({}, await productSnapshot(trx, id)),
      });
      return { id, slug };
    },
  );
}

/**
 * Replaces a product's fields, options, categories and images in one transaction. Stored images
 * not listed in `existingImages` are deleted (their files after the commit); when
 * `existingImages` is left out, every stored image is kept. A parent category unticked since the
 * last save takes its subcategories with it. Throws DomainError 404 for an unknown id, 400 as createProduct.
 */
export async function updateProduct(db: DB, id: number, input: UpdateProductInput, actor: Actor = SYSTEM_ACTOR): Promise<{ id: number; slug: string }> {
  const removed: string[] = [];
  const check = async (exec: DB, checkUploads: boolean) => {
    const existing = await exec.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst();
    if (!existing) throw new DomainError(PRODUCT_TEXT.notFound, 404);
    const previous = await exec.selectFrom("product_categories").select("category_id").where("product_id", "=", id).execute();
    const checked = await checkInput(
      exec,
      input,
      id,
      previous.map((p) => p.category_id),
      checkUploads,
    );
    if (input.existingImages) {
      const stored = await exec.selectFrom("product_images").select("id").where("product_id", "=", id).execute();
      if (input.existingImages.some((k) => !stored.some((s) => s.id === k.id))) throw new DomainError(PRODUCT_TEXT.imageUnknown, 400, "existingImages");
    }
    return checked;
  };
  const result = await saving(db, input, check, async (trx, { slug, categories }, finalized) => {
    const before = await productSnapshot(trx, id);
    const stored = await trx
      .selectFrom("product_images")
      .select(["id", "image_url as imageUrl", "is_primary as isPrimary"])
      .where("product_id", "=", id)
      .orderBy("is_primary", "desc")
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    const keep: { id: number; isPrimary?: boolean; colorId?: number | null }[] =
      input.existingImages ?? stored.map((s) => ({ id: s.id, isPrimary: s.isPrimary === 1 }));
    if (keep.some((k) => !stored.some((s) => s.id === k.id))) throw new DomainError(PRODUCT_TEXT.imageUnknown, 400, "existingImages");
    const gone = stored.filter((s) => !keep.some((k) => k.id === s.id));
    if (gone.length) {
      await trx
        .deleteFrom("product_images")
        .where(
          "id",
          "in",
          gone.map((g) => g.id),
        )
        .execute();
    }
    await trx
      .updateTable("products")
      .set({ ...productValues(input, slug), ...(await safetyValues(trx, input, "update")), ...madeToOrderValues(input, "update") })
      .where("id", "=", id)
      .execute();
    await writeOptions(trx, id, input, categories);
    await writeImages(
      trx,
      id,
      [
        ...keep.map((k) => ({
          kind: "existing" as const,
          id: k.id,
          isPrimary: k.isPrimary ?? false,
          colorId: k.colorId,
        })),
        ...(input.images ?? []).map((i) => ({
          kind: "new" as const,
          id: i.id,
          isPrimary: i.isPrimary ?? false,
          colorId: i.colorId,
        })),
      ],
      finalized,
    );
    await recomputeTotalStock(trx, [id]);
    await recalculateCategoryCounts(trx);
    const changes = diffFields(before, await productSnapshot(trx, id));
    await logActivity(trx, {
      actor,
      kind: "product.update",
      subjectType: "product",
      subjectId: id,
      summary: `Product '${input.title}' edited${Object.keys(changes).length ? `: ${Object.keys(changes).join(", ")}` : " (no changes)"}`,
      changes,
    });
    await notifyBackInStock(trx, [id]);
    removed.push(...gone.map((g) => g.imageUrl));
    return { id, slug };
  });
  await Promise.allSettled(removed.map((url) => deleteImageFiles(url)));
  return result;
}

/** Puts a product in or out of the Latest Collection. Throws DomainError 404 for an unknown id. */
export async function setLatestCollection(
  db: DB,
  id: number,
  isLatestCollection: boolean,
  actor: Actor = SYSTEM_ACTOR,
): Promise<{ id: number; title: string; isLatestCollection: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("products").select("is_latest_collection").where("id", "=", id).executeTakeFirst();
    const done = await latestCollection(trx, id, isLatestCollection);
    await logActivity(trx, {
      actor,
      kind: "product.latest",
      subjectType: "product",
      subjectId: id,
      summary: `Product '${done.title}' ${isLatestCollection ? "added to" : "removed from"} the Latest Collection`,
      changes: { isLatestCollection: [before?.is_latest_collection === 1, isLatestCollection] },
    });
    return done;
  });
}

async function latestCollection(db: DB, id: number, isLatestCollection: boolean) {
  const row = await db
    .updateTable("products")
    .set({
      is_latest_collection: isLatestCollection ? 1 : 0,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .returning(["id", "title", "is_latest_collection as isLatestCollection"])
    .executeTakeFirst();
  if (!row) throw new DomainError(PRODUCT_TEXT.notFound, 404);
  return { ...row, isLatestCollection: row.isLatestCollection === 1 };
}

/**
 * Deletes a product (its images, colours, variations, links, cart lines and favorites go with
 * it; order lines keep their copy) and recounts the categories, then removes the image files.
 * Throws DomainError 404 for an unknown id.
 */
export async function deleteProduct(db: DB, id: number, actor: Actor = SYSTEM_ACTOR): Promise<{ id: number; title: string }> {
  const { title, urls } = await db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
    if (!product) throw new DomainError(PRODUCT_TEXT.notFound, 404);
    const before = await productSnapshot(trx, id);
    const images = await trx.selectFrom("product_images").select("image_url").where("product_id", "=", id).execute();
    await trx.deleteFrom("products").where("id", "=", id).execute();
    await recalculateCategoryCounts(trx);
    await logActivity(trx, {
      actor,
      kind: "product.delete",
      subjectType: "product",
      subjectId: id,
      summary: `Product '${product.title}' deleted`,
      changes: diffFields(before, {}),
    });
    return { title: product.title, urls: images.map((i) => i.image_url) };
  });
  await Promise.allSettled(urls.map((url) => deleteImageFiles(url)));
  return { id, title };
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

/** What the activity log compares before and after a product save: its fields, stock, options, categories and images. */
async function productSnapshot(trx: DB, id: number): Promise<Record<string, unknown>> {
  const p = await trx
    .selectFrom("products")
    .select([
      "title",
      "slug",
      "sku",
      "materials",
      "safety_notice as safetyNotice",
      "description",
      "price_cents as priceCents",
      "stock",
      "is_large as isLarge",
      "is_latest_collection as isLatestCollection",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!p) return {};
  const [colors, variations, categories, images] = await Promise.all([
    trx.selectFrom("product_colors").select(["color_id as colorId", "stock"]).where("product_id", "=", id).orderBy("color_id").execute(),
    trx.selectFrom("product_variations").select(["variation_name as name", "stock"]).where("product_id", "=", id).orderBy("variation_code").execute(),
    trx.selectFrom("product_categories").select("category_id").where("product_id", "=", id).orderBy("category_id").execute(),
    trx
      .selectFrom("product_images as pi")
      .leftJoin("colors as c", "c.id", "pi.color_id")
      .select(["pi.image_url", "c.name as colorName"])
      .where("pi.product_id", "=", id)
      .orderBy("pi.sort_order")
      .execute(),
  ]);
  return {
    title: p.title,
    slug: p.slug,
    sku: p.sku,
    materials: p.materials,
    safetyNotice: p.safetyNotice ?? "(store default)",
    description: p.description,
    price: centsToDecimal(p.priceCents),
    stock: p.stock,
    isLarge: p.isLarge === 1,
    isLatestCollection: p.isLatestCollection === 1,
    colors: colors.map((c) => `${c.colorId}:${c.stock}`).join(", "),
    variations: variations.map((v) => `${v.name}:${v.stock}`).join(", "),
    categories: categories.map((c) => c.category_id).join(", "),
    images: images.map((i) => `${i.image_url.split("/").pop()}${i.colorName ? ` (${i.colorName})` : ""}`).join(", "),
  };
}
