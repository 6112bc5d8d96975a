import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { DISCOUNT_ADMIN_TEXT } from "~/domain/discounts/admin-texts";
import { discountJson, getDiscount, updateDiscount } from "~/domain/discounts/admin.server";
import { discountPatchSchema } from "~/domain/discounts/schemas";
import { db } from "~/lib/db.server";
import { discountApiError } from "~/web/admin/discounts-tab.server";
import { requireApiAdmin, requireApiAdminActor } from "~/web/guards.server";
import { apiAction, apiHandler, jsonError, parseJsonBody, requireIdParam } from "~/web/http.server";

const NO_STORE = { "Cache-Control": "no-store" };
const NOT_FOUND = DISCOUNT_ADMIN_TEXT.unknownDiscount;

/** GET /api/admin/discounts/{id} (admin: 401/403): `{discount}`; 404 for an unknown id. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const discount = await getDiscount(db, requireIdParam(params.id, NOT_FOUND));
    if (!discount) throw jsonError(NOT_FOUND, 404);
    return json({ discount: discountJson(discount) }, { headers: NO_STORE });
  });
}

/**
 * PATCH /api/admin/discounts/{id} with the fields to change (admin: 401/403): 200 `{discount}`;
 * 404 for an unknown id; 400 `{message, errors}` for bad input, another `code` (a code is never
 * renamed) or `maxUses` below the orders using the code now.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiAction(request, {
    PATCH: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(params.id, NOT_FOUND);
      const current = await getDiscount(db, id);
      if (!current) throw jsonError(NOT_FOUND, 404);
      // A value sent without a type is read for the code's type now.
      const patch = await parseJsonBody(request, discountPatchSchema(current.type));
      try {
        return json({ discount: discountJson(await updateDiscount(db, id, patch, actor)) }, { headers: NO_STORE });
      } catch (error) {
        return discountApiError(error);
      }
    },
  });
}
