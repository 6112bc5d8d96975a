import { type Actor, diffFields, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { notifyBackInStock } from "~/domain/mail/back-in-stock.server";
import { listTempUploads } from "~/domain/catalogue/admin-products.server";
import { type CreateProductInput, type UpdateProductInput } from "~/domain/catalogue/product-schemas";
import {
  checkInput,
  customsValues,
  madeToOrderValues,
  productValues,
  regularPriceValues,
  safetyValues,
  type SaveInput,
} from "~/domain/catalogue/product-input.server";
import { type Finalized, writeImages, writeOptions } from "~/domain/catalogue/product-options.server";
import { PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import { cleanupUploads, deleteImageFiles, finalizeUploads, findFinalizedImages } from "~/domain/catalogue/image-uploads.server";
import { recalculateCategoryCounts } from "~/domain/catalogue/categories.server";
import { recomputeTotalStock } from "~/domain/catalogue/stock.server";
import { readProductTranslations, writeProductTranslations } from "~/domain/catalogue/translations.server";
import { DomainError } from "~/domain/common/errors";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

// The admin's product writes: create, update, the Latest Collection flag and delete, each in one
// transaction with its activity-log line. The reads are in admin-products.server.ts.

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
      const values = productValues(input, slug);
      const { id } = await trx
        .insertInto("products")
        .values({
          ...values,
          ...(await regularPriceValues(trx, input, values.price_cents, null)),
          ...(await safetyValues(trx, input, "create")),
          ...madeToOrderValues(input, "create"),
          ...(await customsValues(trx, input, "create")),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeProductTranslations(trx, id, input.translations);
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
    const values = productValues(input, slug);
    await trx
      .updateTable("products")
      .set({
        ...values,
        ...(await regularPriceValues(trx, input, values.price_cents, id)),
        ...(await safetyValues(trx, input, "update")),
        ...madeToOrderValues(input, "update"),
        ...(await customsValues(trx, input, "update")),
      })
      .where("id", "=", id)
      .execute();
    await writeProductTranslations(trx, id, input.translations);
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
      "weight_grams as weightGrams",
      "hs_code as hsCode",
      "origin_country as originCountry",
      "customs_description as customsDescription",
      "description",
      "price_cents as priceCents",
      "regular_price_cents as regularPriceCents",
      "stock",
      "is_large as isLarge",
      "is_latest_collection as isLatestCollection",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!p) return {};
  const [colors, variations, categories, images, translations] = await Promise.all([
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
    readProductTranslations(trx, id),
  ]);
  const pl = translations.pl;
  return {
    title: p.title,
    slug: p.slug,
    sku: p.sku,
    materials: p.materials,
    safetyNotice: p.safetyNotice ?? "(store default)",
    weightGrams: p.weightGrams ?? "(not recorded)",
    hsCode: p.hsCode ?? "(store default)",
    originCountry: p.originCountry ?? "(store default)",
    customsDescription: p.customsDescription ?? "(store default)",
    description: p.description,
    price: centsToDecimal(p.priceCents),
    regularPrice: p.regularPriceCents === null ? "(none)" : centsToDecimal(p.regularPriceCents),
    stock: p.stock,
    isLarge: p.isLarge === 1,
    isLatestCollection: p.isLatestCollection === 1,
    colors: colors.map((c) => `${c.colorId}:${c.stock}`).join(", "),
    variations: variations.map((v) => `${v.name}:${v.stock}`).join(", "),
    categories: categories.map((c) => c.category_id).join(", "),
    plTitle: pl.title,
    plDescription: pl.description,
    plMaterials: pl.materials,
    plSafetyNotice: pl.safetyNotice,
    images: images.map((i) => `${i.image_url.split("/").pop()}${i.colorName ? ` (${i.colorName})` : ""}`).join(", "),
  };
}
