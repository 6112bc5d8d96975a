import { type Actor } from "~/domain/ops/activity.server";
import { actorOf } from "~/web/actor.server";
// The add/edit product pages (/admin/products/add, /admin/products/edit/{id}): page data and the
// form action. Without JavaScript the page is one multipart form whose submit buttons carry an
// intent: add/remove rows and images re-render the form with everything kept; `save` saves.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { type CreateProductInput, CreateProductFormSchema, type UpdateProductInput, UpdateProductFormSchema } from "~/domain/catalogue/product-schemas";
import {
  type EditorValues,
  EMPTY_EDITOR_VALUES,
  MAX_IMAGES,
  MAX_ROWS,
  PRODUCT_INTENTS,
  PRODUCT_TEXT,
  REMOVE_INTENT,
  withOnePrimary,
} from "~/domain/catalogue/product-texts";
import { getAdminProduct, listCategoryOptions } from "~/domain/catalogue/admin-products.server";
import { createProduct, updateProduct } from "~/domain/catalogue/products-write.server";
import { saveTempUpload, UPLOAD_TEXT } from "~/domain/catalogue/image-uploads.server";
import { adminPageAccess, requireAdminAction } from "~/web/guards.server";
import { redirectWithToast, type Toast } from "~/web/toast.server";
import { listColors } from "~/domain/catalogue/categories.server";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings } from "~/domain/common/settings.server";
import { db as sharedDb } from "~/lib/db.server";
import { jsonError } from "~/web/http.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";
import { readMultipartForm } from "~/web/multipart.server";
import { type DB } from "~/lib/sqlite.server";
import { type FieldConstraint } from "~/lib/field-constraint";
import { formConstraints } from "~/web/form-constraints.server";
import { type EditorMode, readEditorValues, toFormData, valuesOf } from "~/web/admin/product-editor-values.server";
import { type CustomsSettings } from "~/domain/customs/texts";
import { getCustomsSettings } from "~/domain/customs/settings.server";
import { fullProductTexts, PRODUCT_TEXT_FIELDS, type ProductTextField } from "~/domain/catalogue/translations";

export const PRODUCTS_TAB_URL = "/admin?tab=products";
const NO_STORE = { "Cache-Control": "private, no-store" };

export type { EditorMode };

export interface EditorOptions {
  categories: {
    id: number;
    name: string;
    parentId: number | null;
    label: string;
  }[];
  colors: { id: number; name: string; hex: string }[];
  /** The store's safety notice, shown for a product whose own field is empty. */
  defaultSafetyNotice: string;
  /** The Settings' customs defaults, shown for a product whose own fields are empty. */
  defaultCustoms: Pick<CustomsSettings, "hsCode" | "originCountry" | "customsDescription">;
  constraints: EditorConstraints;
}

const EDITOR_FIELDS = [
  "title",
  "slug",
  "description",
  "price",
  "regularPrice",
  "stock",
  "sku",
  "materials",
  "safetyNotice",
  "leadTimeDays",
  "madeToOrderCap",
  "weightGrams",
  "hsCode",
  "originCountry",
  "customsDescription",
] as const;
type EditorField = (typeof EDITOR_FIELDS)[number];

/** The Polish fields' names in the form (`translations.pl.title`, …). */
export type PolishField = `translations.pl.${ProductTextField}`;

/** The editor's native constraints, from the schema its mode saves with; a row's fields are every row's. */
export type EditorConstraints = Record<EditorField | "variationName" | "rowStock" | PolishField, FieldConstraint>;

