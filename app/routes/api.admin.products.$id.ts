import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { productApiError } from "~/web/admin/product-editor.server";
import { LatestCollectionSchema, UpdateProductSchema } from "~/domain/catalogue/product-schemas";
import { PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import { getAdminProduct } from "~/domain/catalogue/admin-products.server";
import { deleteProduct, setLatestCollection, updateProduct } from "~/domain/catalogue/products-write.server";
import { requireApiAdmin, requireApiAdminActor } from "~/web/guards.server";
import { db } from "~/lib/db.server";
import { apiAction, apiHandler, jsonError, parseJsonBody, requireIdParam } from "~/web/http.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/admin/products/{id} (admin only: 401/403) → the product; 404 for an unknown id. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const id = requireIdParam(params.id, PRODUCT_TEXT.notFound);
    const product = await getAdminProduct(db, id);
    if (!product) throw jsonError(PRODUCT_TEXT.notFound, 404);
    return json(product, { headers: NO_STORE });
  });
}

/**
 * PUT (the edit form's schema; `existingImages` lists the stored images to keep, all when left
 * out), PATCH `{isLatestCollection}`, DELETE. Admin only; 404 for an unknown id.
 */
export function action({ request, params }: ActionFunctionArgs) {
  const withId = async () => {
    const actor = await requireApiAdminActor(request);
    return { id: requireIdParam(params.id, PRODUCT_TEXT.notFound), actor };
  };
  return apiAction(request, {
    PUT: async () => {
      const { id, actor } = await withId();
      const input = await parseJsonBody(request, UpdateProductSchema);
      try {
        await updateProduct(db, id, input, actor);
        return json(await getAdminProduct(db, id), { headers: NO_STORE });
      } catch (error) {
        return productApiError(error, PRODUCT_TEXT.updateFailed);
      }
    },
    PATCH: async () => {
      const { id, actor } = await withId();
      const input = await parseJsonBody(request, LatestCollectionSchema);
      try {
        return json(await setLatestCollection(db, id, input.isLatestCollection, actor), { headers: NO_STORE });
      } catch (error) {
        return productApiError(error, PRODUCT_TEXT.toggleFailed);
      }
    },
    DELETE: async () => {
      const { id, actor } = await withId();
      try {
        const done = await deleteProduct(db, id, actor);
        return json({ message: PRODUCT_TEXT.deleted, id: done.id }, { headers: NO_STORE });
      } catch (error) {
        return productApiError(error, PRODUCT_TEXT.deleteFailed);
      }
    },
  });
}
