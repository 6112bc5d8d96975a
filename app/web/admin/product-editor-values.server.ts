import { type EditorImage, type EditorValues, withOnePrimary } from "~/domain/catalogue/product-texts";
import { type AdminProduct, listTempUploads } from "~/domain/catalogue/admin-products.server";
import { type DB } from "~/lib/sqlite.server";

// The product editor's values (app/web/admin/product-editor.server.ts): from a stored product,
// from a post of the form, and back into the one form body the schema reads.

export type EditorMode = "add" | "edit";

/** The editor's values of a stored product. */
export function valuesOf(product: AdminProduct): EditorValues {
  return {
    title: product.title,
    slug: product.slug,
    description: product.description,
    price: product.price,
    regularPrice: product.regularPrice ?? "",
    stock: String(product.stock),
    sku: product.sku,
    materials: product.materials,
    safetyNotice: product.usesDefaultSafetyNotice ? "" : product.safetyNotice,
    isLarge: product.isLarge,
    isLatestCollection: product.isLatestCollection,
    madeToOrder: product.madeToOrder,
    leadTimeDays: product.leadTimeDays > 0 ? String(product.leadTimeDays) : "",
    madeToOrderCap: product.madeToOrderCap === null ? "" : String(product.madeToOrderCap),
    isPersonalised: product.isPersonalised,
    weightGrams: product.weightGrams === null ? "" : String(product.weightGrams),
    // A field that follows the Settings' default stays empty (its placeholder shows the default).
    hsCode: product.usesDefaultCustoms.hsCode ? "" : product.hsCode,
    originCountry: product.usesDefaultCustoms.originCountry ? "" : product.originCountry,
    customsDescription: product.usesDefaultCustoms.customsDescription ? "" : product.customsDescription,
    translations: { pl: { ...product.translations.pl } },
    categories: product.categories,
    colorVariations: product.hasColorVariations
      ? product.colorVariations.map((c) => ({
          colorId: String(c.colorId),
          stock: String(c.stock),
        }))
      : [],
    productVariations: product.hasVariations
      ? product.productVariations.map((v) => ({
          variationName: v.variationName,
          stock: String(v.stock),
        }))
      : [],
    images: withOnePrimary(
      product.images.map((i) => ({
        kind: "existing" as const,
        id: String(i.id),
        url: i.imageUrl,
        isPrimary: i.isPrimary,
        colorId: i.colorId === null ? "" : String(i.colorId),
      })),
    ),
  };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
const flag = (form: FormData, name: string) => ["on", "true", "1"].includes(text(form, name));

/** Rows posted as `prefix[i].field`, in index order (gaps closed). */
function rows<K extends string>(form: FormData, prefix: string, keys: readonly K[]): Record<K, string>[] {
  const found = new Map<number, Record<K, string>>();
  const pattern = new RegExp(`^${prefix}\\[(\\d{1,3})\\]\\.(${keys.join("|")})$`);
  for (const [name, value] of form.entries()) {
    const m = pattern.exec(name);
    if (!m || typeof value !== "string") continue;
    const index = Number(m[1]);
    const row = found.get(index) ?? (Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>);
    row[m[2] as K] = value;
    found.set(index, row);
  }
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

/**
 * The editor's values from a post: text fields as typed; images only when they are this
 * product's stored images or known temporary uploads (their URLs come from the database).
 */
export async function readEditorValues(db: DB, form: FormData, productId: number | null): Promise<EditorValues> {
  const primary = text(form, "primaryImage");
  const existingRows = rows(form, "existingImages", ["id", "colorId"] as const);
  const newRows = rows(form, "images", ["id", "colorId"] as const);
  const existingIds = existingRows.map((r) => r.id);
  const newIds = newRows.map((r) => r.id);
  const stored =
    productId !== null && existingIds.length
      ? await db.selectFrom("product_images").select(["id", "image_url as url"]).where("product_id", "=", productId).execute()
      : [];
  const temps = await listTempUploads(db, newIds);
  const images: EditorImage[] = [];
  for (const { id, colorId } of existingRows) {
    const hit = stored.find((s) => String(s.id) === id);
    if (hit)
      images.push({
        kind: "existing",
        id,
        url: hit.url,
        isPrimary: primary === `existing:${id}`,
        colorId,
      });
  }
  for (const { id, colorId } of newRows) {
    const hit = temps.find((t) => t.id === id);
    if (hit)
      images.push({
        kind: "new",
        id,
        url: hit.url,
        isPrimary: primary === `new:${id}`,
        colorId,
      });
  }
  return {
    title: text(form, "title"),
    slug: text(form, "slug"),
    description: text(form, "description"),
    price: text(form, "price"),
    regularPrice: text(form, "regularPrice"),
    stock: text(form, "stock") || "0",
    sku: text(form, "sku"),
    materials: text(form, "materials"),
    safetyNotice: text(form, "safetyNotice"),
    isLarge: flag(form, "isLarge"),
    isLatestCollection: flag(form, "isLatestCollection"),
    madeToOrder: flag(form, "madeToOrder"),
    leadTimeDays: text(form, "leadTimeDays").trim(),
    madeToOrderCap: text(form, "madeToOrderCap").trim(),
    isPersonalised: flag(form, "isPersonalised"),
    weightGrams: text(form, "weightGrams").trim(),
    hsCode: text(form, "hsCode").trim(),
    originCountry: text(form, "originCountry").trim(),
    customsDescription: text(form, "customsDescription"),
    translations: {
      pl: {
        title: text(form, "translations.pl.title"),
        description: text(form, "translations.pl.description"),
        materials: text(form, "translations.pl.materials"),
        safetyNotice: text(form, "translations.pl.safetyNotice"),
      },
    },
    categories: form
      .getAll("categories")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    colorVariations: rows(form, "colorVariations", ["colorId", "stock"] as const),
    productVariations: rows(form, "productVariations", ["variationName", "stock"] as const),
    images: withOnePrimary(images),
  };
}

/** The values as the form fields the schema reads (one canonical body for every save). */
export function toFormData(values: EditorValues, mode: EditorMode): FormData {
  const form = new FormData();
  const hasOptions = values.colorVariations.length > 0 || values.productVariations.length > 0;
  const texts = [
    "title",
    "slug",
    "description",
    "price",
    "regularPrice",
    "sku",
    "materials",
    "safetyNotice",
    "weightGrams",
    "hsCode",
    "originCountry",
    "customsDescription",
  ] as const;
  for (const key of texts) form.set(key, values[key]);
  for (const [key, value] of Object.entries(values.translations.pl)) form.set(`translations.pl.${key}`, value);
  if (!hasOptions) form.set("stock", values.stock);
  if (values.isLarge) form.set("isLarge", "on");
  if (values.isLatestCollection) form.set("isLatestCollection", "on");
  if (values.madeToOrder) form.set("madeToOrder", "on");
  if (values.isPersonalised) form.set("isPersonalised", "on");
  form.set("leadTimeDays", values.leadTimeDays);
  form.set("madeToOrderCap", values.madeToOrderCap);
  for (const id of values.categories) form.append("categories", String(id));
  values.colorVariations.forEach((c, i) => {
    form.set(`colorVariations[${i}].colorId`, c.colorId);
    form.set(`colorVariations[${i}].stock`, c.stock);
  });
  values.productVariations.forEach((v, i) => {
    form.set(`productVariations[${i}].variationName`, v.variationName);
    form.set(`productVariations[${i}].stock`, v.stock);
  });
  let n = 0;
  let e = 0;
  for (const img of values.images) {
    if (img.kind === "new") {
      form.set(`images[${n}].id`, img.id);
      if (img.isPrimary) form.set(`images[${n}].isPrimary`, "on");
      if (img.colorId) form.set(`images[${n}].colorId`, img.colorId);
      n++;
    } else if (mode === "edit") {
      form.set(`existingImages[${e}].id`, img.id);
      if (img.isPrimary) form.set(`existingImages[${e}].isPrimary`, "on");
      if (img.colorId) form.set(`existingImages[${e}].colorId`, img.colorId);
      e++;
    }
  }
  return form;
}
