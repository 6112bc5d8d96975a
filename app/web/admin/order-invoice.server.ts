import { shopDay } from "~/domain/common/shop-time";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { countryName } from "~/domain/common/countries";
import { type OrderView } from "~/domain/orders/orders.server";
import { ADMIN_INVOICE_INTENT, type AdminInvoiceCardData, type AdminInvoiceReply } from "~/domain/records/invoice-form";
import { InvoiceRequestSchema } from "~/domain/records/invoice-schemas";
import { findOrderInvoice, invoiceDeadline, issueInvoice } from "~/domain/records/invoices.server";
import { DomainError } from "~/lib/errors";
import { type DB } from "~/lib/sqlite.server";
import { requestActor } from "~/web/actor.server";
import { formConstraints } from "~/web/form-constraints.server";
import { redirectWithToast } from "~/web/toast.server";

const CONSTRAINTS = formConstraints(InvoiceRequestSchema);

/** The invoice card of /admin/orders/{id}: the invoice's link, else the form prefilled from the shipping address. */
export async function loadAdminInvoiceCard(db: DB, view: OrderView): Promise<AdminInvoiceCardData> {
  const issued = await findOrderInvoice(db, view.id);
  const paidAt = view.paidAt ? new Date(view.paidAt) : null;
  const unpaid = view.status === "unpaid" || view.status === "unpaidcancelled";
  const a = view.shippingAddress;
  const address = [[a.addressLine1, a.addressLine2].filter(Boolean).join(", "), [a.postalCode, a.city].filter(Boolean).join(" "), countryName(a.country)].join(
    "\n",
  );
  return {
    issued: issued ? { number: issued.number, url: issued.url } : null,
    open: !issued && paidAt !== null && !unpaid && shopDay(new Date()) <= invoiceDeadline(paidAt),
    prefill: { buyerName: `${a.firstName} ${a.lastName}`.trim(), address },
    constraints: CONSTRAINTS,
  };
}

function refused(reply: Omit<AdminInvoiceReply, "intent">, status: number): Response {
  return json<AdminInvoiceReply>({ intent: ADMIN_INVOICE_INTENT, ...reply }, { status });
}

/**
 * The owner's 'Issue invoice' (the page's guard has run): field errors and refusals come back as
 * action data beside the form, an issued invoice goes back to the page with a toast.
 */
export async function adminInvoiceFormAction(request: Request, formData: FormData, orderId: number, page: string, db: DB): Promise<Response> {
  const submission = parseWithZod(formData, { schema: InvoiceRequestSchema });
  if (submission.status !== "success") {
    return refused(
      { result: submission.reply(), failure: { title: "Invoice not issued", description: "Please correct the fields below.", type: "error" } },
      400,
    );
  }
  try {
    const { created, invoice } = await issueInvoice(db, orderId, submission.value, { actor: await requestActor(request) });
    const title = created ? "Invoice issued" : "Invoice already issued";
    return redirectWithToast(page, { title, description: invoice.number, type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refused(
      { result: submission.reply(error.toConform()), failure: { title: "Invoice not issued", description: error.message, type: "error" } },
      error.status,
    );
  }
}
