import { INVOICE_INTENT, type DetailsPageData } from "~/domain/orders/page-data";
import { useI18n } from "~/i18n/context";

type InvoiceSection = NonNullable<Extract<DetailsPageData, { state: "ok" }>["invoice"]>;
type Result = InvoiceSection["result"];

function fieldError(result: Result, name: string): string | undefined {
  return result?.error?.[name]?.[0] ?? undefined;
}

function sent(result: Result, name: string, fallback: string): string {
  const v = result?.initialValue?.[name];
  return typeof v === "string" ? v : fallback;
}

/** 'Request an invoice' on the buyer's order page: a plain form (works without JavaScript); once issued, the invoice's link. */
export function InvoiceRequest({ invoice, self, result }: { invoice: InvoiceSection | undefined; self: string; result: Result }) {
  const i18n = useI18n();
  const { t, text } = i18n;
  if (!invoice || (!invoice.issued && !invoice.open)) return null;
  const c = invoice.constraints;
  const formError = result?.error?.[""]?.[0];
  const field = (name: "buyerName" | "address" | "taxId", label: string, multiline = false) => {
    const error = fieldError(result, name);
    const id = `invoice-${name}`;
    const props = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined, ...c[name] };
    const value = sent(result, name, name === "taxId" ? "" : invoice.prefill[name]);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {multiline ? <textarea rows={3} defaultValue={value} {...props} /> : <input type="text" defaultValue={value} {...props} />}
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {text(error)}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section className="order-card order-invoice" aria-labelledby="invoice-title">
      <h2 id="invoice-title">{t("orders.invoice.title")}</h2>
      {invoice.issued ? (
        <p>
          <a href={invoice.issued.url}>{t("orders.invoice.link", { number: invoice.issued.number })}</a>
        </p>
      ) : (
        <form method="post" action={i18n.path(self)} className="invoice-form" noValidate={false}>
          <p className="muted small">{t("orders.invoice.intro")}</p>
          {formError ? (
            <p className="field-error" role="alert">
              {text(formError)}
            </p>
          ) : null}
          <input type="hidden" name="intent" value={INVOICE_INTENT} />
          {field("buyerName", t("orders.invoice.name"))}
          {field("address", t("orders.invoice.address"), true)}
          {field("taxId", t("orders.invoice.taxId"))}
          <button type="submit" className="button">
            {t("orders.invoice.submit")}
          </button>
        </form>
      )}
    </section>
  );
}
