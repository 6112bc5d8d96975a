import { Form, useActionData } from "@remix-run/react";
import { useToastEffect } from "~/components/ui/toaster";
import { Alert, Field } from "~/components/ui/field";
import { ADMIN_INVOICE_INTENT, type AdminInvoiceCardData, type AdminInvoiceReply } from "~/domain/records/invoice-form";

function useInvoiceReply(): AdminInvoiceReply | null {
  const data = useActionData() as AdminInvoiceReply | undefined;
  const reply = data && typeof data === "object" && data.intent === ADMIN_INVOICE_INTENT ? data : null;
  useToastEffect(reply?.failure ?? null);
  return reply;
}

/**
 * The admin order page's invoice card: the issued invoice's link, or for a paid order within the
 * three months the 'Issue invoice' form prefilled with the shipping name and address.
 */
export function AdminInvoiceCard({ invoice }: { invoice: AdminInvoiceCardData }) {
  const reply = useInvoiceReply();
  if (!invoice.issued && !invoice.open) return null;
  const sent = reply?.result?.initialValue;
  const value = (name: "buyerName" | "address" | "taxId", stored: string) => {
    if (!sent) return stored;
    const v = sent[name];
    return typeof v === "string" ? v : "";
  };
  const error = (name: string) => reply?.result?.error?.[name]?.[0] ?? undefined;
  const formError = error("");
  const addressError = error("address");
  const c = invoice.constraints;
  return (
    <section className="order-card admin-invoice" aria-labelledby="admin-invoice-title" data-testid="admin-invoice">
      <h2 id="admin-invoice-title">Invoice</h2>
      {invoice.issued ? (
        <p>
          <a href={invoice.issued.url}>{`Invoice ${invoice.issued.number}`}</a>
        </p>
      ) : (
        <Form method="post" className="form-stack admin-invoice-form" preventScrollReset key={JSON.stringify(sent ?? null)}>
          <p className="muted small">Issue the invoice the buyer asked for (a tax id makes it a business invoice).</p>
          {formError ? <Alert title="Invoice not issued">{formError}</Alert> : null}
          <input type="hidden" name="intent" value={ADMIN_INVOICE_INTENT} />
          <Field
            name="buyerName"
            label="Buyer name"
            idPrefix="invoice-"
            {...c.buyerName}
            defaultValue={value("buyerName", invoice.prefill.buyerName)}
            error={error("buyerName")}
          />
          <div className="field">
            <label htmlFor="invoice-address">Buyer address</label>
            <textarea
              id="invoice-address"
              name="address"
              rows={3}
              {...c.address}
              defaultValue={value("address", invoice.prefill.address)}
              aria-invalid={addressError ? true : undefined}
              aria-describedby={addressError ? "invoice-address-error" : undefined}
            />
            {addressError ? (
              <p className="field-error" id="invoice-address-error">
                {addressError}
              </p>
            ) : null}
          </div>
          <Field
            name="taxId"
            label="Tax id (NIP or EU VAT id, optional)"
            idPrefix="invoice-"
            {...c.taxId}
            defaultValue={value("taxId", "")}
            error={error("taxId")}
            autoComplete="off"
          />
          <button type="submit" className="button button-block">
            Issue invoice
          </button>
        </Form>
      )}
    </section>
  );
}
