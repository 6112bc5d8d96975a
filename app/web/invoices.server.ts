import { json } from "@remix-run/node";
import { z } from "zod";
import { requestActor } from "~/web/actor.server";
import { requireApiAdminActor } from "~/web/guards.server";
import { apiAction, parseJsonBody, requireIdParam } from "~/web/http.server";
import { requireApiOrder } from "~/web/order-pages.server";
import { InvoiceRequestSchema } from "~/domain/records/invoice-schemas";
import { type IssuedInvoice, issueInvoice } from "~/domain/records/invoices.server";
import { db } from "~/lib/db.server";

/*
 * The two doors of an invoice request: the buyer's (whoever may read the order, a guest by the
 * order's token in the body or the query) and the owner's. Both answer 201 for a new invoice and
 * 200 with the same invoice for a second request.
 */

const BuyerInvoiceSchema = InvoiceRequestSchema.extend({ token: z.string().max(200).nullish() });

function answer(result: { created: boolean; invoice: IssuedInvoice }): Response {
  const { id, number, url } = result.invoice;
  return json({ id, number, url }, { status: result.created ? 201 : 200, headers: { "Cache-Control": "no-store" } });
}

/** POST /api/orders/{orderId}/invoice: 404 for anyone who may not read the order. */
export function buyerInvoiceAction(request: Request, orderIdParam: string | undefined): Promise<Response> {
  return apiAction(request, {
    POST: async () => {
      const input = await parseJsonBody(request, BuyerInvoiceSchema);
      const token = input.token ?? new URL(request.url).searchParams.get("token");
      const order = await requireApiOrder(request, orderIdParam, token);
      return answer(await issueInvoice(db, order.id, input, { actor: await requestActor(request) }));
    },
  });
}

/** POST /api/admin/orders/{orderId}/invoice (admin only: 401/403). */
export function adminInvoiceAction(request: Request, orderIdParam: string | undefined): Promise<Response> {
  return apiAction(request, {
    POST: async () => {
      const actor = await requireApiAdminActor(request);
      const id = requireIdParam(orderIdParam, "Order not found");
      const input = await parseJsonBody(request, InvoiceRequestSchema);
      return answer(await issueInvoice(db, id, input, { actor }));
    },
  });
}