function editorConstraints(mode: EditorMode): EditorConstraints {
  const all: Record<string, FieldConstraint> = formConstraints(mode === "add" ? CreateProductFormSchema : UpdateProductFormSchema);
  return {
    ...(Object.fromEntries(EDITOR_FIELDS.map((name) => [name, all[name]])) as Record<EditorField, FieldConstraint>),
    variationName: all["productVariations[].variationName"]!,
    // Colour rows and variation rows have the same stock rule.
    rowStock: all["productVariations[].stock"]!,
    ...(Object.fromEntries(PRODUCT_TEXT_FIELDS.map((f) => [`translations.pl.${f}`, all[`translations.pl.${f}`] ?? {}])) as Record<
      PolishField,
      FieldConstraint
    >),
  };
}

export type EditorPageData =
  | { state: "denied"; signedIn: boolean }
  | { state: "not-found" }
  | {
      state: "ok";
      mode: EditorMode;
      productId: number | null;
      slug: string | null;
      values: EditorValues;
      options: EditorOptions;
    };

/** What a post of the editor answers when it does not redirect: the form again, with errors. */
export interface EditorActionData {
  values: EditorValues;
  errors: Record<string, string[]>;
  failure: Toast | null;
  /** Changes with every answer, so the page renders the form afresh from `values`. */
  revision: number;
}

