import { type CreateProductInput, type UpdateProductInput } from "~/domain/catalogue/product-schemas";
import { normaliseCategories, PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import { listTempUploads } from "~/domain/catalogue/admin-products.server";
import { findFinalizedImages } from "~/domain/catalogue/image-uploads.server";
import { slugify } from "~/domain/catalogue/slug";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings } from "~/domain/common/settings.server";
import { getCustomsSettings } from "~/domain/customs/settings.server";
import { ownSafetyNotice, SAFETY_TEXT } from "~/domain/legal/product-safety";
import { decimalToCents } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

// A product save's input: the checks that need the database, and the product's columns from it.

export type SaveInput = CreateProductInput | UpdateProductInput;

/** Checks what needs the database; returns the slug and the categories to store. Throws DomainError with the field. */
export async function checkInput(trx: DB, input: SaveInput, selfId: number | null, previousCategories: number[], checkUploads = true) {
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

export function productValues(input: SaveInput, slug: string) {
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
 * The owner's regular price to write (docs/decisions/prior-price.md). Given: it must be above the
 * price (null ends the reduction). Left out on update: kept, unless the new price reaches it, which
 * ends the reduction, so a product is never shown reduced from a price at or below what it costs.
 */
export async function regularPriceValues(trx: DB, input: SaveInput, priceCents: number, selfId: number | null) {
  if (input.regularPrice !== undefined) {
    const cents = input.regularPrice === null ? null : decimalToCents(input.regularPrice);
    if (cents !== null && cents <= priceCents) throw new DomainError(PRODUCT_TEXT.regularPriceNotAbove, 400, "regularPrice");
    return { regular_price_cents: cents };
  }
  if (selfId === null) return { regular_price_cents: null };
  const stored = await trx.selectFrom("products").select("regular_price_cents").where("id", "=", selfId).executeTakeFirst();
  return stored?.regular_price_cents != null && stored.regular_price_cents <= priceCents ? { regular_price_cents: null } : {};
}

/**
 * The SKU, materials and safety notice to write. On create, an empty SKU is left to the database
 * (its trigger fills 'LSA-00042' from the id). On update, a field left out (or an empty SKU) keeps
 * what is stored, so API clients that do not know these fields never erase them.
 */
export async function safetyValues(trx: DB, input: SaveInput, mode: "create" | "update") {
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
export function madeToOrderValues(input: SaveInput, mode: "create" | "update") {
  const values: { made_to_order?: number; lead_time_days?: number; made_to_order_cap?: number | null; is_personalised?: number } = {};
  if (input.madeToOrder !== undefined || mode === "create") values.made_to_order = input.madeToOrder ? 1 : 0;
  if (input.leadTimeDays !== undefined && input.leadTimeDays !== null) values.lead_time_days = input.leadTimeDays;
  if (input.madeToOrderCap !== undefined || mode === "create") values.made_to_order_cap = input.madeToOrderCap ?? null;
  if (input.isPersonalised !== undefined || mode === "create") values.is_personalised = input.isPersonalised ? 1 : 0;
  return values;
}

/**
 * The customs fields to write (docs/shipping.md). On update a field left out keeps what is
 * stored. Null clears it: no weight recorded, or the Settings' default for the other three; a
 * value equal to the current default is stored as null too (an API client sending back what it
 * read), so a later change of the default in Settings reaches it.
 */
export async function customsValues(trx: DB, input: SaveInput, mode: "create" | "update") {
  const values: { weight_grams?: number | null; hs_code?: string | null; origin_country?: string | null; customs_description?: string | null } = {};
  if (input.weightGrams !== undefined || mode === "create") values.weight_grams = input.weightGrams ?? null;
  const defaults = await getCustomsSettings(trx);
  const own = (value: string | null | undefined, fallback: string) => (value && value !== fallback ? value : null);
  if (input.hsCode !== undefined || mode === "create") values.hs_code = own(input.hsCode, defaults.hsCode);
  if (input.originCountry !== undefined || mode === "create") values.origin_country = own(input.originCountry, defaults.originCountry);
  if (input.customsDescription !== undefined || mode === "create") values.customs_description = own(input.customsDescription, defaults.customsDescription);
  return values;
}
