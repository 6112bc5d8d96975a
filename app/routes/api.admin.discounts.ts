import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { createDiscount, discountJson, listDiscounts } from "~/domain/discounts/admin.server";
import { DiscountCreateSchema } from "~/domain/discounts/schemas";
import { db } from "~/lib/db.server";
import { discountApiError } from "~/web/admin/discounts-tab.server";
import { requireApiAdmin, requireApiAdminActor } from "~/web/guards.server";
import { apiAction, apiHandler, parseJsonBody } from "~/web/http.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/admin/discounts (admin: 401/403): `{discounts}`, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json({ discounts: (await listDiscounts(db)).map(discountJson) }, { headers: NO_STORE });
  });
}

/**
 * POST /api/admin/discounts `{code, type, value, minSubtotal?, startsAt?, endsAt?, maxUses?,
 * oncePerEmail?, public?, active?}` (admin: 401/403): 201 `{discount}`; 400 `{message, errors}`
 * for bad input, 409 when the code exists.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const actor = await requireApiAdminActor(request);
      const input = await parseJsonBody(request, DiscountCreateSchema);
      try {
        const discount = await createDiscount(db, input, actor);
        return json({ discount: discountJson(discount) }, { status: 201, headers: NO_STORE });
      } catch (error) {
        return discountApiError(error);
      }
    },
  });
}