function idFrom(param: string | undefined | null): number | null {
  return param && /^\d{1,12}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

async function editorOptions(db: DB, mode: EditorMode): Promise<EditorOptions> {
  const [categories, colors, legal, customs] = await Promise.all([listCategoryOptions(db), listColors(db), getLegalSettings(db), getCustomsSettings(db)]);
  const { hsCode, originCountry, customsDescription } = customs;
  return {
    categories,
    colors,
    defaultSafetyNotice: legal.safetyNotice,
    defaultCustoms: { hsCode, originCountry, customsDescription },
    constraints: editorConstraints(mode),
  };
}

/**
 * Loader of both editor pages: non-admins (signed in or not) get the 'Access denied' view
 * (401/403), an unknown id 'Product not found.' (404).
 */
export async function loadProductEditor(request: Request, idParam: string | null, db: DB = sharedDb) {
  const { user, denied } = await adminPageAccess(request, { guests: "deny" });
  if (denied) return json<EditorPageData>({ state: "denied", signedIn: Boolean(user) }, { status: denied, headers: NO_STORE });
  if (idParam === null) {
    return json<EditorPageData>(
      {
        state: "ok",
        mode: "add",
        productId: null,
        slug: null,
        values: EMPTY_EDITOR_VALUES,
        options: await editorOptions(db, "add"),
      },
      { headers: NO_STORE },
    );
  }
  const id = idFrom(idParam);
  const product = id ? await getAdminProduct(db, id) : null;
  if (!product) return json<EditorPageData>({ state: "not-found" }, { status: 404, headers: NO_STORE });
  return json<EditorPageData>(
    {
      state: "ok",
      mode: "edit",
      productId: product.id,
      slug: product.slug,
      values: valuesOf(product),
      options: await editorOptions(db, "edit"),
    },
    { headers: NO_STORE },
  );
}

/** Field errors of the temp uploads, keyed "files". */
function addError(errors: Record<string, string[]>, key: string, message: string) {
  (errors[key] ??= []).push(message);
}

function uploadToast(message: string): Toast {
  if (message === UPLOAD_TEXT.invalidType)
    return {
      title: PRODUCT_TEXT.invalidTypeTitle,
      description: message,
      type: "error",
    };
  if (message === UPLOAD_TEXT.tooLarge)
    return {
      title: PRODUCT_TEXT.tooLargeTitle,
      description: message,
      type: "error",
    };
  return {
    title: PRODUCT_TEXT.uploadFailedTitle,
    description: message,
    type: "error",
  };
}

/**
 * Action of both editor pages. Admin only (401/403 JSON like the other admin forms). Files
 * chosen in the file input are stored as temporary uploads on every post (refused ones give a
 * field error under "files"), then the intent runs: add-color, add-variation,
 * remove-{color|variation|image}-N and upload answer the form again; save validates with the
 * schema the API uses and redirects to the Products tab with a toast.
 */
export async function productEditorAction(request: Request, idParam: string | null, db: DB = sharedDb): Promise<Response> {
  const user = await requireAdminAction(request, PRODUCT_TEXT.accessDenied);
  const mode: EditorMode = idParam === null ? "add" : "edit";
  const productId = idParam === null ? null : idFrom(idParam);
  if (mode === "edit") {
    const exists = productId ? await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst() : null;
    if (!exists) throw jsonError(PRODUCT_TEXT.notFound, 404);
  }
  let parsed: Awaited<ReturnType<typeof readMultipartForm>>;
  try {
    parsed = await readMultipartForm(request);
  } catch (error) {
    if (error instanceof DomainError) throw jsonError(error.message, error.status);
    throw error;
  }
  const { form, tooLarge } = parsed;
  const intentValue = form.get("intent");
  const intent = typeof intentValue === "string" ? intentValue : "";
  const values = await readEditorValues(db, form, productId);
  const errors: Record<string, string[]> = {};
  let failure: Toast | null = null;

  for (const t of tooLarge) {
    addError(errors, "files", `${t.fileName}: ${UPLOAD_TEXT.tooLarge}`);
    failure = uploadToast(UPLOAD_TEXT.tooLarge);
  }
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
  for (const file of files) {
    if (values.images.length >= MAX_IMAGES) {
      addError(errors, "files", `At most ${MAX_IMAGES} images`);
      break;
    }
    try {
      const saved = await saveTempUpload(db, file, user.id);
      values.images.push({
        kind: "new",
        id: saved.id,
        url: saved.url,
        isPrimary: false,
        colorId: "",
      });
    } catch (error) {
      if (!(error instanceof DomainError)) {
        console.error("Upload failed:", error);
        addError(errors, "files", UPLOAD_TEXT.failed(file.name));
        failure = uploadToast(UPLOAD_TEXT.failed(file.name));
        continue;
      }
      addError(errors, "files", `${file.name}: ${error.message}`);
      failure = uploadToast(error.message);
    }
  }
  values.images = withOnePrimary(values.images);

  const again = (status = 200) => json<EditorActionData>({ values, errors, failure, revision: Date.now() }, { status, headers: NO_STORE });
  const removal = REMOVE_INTENT.exec(intent);
  if (removal) {
    const index = Number(removal[2]);
    if (removal[1] === "color") values.colorVariations.splice(index, 1);
    else if (removal[1] === "variation") values.productVariations.splice(index, 1);
    else {
      values.images.splice(index, 1);
      values.images = withOnePrimary(values.images);
    }
    return again();
  }
  switch (intent) {
    case PRODUCT_INTENTS.addColor:
    case PRODUCT_INTENTS.addVariation: {
      const isColor = intent === PRODUCT_INTENTS.addColor;
      const other = isColor ? values.productVariations : values.colorVariations;
      const list = isColor ? values.colorVariations : values.productVariations;
      if (other.length > 0) addError(errors, isColor ? "colorVariations" : "productVariations", PRODUCT_TEXT.bothKinds);
      else if (list.length >= MAX_ROWS) addError(errors, isColor ? "colorVariations" : "productVariations", `At most ${MAX_ROWS} rows`);
      else if (isColor) values.colorVariations.push({ colorId: "", stock: "0" });
      else values.productVariations.push({ variationName: "", stock: "0" });
      return again();
    }
    case PRODUCT_INTENTS.upload:
      return again(Object.keys(errors).length ? 400 : 200);
    case PRODUCT_INTENTS.save:
      if (Object.keys(errors).length) return again(400);
      return save(db, mode, productId, values, actorOf(user, request));
    default:
      throw jsonError("Unknown action", 400);
  }
}

async function save(db: DB, mode: EditorMode, productId: number | null, values: EditorValues, actor: Actor): Promise<Response> {
  const answer = (status: number, errors: Record<string, string[]>, failure: Toast | null, shown = values) =>
    json<EditorActionData>({ values: shown, errors, failure, revision: Date.now() }, { status, headers: NO_STORE });
  const failed = mode === "add" ? PRODUCT_TEXT.createFailed : PRODUCT_TEXT.updateFailed;
  const submission = parseWithZod(toFormData(values, mode), {
    schema: mode === "add" ? CreateProductFormSchema : UpdateProductFormSchema,
  });
  if (submission.status !== "success") {
    const errors: Record<string, string[]> = {};
    for (const [key, list] of Object.entries(submission.error ?? {})) if (list?.length) errors[key] = list;
    return answer(400, errors, null);
  }
  // The form always sends every field: an empty one means cleared (an empty SKU keeps the stored one).
  const safety = {
    // An empty regular price ends the owner's reduction.
    regularPrice: submission.value.regularPrice ?? null,
    materials: submission.value.materials ?? "",
    safetyNotice: submission.value.safetyNotice ?? null,
    // Unticked boxes and an empty cap are not posted: here they mean off and no limit.
    madeToOrder: submission.value.madeToOrder ?? false,
    madeToOrderCap: submission.value.madeToOrderCap ?? null,
    isPersonalised: submission.value.isPersonalised ?? false,
    // An empty weight: not recorded; an empty HS code, origin or description: the Settings' default.
    weightGrams: submission.value.weightGrams ?? null,
    hsCode: submission.value.hsCode ?? null,
    originCountry: submission.value.originCountry ?? null,
    customsDescription: submission.value.customsDescription ?? null,
    // Every Polish field is posted: an empty one means no Polish text (the English one is shown).
    translations: { pl: fullProductTexts(submission.value.translations?.pl) },
  };
  // Its photos' colour selects too: "All colours" posts an empty value, which means every colour.
  const images = submission.value.images?.map((i) => ({ ...i, colorId: i.colorId ?? null }));
  try {
    let saved: { id: number };
    if (mode === "add") saved = await createProduct(db, { ...(submission.value as CreateProductInput), ...safety, images }, actor);
    else {
      // The form always lists the stored images it keeps: none listed means none kept.
      const input = submission.value as UpdateProductInput;
      saved = await updateProduct(
        db,
        productId!,
        {
          ...input,
          ...safety,
          images,
          existingImages: (input.existingImages ?? []).map((i) => ({ ...i, colorId: i.colorId ?? null })),
        },
        actor,
      );
    }
    const res = await redirectWithToast(PRODUCTS_TAB_URL, {
      title: mode === "add" ? PRODUCT_TEXT.created : PRODUCT_TEXT.updated,
      description: submission.value.title,
      type: "success",
    });
    res.headers.set("X-Product-Id", String(saved.id));
    return res;
  } catch (error) {
    if (error instanceof DomainError) {
      const errors: Record<string, string[]> = error.field ? { [error.field]: [error.message] } : { "": [error.message] };
      return answer(error.status, errors, {
        title: failed,
        description: error.message,
        type: "error",
      });
    }
    throwIfStorageFault(error);
    console.error("Product save failed:", error);
    // The temporary uploads were removed on failure: the form comes back without them.
    const shown = {
      ...values,
      images: withOnePrimary(values.images.filter((i) => i.kind === "existing")),
    };
    return answer(500, { "": [failed] }, { title: failed, type: "error" }, shown);
  }
}

/**
 * The API door's answer to a failed product save or delete: a DomainError keeps its status and
 * message (with `errors` for its field); anything else is logged and answers 500 with `failed`.
 */
export function productApiError(error: unknown, failed: string): Response {
  if (error instanceof Response) return error;
  if (error instanceof DomainError) return jsonError(error.message, error.status, error.field ? { [error.field]: [error.message] } : undefined);
  throwIfStorageFault(error);
  console.error(`${failed}`, error);
  return jsonError(failed, 500);
}
