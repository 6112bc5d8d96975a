import { requestActor } from "~/web/actor.server";
// The Products tab of /admin: filters, the list, the Latest Collection toggle and delete.
import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { PRODUCTS_TAB_URL } from "~/web/admin/product-editor.server";
import {
  LATEST_FILTERS,
  type LatestFilter,
  PRODUCT_INTENTS,
  PRODUCT_TEXT,
  PRODUCTS_TAB_PAGE_SIZE,
  STATUS_FILTERS,
  type StatusFilter,
  STOCK_FILTERS,
  type StockFilter,
} from "~/domain/catalogue/product-texts";
import { getProductTitle, listAdminProducts, listCategoryOptions } from "~/domain/catalogue/admin-products.server";
import { deleteProduct, setLatestCollection } from "~/domain/catalogue/products-write.server";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { db as sharedDb } from "~/lib/db.server";
import { safeRedirect } from "~/web/http.server";
import { type DB } from "~/lib/sqlite.server";

function pick<T extends string>(value: string | null, allowed: readonly { value: T }[]): T {
  return allowed.find((a) => a.value === value)?.value ?? allowed[0]!.value;
}

/** Query parameters of the no-JavaScript delete confirmation. */
const STEP_PARAMS = ["confirmDelete"];

/** The Products tab (`/admin?tab=products&stock=…&category=…&latest=…&status=…&page=…&confirmDelete=ID`). */
export async function loadProductsTab(db: DB, url: URL) {
  const params = url.searchParams;
  const filter = {
    stock: pick<StockFilter>(params.get("stock"), STOCK_FILTERS),
    category: /^\d{1,12}$/.test(params.get("category") ?? "") ? Number(params.get("category")) : null,
    latest: pick<LatestFilter>(params.get("latest"), LATEST_FILTERS),
    status: pick<StatusFilter>(params.get("status"), STATUS_FILTERS),
  };
  const pageParam = Number(params.get("page"));
  const requested = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const [categories, { products, total }] = await Promise.all([
    listCategoryOptions(db),
    listAdminProducts(db, {
      stock: filter.stock,
      categoryId: filter.category,
      latest: filter.latest,
      status: filter.status,
      limit: PRODUCTS_TAB_PAGE_SIZE,
      offset: (requested - 1) * PRODUCTS_TAB_PAGE_SIZE,
    }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_TAB_PAGE_SIZE));
  const back = new URLSearchParams(params);
  for (const p of STEP_PARAMS) back.delete(p);
  back.set("tab", "products");
  const confirmId = Number(params.get("confirmDelete"));
  const confirmDelete = Number.isInteger(confirmId) && confirmId > 0 ? await getProductTitle(db, confirmId) : null;
  return {
    kind: "products" as const,
    products: products.map(({ categories: _c, createdAt: _d, ...row }) => row),
    total,
    page: Math.min(requested, pageCount),
    pageCount,
    filter,
    categories: categories.map((c) => ({ id: c.id, label: c.label })),
    here: `/admin?${back.toString()}`,
    confirmDelete,
  };
}

export type ProductsTabData = Awaited<ReturnType<typeof loadProductsTab>>;

const ToggleFormSchema = z.object({
  productId: z.number().int().positive(),
  isLatestCollection: z.enum(["true", "false"]),
});
const DeleteFormSchema = z.object({
  productId: z.number().int().positive(),
  confirmed: z.string().optional(),
});

function withParam(path: string, name: string, value: string | number): string {
  const url = new URL(path, "http://x");
  url.searchParams.set(name, String(value));
  return url.pathname + url.search;
}

/**
 * Handles the Products tab's intents (null for others). Plain forms get post/redirect/get with a
 * toast; fetchers (JavaScript) get JSON. Delete asks first: without `confirmed=yes` the answer is
 * the confirmation step (`&confirmDelete=ID`).
 */
export async function productsTabAction(request: Request, formData: FormData, intent: string, db: DB = sharedDb): Promise<Response | null> {
  if (intent !== PRODUCT_INTENTS.toggleLatest && intent !== PRODUCT_INTENTS.delete) return null;
  const back = safeRedirect(formData.get("redirectTo"), PRODUCTS_TAB_URL);
  if (intent === PRODUCT_INTENTS.toggleLatest) {
    const submission = parseWithZod(formData, { schema: ToggleFormSchema });
    if (submission.status !== "success") {
      return respond(request, {
        redirectTo: back,
        status: 400,
        toast: { title: PRODUCT_TEXT.toggleFailed, type: "error" },
      });
    }
    try {
      const done = await setLatestCollection(db, submission.value.productId, submission.value.isLatestCollection === "true", await requestActor(request));
      const title = done.isLatestCollection ? PRODUCT_TEXT.addedToLatest : PRODUCT_TEXT.removedFromLatest;
      return respond(request, {
        redirectTo: back,
        toast: { title, description: done.title, type: "success" },
      });
    } catch (error) {
      if (!(error instanceof DomainError)) console.error("Latest collection toggle failed:", error);
      const status = error instanceof DomainError ? error.status : 500;
      return respond(request, {
        redirectTo: back,
        status,
        toast: { title: PRODUCT_TEXT.toggleFailed, type: "error" },
      });
    }
  }
  const submission = parseWithZod(formData, { schema: DeleteFormSchema });
  if (submission.status !== "success") {
    return respond(request, {
      redirectTo: back,
      status: 400,
      toast: { title: PRODUCT_TEXT.deleteFailed, type: "error" },
    });
  }
  const { productId, confirmed } = submission.value;
  if (confirmed !== "yes") return redirect(withParam(back, "confirmDelete", productId));
  try {
    const done = await deleteProduct(db, productId, await requestActor(request));
    return respond(request, {
      redirectTo: back,
      toast: {
        title: PRODUCT_TEXT.deleted,
        description: done.title,
        type: "success",
      },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) console.error("Product delete failed:", error);
    const status = error instanceof DomainError ? error.status : 500;
    return respond(request, {
      redirectTo: back,
      status,
      toast: { title: PRODUCT_TEXT.deleteFailed, type: "error" },
    });
  }
}
