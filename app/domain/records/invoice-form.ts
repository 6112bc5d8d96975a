import { type FieldConstraint } from "~/lib/field-constraint";

/** The admin order page's 'Issue invoice' form. */
export const ADMIN_INVOICE_INTENT = "invoice-issue";

/** The admin order page's invoice card: the issued invoice's link, or the form while one may be issued. */
export interface AdminInvoiceCardData {
  issued: { number: string; url: string } | null;
  /** Paid and within the three months: the form is shown. */
  open: boolean;
  prefill: { buyerName: string; address: string };
  constraints: Record<"buyerName" | "address" | "taxId", FieldConstraint>;
}

/** What the page's action answers a refused 'Issue invoice' with (shown on the form and as a toast). */
export interface AdminInvoiceReply {
  intent: typeof ADMIN_INVOICE_INTENT;
  result?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null };
  failure?: { title: string; description?: string; type: "error" } | null;
}
